// Category and Topic route tables (the forum). Replies to a topic are Comments attached to it.
import { endpoint } from '../../http/endpoint';
import { entries, idInNetwork, idsOfNetwork, listing } from '../../http/reply';
import { contentReadEndpoints } from '../content/routes';
import {
  categoryCreateParams, categoryDeleteParams, categoryEntry, categoryGetParams, categoryListParams, categoryPresenter,
  categoryUpdateParams, topicCreateParams, topicDeleteParams, topicEntry, topicFilters, topicPresenter, topicUpdateParams,
} from './schema';
import { changeCategory, changeTopic, createCategory, createTopic, removeCategory, removeTopic } from './service';
import { getCategories, listCategories, topicStore } from './store';

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

export const topicEndpoints = [
  ...contentReadEndpoints({
    type: 'Topic',
    noun: 'forum topic',
    presenter: topicPresenter,
    entry: topicEntry,
    store: topicStore,
    filters: topicFilters,
    listings: [
      { path: 'recent', order: 'created', summary: 'Forum topics, newest first; `categoryId`, `author` and `tag` filter them.' },
      { path: 'alpha', order: 'alpha', summary: 'Forum topics by title, A to Z; `categoryId`, `author` and `tag` filter them.' },
    ],
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
    restricted: { approved: 'admin' },
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
