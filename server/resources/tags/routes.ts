// Tag route table: the tags of one item, and the popular tags of the network (our extension).
import { endpoint } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { entries, idInNetwork, listing } from '../../http/reply';
import { findVisibleItem } from '../commentable';
import { itemTagEntry, itemTagPresenter, listParams, popularParams, tagCountEntry, tagCountPresenter, type ItemTag } from './schema';
import { listItemTags } from './store';
import { tagCounts } from './counts';

export const tagEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Tag/list',
    allow: 'anyone',
    summary:
      'Pages through the tags of one content item, in the order they were given; `count` on an entry is how many items ' +
      'the caller can see carry that tag.',
    params: listParams,
    entry: itemTagEntry,
    handle: async (ctx, p) => {
      const item = await findVisibleItem(ctx.db, ctx, p.attachedTo.type, idInNetwork(ctx, p.attachedTo));
      if (!item) throw new ApiError('noSuchItem');
      const page = await listItemTags(ctx.db, ctx, { type: p.attachedTo.type, id: item.id }, p.count, ctx.anchors.decode(p.anchor));
      const counts = new Map((await tagCounts(ctx, ctx, { values: page.rows.map((r) => r.value) })).map((t) => [t.value, t.count]));
      const rows = page.rows.map((r): ItemTag => ({ value: r.value, count: counts.get(r.value) ?? 0, item: { type: r.item_type, id: r.item_id } }));
      return listing(ctx, itemTagPresenter, { ...page, rows }, p.fields);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'Tag/popular',
    allow: 'anyone',
    extension: true,
    summary:
      'The most used tags of the network, for a tag cloud: counted over the items the caller can see, most used first ' +
      '(not paged: `entry` holds at most `count` tags).',
    params: popularParams,
    entry: tagCountEntry,
    handle: async (ctx, p) => entries(ctx, tagCountPresenter, await tagCounts(ctx, ctx, { type: p.type, limit: p.count }), p.fields, false),
  }),
];
