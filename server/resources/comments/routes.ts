// Comment route table.
import { endpoint } from '../../http/endpoint';
import { idInNetwork, listing } from '../../http/reply';
import { commentEntry, commentPresenter, createParams, deleteParams, featuredParams, recentParams, updateParams } from './schema';
import { addComment, changeComment, commentsOfItem, removeComment } from './service';
import { listFeaturedComments } from './store';

export const commentEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Comment/recent',
    allow: 'anyone',
    summary: 'Comments of one content item, newest first.',
    params: recentParams,
    entry: commentEntry,
    handle: async (ctx, p) => listing(ctx, commentPresenter, await commentsOfItem(ctx, p), p.fields),
  }),
  endpoint({
    method: 'GET',
    path: 'Comment/featured',
    allow: 'anyone',
    summary: 'Featured comments, most recently featured first.',
    params: featuredParams,
    entry: commentEntry,
    handle: async (ctx, p) => listing(ctx, commentPresenter, await listFeaturedComments(ctx.db, ctx, p.count, ctx.anchors.decode(p.anchor)), p.fields),
  }),
  endpoint({
    method: 'POST',
    path: 'Comment',
    allow: 'member',
    summary: 'Comments on a content item.',
    params: createParams,
    handle: async (ctx, p) => ({ id: `${ctx.network.id}:Comment:${await addComment(ctx, p)}` }),
  }),
  endpoint({
    method: 'PUT',
    path: 'Comment',
    allow: 'member',
    summary: 'Changes a comment: its author edits the description; administrators set approved.',
    params: updateParams,
    restricted: { approved: 'admin' },
    handle: async (ctx, p) => {
      await changeComment(ctx, idInNetwork(ctx, p.id), p);
      return {};
    },
  }),
  endpoint({
    method: 'DELETE',
    path: 'Comment',
    allow: 'member',
    summary: 'Deletes a comment (its author, the author of the item, or an administrator).',
    params: deleteParams,
    handle: async (ctx, p) => {
      await removeComment(ctx, idInNetwork(ctx, p.id));
      return {};
    },
  }),
];
