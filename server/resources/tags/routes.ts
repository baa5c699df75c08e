// Tag route table: the tags of one item, and the popular tags of the network (our extension).
import { endpoint } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { entries, idInNetwork, listing } from '../../http/reply';
import { findVisibleItem } from '../commentable';
import { itemTagEntry, itemTagPresenter, listParams, popularParams, tagCountEntry, tagCountPresenter } from './schema';
import { listItemTags, tagCounts } from './store';

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
      if (!item) throw notFound();
      const page = await listItemTags(ctx.db, ctx, { type: p.attachedTo.type, id: item.id }, p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, itemTagPresenter, page, p.fields);
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
    handle: async (ctx, p) => entries(ctx, tagCountPresenter, await tagCounts(ctx.db, ctx, { type: p.type, limit: p.count }), p.fields, false),
  }),
];
