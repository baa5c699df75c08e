// BlogPost route table.
import { endpoint } from '../../http/endpoint';
import { idInNetwork } from '../../http/reply';
import { contentReadEndpoints } from '../content/routes';
import { sanitizeDescription } from '../../lib/sanitize';
import {
  blogPostEntry,
  blogPostFilters,
  blogPostPresenter,
  createParams,
  deleteParams,
  previewEntry,
  previewParams,
  updateParams,
} from './schema';
import { changePost, createPost, removePost } from './service';
import { postStore } from './store';

export const blogPostEndpoints = [
  ...contentReadEndpoints({
    type: 'BlogPost',
    noun: 'blog post',
    presenter: blogPostPresenter,
    entry: blogPostEntry,
    store: postStore,
    filters: blogPostFilters,
    count: { summary: 'How many blog posts were created after a date at most one week ago.', createdAfterRequired: true },
  }),
  endpoint({
    method: 'POST',
    path: 'BlogPost',
    allow: 'member',
    summary: 'Creates a blog post.',
    params: createParams,
    restricted: { approved: 'admin' },
    handle: async (ctx, p) => ({ id: `${ctx.network.id}:BlogPost:${await createPost(ctx, p)}` }),
  }),
  endpoint({
    method: 'POST',
    path: 'BlogPost/preview',
    allow: 'member',
    extension: true,
    summary: 'The description as a post would store it, sanitised against the allowlist; nothing is saved.',
    params: previewParams,
    reply: 'entry',
    entry: previewEntry,
    handle: async (_ctx, p) => ({ entry: { description: sanitizeDescription(p.description) } }),
  }),
  endpoint({
    method: 'PUT',
    path: 'BlogPost',
    allow: 'member',
    summary: 'Updates a blog post (its author or an administrator); a tag set replaces its tags.',
    params: updateParams,
    restricted: { approved: 'admin' },
    handle: async (ctx, p) => {
      await changePost(ctx, idInNetwork(ctx, p.id), p);
      return {};
    },
  }),
  endpoint({
    method: 'DELETE',
    path: 'BlogPost',
    allow: 'member',
    summary: 'Deletes a blog post and its comments (its author or an administrator).',
    params: deleteParams,
    handle: async (ctx, p) => {
      await removePost(ctx, idInNetwork(ctx, p.id));
      return {};
    },
  }),
];
