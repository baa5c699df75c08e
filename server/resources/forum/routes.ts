// Category and Topic route tables (the forum). Replies to a topic are Comments attached to it.
import { endpoint } from '../../http/endpoint';
import { entries, idInNetwork, idsOfNetwork, listing } from '../../http/reply';
import { checkPrivateFilter } from '../blog-posts/service';
import {
  categoryCreateParams, categoryDeleteParams, categoryEntry, categoryGetParams, categoryListParams, categoryPresenter,
  categoryUpdateParams, topicCreateParams, topicDeleteParams, topicEntry, topicFeaturedParams, topicGetParams,
  topicListParams, topicPresenter, topicUpdateParams,
} from './schema';
import { changeCategory, changeTopic, createCategory, createTopic, removeCategory, removeTopic } from './service';
import { getCategories, getTopics, listCategories, listTopics } from './store';

const categoryListing = (order: 'created' | 'alpha', summary: string) =>
  endpoint({
    method: 'GET',
    path: `Category/${order === 'created' ? 'recent' : 'alpha'}`,
    allow: 'anyone',
    summary,
    params: categoryListParams,
    entry: categoryEntry,
    handle: async (ctx, p) => {
      const page = await listCategories(ctx.db, ctx, order, p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, categoryPresenter, page, p.fields);
    },
  });

export const categoryEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Category',
    allow: 'anyone',
    summary: 'One forum category, or several with a repeated id (at most 100).',
    params: categoryGetParams,
    entry: categoryEntry,
    handle: async (ctx, p) => {
      const categories = await getCategories(ctx.db, ctx, idsOfNetwork(ctx, p.id));
      return entries(ctx, categoryPresenter, categories, p.fields, p.id.length === 1);
    },
  }),
  categoryListing('created', 'Forum categories, newest first.'),
  categoryListing('alpha', 'Forum categories by title, A to Z.'),
  endpoint({
    method: 'POST',
    path: 'Category',
    allow: 'admin',
    summary: 'Creates a forum category (administrators).',
    params: categoryCreateParams,
    handle: async (ctx, p) => ({ id: `${ctx.network.id}:Category:${await createCategory(ctx, p)}` }),
  }),
  endpoint({
    method: 'PUT',
    path: 'Category',
    allow: 'admin',
    extension: true,
    summary: 'Renames or redescribes a forum category (administrators).',
    params: categoryUpdateParams,
    handle: async (ctx, p) => {
      await changeCategory(ctx, idInNetwork(ctx, p.id), p);
      return {};
    },
  }),
  endpoint({
    method: 'DELETE',
    path: 'Category',
    allow: 'admin',
    extension: true,
    summary: 'Deletes a forum category (administrators); its topics stay, without a category.',
    params: categoryDeleteParams,
    handle: async (ctx, p) => {
      await removeCategory(ctx, idInNetwork(ctx, p.id));
      return {};
    },
  }),
];

const topicListing = (order: 'created' | 'alpha', summary: string) =>
  endpoint({
    method: 'GET',
    path: `Topic/${order === 'created' ? 'recent' : 'alpha'}`,
    allow: 'anyone',
    summary,
    params: topicListParams,
    entry: topicEntry,
    handle: async (ctx, p) => {
      checkPrivateFilter(ctx, p.private);
      // Category ids are unique across networks: another network's matches no topic here.
      const filters = { ...p, categoryId: p.categoryId?.id };
      const page = await listTopics(ctx.db, ctx, filters, order, p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, topicPresenter, page, p.fields);
    },
  });

export const topicEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Topic',
    allow: 'anyone',
    summary: 'One forum topic, or several with a repeated id (at most 100).',
    params: topicGetParams,
    entry: topicEntry,
    handle: async (ctx, p) => {
      const topics = await getTopics(ctx.db, ctx, idsOfNetwork(ctx, p.id));
      return entries(ctx, topicPresenter, topics, p.fields, p.id.length === 1);
    },
  }),
  topicListing('created', 'Forum topics, newest first; `categoryId`, `author` and `tag` filter them.'),
  topicListing('alpha', 'Forum topics by title, A to Z; `categoryId`, `author` and `tag` filter them.'),
  endpoint({
    method: 'GET',
    path: 'Topic/featured',
    allow: 'anyone',
    summary: 'Featured forum topics, most recently featured first.',
    params: topicFeaturedParams,
    entry: topicEntry,
    handle: async (ctx, p) => {
      const page = await listTopics(ctx.db, ctx, {}, 'featured', p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, topicPresenter, page, p.fields);
    },
  }),
  endpoint({
    method: 'POST',
    path: 'Topic',
    allow: 'member',
    summary: 'Starts a forum topic, optionally in a category; replies are Comments attached to it.',
    params: topicCreateParams,
    handle: async (ctx, p) => ({ id: `${ctx.network.id}:Topic:${await createTopic(ctx, p)}` }),
  }),
  endpoint({
    method: 'PUT',
    path: 'Topic',
    allow: 'member',
    summary: 'Updates a topic (its author or an administrator): `isClosed=true` closes it to replies; a tag set replaces its tags.',
    params: topicUpdateParams,
    handle: async (ctx, p) => {
      await changeTopic(ctx, idInNetwork(ctx, p.id), p);
      return {};
    },
  }),
  endpoint({
    method: 'DELETE',
    path: 'Topic',
    allow: 'member',
    summary: 'Deletes a topic with its replies (its author or an administrator).',
    params: topicDeleteParams,
    handle: async (ctx, p) => {
      await removeTopic(ctx, idInNetwork(ctx, p.id));
      return {};
    },
  }),
];
