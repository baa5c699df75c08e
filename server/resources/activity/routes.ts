// Activity route table: the network's feed, its count, single events, and removal by
// administrators.
import { recordAudit } from '../audit/store';
import { announce, committed } from '../../lib/changes';
import { endpoint } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { entries, listing, MAX_IDS } from '../../http/reply';
import { activityEntry, activityPresenter, countParams, deleteParams, getParams, recentParams } from './schema';
import { countActivity, deleteActivity, getActivity, listActivity } from './store';

export const activityEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Activity',
    allow: 'anyone',
    entry: activityEntry,
    summary: 'One event, or several with a repeated id (at most 100); ids are urn:uuid:... or <networkId>:Activity:<n>.',
    params: getParams,
    handle: async (ctx, p) => {
      if (p.id.length > MAX_IDS) throw new ApiError('tooManyIds', `At most ${MAX_IDS} ids per request.`);
      return entries(ctx, activityPresenter, await getActivity(ctx.db, ctx, p.id), p.fields, p.id.length === 1);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'Activity/recent',
    allow: 'anyone',
    entry: activityEntry,
    summary: "The network's activity feed, newest first: only events about what the caller may see.",
    params: recentParams,
    handle: async (ctx, p) => {
      const page = await listActivity(ctx.db, ctx, p, p.count, ctx.anchors.decode(p.anchor), ctx.kept);
      return listing(ctx, activityPresenter, page, p.fields);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'Activity/count',
    allow: 'anyone',
    summary: 'How many events of the feed the caller would see, optionally since createdAfter, by author or of some types.',
    params: countParams,
    handle: async (ctx, p) => ({ count: await countActivity(ctx.db, ctx, p) }),
  }),
  endpoint({
    method: 'DELETE',
    path: 'Activity',
    allow: 'admin',
    summary: 'Removes an event from the feed (administrators); the content it is about stays.',
    params: deleteParams,
    handle: async (ctx, p) => {
      const [event] = await getActivity(ctx.db, ctx, [p.id]);
      if (!event) throw new ApiError('noSuchItem');
      await committed(ctx, async (tx) => {
        await recordAudit(tx, ctx, {
          action: 'delete',
          type: 'Activity',
          title: event.title ?? event.type,
          detail: { activity: `urn:uuid:${event.uuid}`, type: event.type },
        });
        await deleteActivity(tx, event.id);
        announce(tx, { networkId: ctx.network.id, kind: 'Activity', id: event.id, op: 'deleted' });
      });
      return {};
    },
  }),
];
