// Parameters and entry shapes of the forum: Category (made by administrators) and Topic (a
// discussion whose replies are Comments attached to it).
import { z } from 'zod';
import { booleanParam, contentIdParam, listingParams, visibilityParam } from '../../http/param-types';
import { isoDate, type PresentContext, type Presenter } from '../../http/fields';
import { personRef, type PersonColumns } from '../users/author-ref';
import { contentEntryStart, contentFields, descriptionParam as description, titleParam as title, type ContentItem } from '../content/schema';

const categoryId = contentIdParam('Category');
const topicId = contentIdParam('Topic');

const fields = z.string().optional();

export const categoryGetParams = z.object({ id: z.array(categoryId), fields });
export const categoryListParams = z.object(listingParams);
export const categoryCreateParams = z.object({ title, description: description.optional() });
export const categoryUpdateParams = z.object({ id: categoryId, title: title.optional(), description: description.optional() });
export const categoryDeleteParams = z.object({ id: categoryId });

/** Topic's own filter, besides the shared ones (content/schema.ts). */
export const topicFilters = { categoryId: categoryId.optional() };

const topicWritable = { title, description, categoryId, tag: z.array(z.string()), visibility: visibilityParam };
export const topicCreateParams = z.object(topicWritable).partial().required({ title: true });
export const topicUpdateParams = z
  .object({ id: topicId, ...topicWritable, isClosed: booleanParam, approved: booleanParam })
  .partial()
  .required({ id: true });
export const topicDeleteParams = z.object({ id: topicId });

export const categoryEntry = z
  .object({
    id: z.string(),
    author: z.string(),
    createdDate: z.iso.datetime(),
    updatedDate: z.iso.datetime(),
    title: z.string(),
    description: z.string(),
    topicCount: z.number().int().meta({ description: 'topics in the category that the caller may see' }),
    url: z.string(),
  })
  .meta({ title: 'Category' });

export const topicEntry = z
  .object({
    ...contentEntryStart,
    title: z.string(),
    description: z.string(),
    visibility: visibilityParam,
    approved: z.boolean(),
    isClosed: z.boolean().meta({ description: 'a closed topic takes no more replies' }),
    categoryId: z.string().nullable(),
    commentCount: z.number().int(),
    url: z.string(),
    topTags: z.array(z.string()),
  })
  .meta({ title: 'Topic' });

export interface CategoryItem {
  id: number;
  title: string;
  description: string;
  created_at: number;
  updated_at: number;
  author: PersonColumns;
  topicCount: number;
}

export interface TopicItem extends ContentItem {
  network_id: number;
  category_id: number | null;
  category_title: string | null;
  is_closed: number;
}

const contentId = (ctx: PresentContext, type: string, id: number) => `${ctx.networkId}:${type}:${id}`;
/** The page of a category or a topic in the web app. */
const forumUrl = (ctx: PresentContext, kind: 'categories' | 'topics', id: string) =>
  `${ctx.origin}/n/${ctx.networkSubdomain}/forum/${kind}/${encodeURIComponent(id)}`;
export const topicUrl = (ctx: PresentContext, id: number) => forumUrl(ctx, 'topics', contentId(ctx, 'Topic', id));

export const categoryPresenter: Presenter<CategoryItem> = {
  fields: {
    id: (c, ctx) => contentId(ctx, 'Category', c.id),
    author: (c) => c.author.screenName,
    createdDate: (c) => isoDate(c.created_at),
    updatedDate: (c) => isoDate(c.updated_at),
    title: (c) => c.title,
    description: (c) => c.description,
    topicCount: (c) => c.topicCount,
    url: (c, ctx) => forumUrl(ctx, 'categories', contentId(ctx, 'Category', c.id)),
  },
  refs: { author: personRef((c) => c.author) },
  defaults: [
    'id', 'author', 'createdDate', 'updatedDate', 'title', 'description', 'topicCount', 'url',
    'author.fullName', 'author.iconUrl', 'author.url',
  ],
};

const categoryOf = (t: TopicItem) => (t.category_id === null ? null : `${t.network_id}:Category:${t.category_id}`);

export const topicPresenter: Presenter<TopicItem> = {
  fields: {
    ...contentFields('Topic', topicUrl),
    isClosed: (t) => t.is_closed === 1,
    categoryId: categoryOf,
    topTags: (t) => t.tags,
  },
  refs: {
    author: personRef((t) => t.author),
    // `categoryId.title` and `.url` go into `resources` under the category's id.
    categoryId: {
      key: categoryOf,
      sub: {
        title: (t) => t.category_title,
        url: (t, ctx) => forumUrl(ctx, 'categories', categoryOf(t)!),
      },
    },
  },
  defaults: [
    'id', 'author', 'createdDate', 'updatedDate', 'featuredDate', 'title', 'description', 'visibility', 'approved',
    'isClosed', 'categoryId', 'commentCount', 'url', 'topTags',
    'author.fullName', 'author.iconUrl', 'author.url', 'categoryId.title', 'categoryId.url',
  ],
};
