// Parameters of BlogPost's writes (its reads are content/routes.ts's) and its entry shape.
import { z } from 'zod';
import { booleanParam, contentIdParam, parseDate, visibilityParam } from '../../http/param-types';
import { fail } from '../../http/params';
import { isoDate, type PresentContext, type Presenter } from '../../http/fields';
import { personRef } from '../users/author-ref';
import { contentEntryBody, contentEntryStart, contentFields, descriptionParam, titleParam, type ContentItem } from '../content/schema';

const blogPostId = contentIdParam('BlogPost');

const publishTime = z
  .string()
  .transform((v, ctx) =>
    v.trim().toLowerCase() === 'now' ? ('now' as const) : (parseDate(v) ?? fail(ctx, 'invalidValue', 'must be now or an ISO-8601 date')),
  );

/** A post must have a title: a blank or whitespace-only one is refused (4-3). */
const postTitle = titleParam.refine((title) => title.trim() !== '', { error: 'must not be blank' });

const writable = {
  title: postTitle,
  description: descriptionParam,
  tag: z.array(z.string()),
  publishStatus: z.enum(['draft', 'queued', 'publish']),
  publishTime,
  visibility: visibilityParam,
  approved: booleanParam,
};

/** BlogPost's own filter of listings and counts (our extension): an author's drafts, queued or published posts. */
export const blogPostFilters = {
  publishStatus: z
    .enum(['draft', 'queued', 'publish'])
    .optional()
    .meta({ description: 'our extension: only posts in this state as read now (draft, queued = scheduled, publish = out); another member’s drafts and queued posts are never listed' }),
};

export const createParams = z.object(writable).partial().required({ title: true });
export const updateParams = z.object({ id: blogPostId, ...writable }).partial().required({ id: true });
export const deleteParams = z.object({ id: blogPostId });

/** What a writer previews: the description as readers would get it. */
export const previewParams = z.object({ description: descriptionParam });
export const previewEntry = z.object({ description: z.string().meta({ description: 'the sanitised HTML' }) });

export const blogPostEntry = z
  .object({
    ...contentEntryStart,
    publishTime: z.iso.datetime(),
    publishStatus: z.enum(['draft', 'queued', 'publish']),
    ...contentEntryBody,
  })
  .meta({ title: 'BlogPost' });

export interface BlogPostItem extends ContentItem {
  publish_status: 'draft' | 'publish';
  publish_time: number;
}

/** What a post's status reads as now: a published post whose time has not come is queued. */
export const publishStatusAt = (post: BlogPostItem, now: number) =>
  post.publish_status === 'publish' && post.publish_time > now ? 'queued' : post.publish_status;

/** The post's page in the web app. */
export const blogPostUrl = (ctx: PresentContext, id: number) =>
  `${ctx.origin}/n/${ctx.networkSubdomain}/blog/${encodeURIComponent(`${ctx.networkId}:BlogPost:${id}`)}`;

export const blogPostPresenter: Presenter<BlogPostItem> = {
  fields: {
    ...contentFields('BlogPost', blogPostUrl),
    publishTime: (p) => isoDate(p.publish_time),
    publishStatus: (p, ctx) => publishStatusAt(p, ctx.now),
    topTags: (p) => p.tags,
  },
  refs: { author: personRef((p) => p.author) },
  // A scheduled post reads as queued until its time comes.
  changesAt: (p, now) => (p.publish_status === 'publish' && p.publish_time > now ? p.publish_time : null),
  defaults: [
    'id', 'author', 'createdDate', 'updatedDate', 'featuredDate', 'publishTime', 'publishStatus', 'title',
    'description', 'visibility', 'approved', 'commentCount', 'url', 'topTags',
    'author.fullName', 'author.iconUrl', 'author.url',
  ],
};
