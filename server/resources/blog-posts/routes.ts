// BlogPost route table.
import { endpoint } from '../../http/endpoint';
import { entries, idInNetwork, idsOfNetwork, listing } from '../../http/reply';
import { blogPostEntry, blogPostPresenter, countParams, createParams, deleteParams, featuredParams, getParams, recentParams, updateParams } from './schema';
import { changePost, checkCreatedAfter, checkPrivateFilter, createPost, removePost } from './service';
import { countPosts, getPosts, listPosts } from './store';

export const blogPostEndpoints = [
  endpoint({
    method: 'GET',
    path: 'BlogPost',
    allow: 'anyone',
    summary: 'One blog post, or several with a repeated id (at most 100).',
    params: getParams,
    entry: blogPostEntry,
    handle: async (ctx, p) => {
      const posts = await getPosts(ctx.db, ctx, idsOfNetwork(ctx, p.id));
      return entries(ctx, blogPostPresenter(ctx.now), posts, p.fields, p.id.length === 1);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'BlogPost/recent',
    allow: 'anyone',
    summary: 'Blog posts, newest first.',
    params: recentParams,
    entry: blogPostEntry,
    handle: async (ctx, p) => {
      checkPrivateFilter(ctx, p.private);
      const page = await listPosts(ctx.db, ctx, p, 'created', p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, blogPostPresenter(ctx.now), page, p.fields);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'BlogPost/featured',
    allow: 'anyone',
    summary: 'Featured blog posts, most recently featured first.',
    params: featuredParams,
    entry: blogPostEntry,
    handle: async (ctx, p) => {
      const page = await listPosts(ctx.db, ctx, { featured: true }, 'featured', p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, blogPostPresenter(ctx.now), page, p.fields);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'BlogPost/count',
    allow: 'anyone',
    summary: 'How many blog posts were created after a date at most one week ago.',
    params: countParams,
    handle: async (ctx, p) => {
      checkPrivateFilter(ctx, p.private);
      checkCreatedAfter(ctx, p.createdAfter);
      return { count: await countPosts(ctx.db, ctx, p) };
    },
  }),
  endpoint({
    method: 'POST',
    path: 'BlogPost',
    allow: 'member',
    summary: 'Creates a blog post.',
    params: createParams,
    handle: async (ctx, p) => ({ id: `${ctx.network.id}:BlogPost:${await createPost(ctx, p)}` }),
  }),
  endpoint({
    method: 'PUT',
    path: 'BlogPost',
    allow: 'member',
    summary: 'Updates a blog post (its author or an administrator); a tag set replaces its tags.',
    params: updateParams,
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
