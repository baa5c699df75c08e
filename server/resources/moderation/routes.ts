// ModerationQueue route table (our extension): what awaits approval, for administrators.
import { endpoint } from '../../http/endpoint';
import { listing } from '../../http/reply';
import { countParams, decideParams, decisionEntry, listParams, queueEntry, queuePresenter } from './schema';
import { decide, type Decision } from './decide';
import { countQueue, listQueue, queueTypes } from './store';

export const moderationEndpoints = [
  endpoint({
    method: 'GET',
    path: 'ModerationQueue/list',
    allow: 'admin',
    extension: true,
    summary:
      'Everything awaiting approval (pending members and unapproved content) with a preview of each, newest first ' +
      '(order=oldest: the longest waiting first). Approve or reject a selection with POST ModerationQueue/approve or /reject, ' +
      'or one item with PUT <type>?id=&approved=true and DELETE <type>?id=.',
    params: listParams,
    entry: queueEntry,
    handle: async (ctx, p) => {
      const page = await listQueue(ctx.db, ctx.network.id, p.type ?? queueTypes, p.order, p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, queuePresenter, page, p.fields);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'ModerationQueue/count',
    allow: 'admin',
    extension: true,
    summary: 'How many items and members await approval.',
    params: countParams,
    handle: async (ctx, p) => ({ count: await countQueue(ctx.db, ctx.network.id, p.type ?? queueTypes) }),
  }),
  ...(['approve', 'reject'] as Decision[]).map((decision) =>
    endpoint({
      method: 'POST',
      path: `ModerationQueue/${decision}`,
      allow: 'admin',
      extension: true,
      summary:
        decision === 'approve'
          ? 'Approves a selection of queued items and members, each on its own: the reply gives each id’s result (an item no longer waiting is 409, 6-2).'
          : 'Rejects (deletes) a selection of queued items and pending members, each on its own: the reply gives each id’s result (an item no longer waiting is 409, 6-2, and stays).',
      params: decideParams,
      reply: 'entry',
      entry: decisionEntry,
      handle: async (ctx, p) => ({ entry: await decide(ctx, decision, p.id) }),
    }),
  ),
];
