// ModerationQueue route table (our extension): what awaits approval, for administrators.
import { endpoint } from '../../http/endpoint';
import { listing } from '../../http/reply';
import { countParams, listParams, queueEntry, queuePresenter } from './schema';
import { countQueue, listQueue, queueTypes } from './store';

export const moderationEndpoints = [
  endpoint({
    method: 'GET',
    path: 'ModerationQueue/list',
    allow: 'admin',
    extension: true,
    summary:
      'Everything awaiting approval (pending members and unapproved content), the longest waiting first. ' +
      'Approve with PUT <type>?id=&approved=true, reject with DELETE <type>?id=.',
    params: listParams,
    entry: queueEntry,
    handle: async (ctx, p) => {
      const page = await listQueue(ctx.db, ctx.network.id, p.type ?? queueTypes, p.count, ctx.anchors.decode(p.anchor));
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
];
