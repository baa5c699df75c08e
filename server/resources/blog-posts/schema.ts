// Parameters and entry shape of BlogPost.
import { z } from 'zod';
import { booleanParam, contentIdParam, countParam, dateParam, listingParams, parseDate, visibilityParam } from '../../http/param-types';
import { fail } from '../../http/params';
import { isoDate, type PresentContext, type Presenter } from '../../http/fields';
import { personRef, type PersonColumns } from '../users/author-ref';

export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 100_000;

const blogPostId = contentIdParam('BlogPost');

const filters = {
  author: z.string().optional(),
  private: booleanParam.optional(),
  approved: booleanParam.optional(),
  tag: z.string().optional(),
};

export const getParams = z.object({ id: z.array(blogPostId), fields: z.string().optional() });
export const recentParams = z.object({ ...filters, ...listingParams });
export const featuredParams = z.object(listingParams);
export const countParams = z.object({ ...filters, createdAfter: dateParam });

const publishTime = z
  .string()
  .transform((v, ctx) =>
    v.trim().toLowerCase() === 'now' ? ('now' as const) : (parseDate(v) ?? fail(ctx, 3, 'must be now or an ISO-8601 date')),
  );

const writable = {
  title: z.string().max(MAX_TITLE, { error: `may have at most ${MAX_TITLE} characters` }),
  description: z.string().max(MAX_DESCRIPTION, { error: `may have at most ${MAX_DESCRIPTION} characters` }),
  tag: z.array(z.string()),
  publishStatus: z.enum(['draft', 'queued', 'publish']),
  publishTime,
  visibility: visibilityParam,
  approved: booleanParam,
};

export const createParams = z.object(writable).partial();
export const updateParams = z.object({ id: blogPostId, ...writable }).partial().required({ id: true });
export const deleteParams = z.object({ id: blogPostId });

export { countParam };

export const blogPostEntry = z
  .object({
    id: z.string(),
    author: z.string(),
    createdDate: z.iso.datetime(),
    updatedDate: z.iso.datetime(),
    featuredDate: z.iso.datetime().nullable(),
    publishTime: z.iso.datetime(),
    publishStatus: z.enum(['draft', 'queued', 'publish']),
    title: z.string(),
    description: z.string(),
    visibility: visibilityParam,
    approved: z.boolean(),
    commentCount: z.number().int(),
    url: z.string(),
    topTags: z.array(z.string()),
  })
  .meta({ title: 'BlogPost' });

export interface BlogPostItem {
  id: number;
  title: string;
  description: string;
  publish_status: 'draft' | 'publish';
  publish_time: number;
  visibility: string;
  approved: number;
  featured_at: number | null;
  created_at: number;
  updated_at: number;
  author: PersonColumns;
  tags: string[];
  commentCount: number;
}

/** What a post's status reads as now: a published post whose time has not come is queued. */
export const publishStatusAt = (post: BlogPostItem, now: number) =>
  post.publish_status === 'publish' && post.publish_time > now ? 'queued' : post.publish_status;

/** The post's page in the web app. */
export const blogPostUrl = (ctx: PresentContext, id: number) =>
  `${ctx.origin}/n/${ctx.networkSubdomain}/blog/${encodeURIComponent(`${ctx.networkId}:BlogPost:${id}`)}`;

export function blogPostPresenter(now: number): Presenter<BlogPostItem> {
  return {
    fields: {
      id: (p, ctx) => `${ctx.networkId}:BlogPost:${p.id}`,
      author: (p) => p.author.screenName,
      createdDate: (p) => isoDate(p.created_at),
      updatedDate: (p) => isoDate(p.updated_at),
      featuredDate: (p) => isoDate(p.featured_at),
      publishTime: (p) => isoDate(p.publish_time),
      publishStatus: (p) => publishStatusAt(p, now),
      title: (p) => p.title,
      description: (p) => p.description,
      visibility: (p) => p.visibility,
      approved: (p) => p.approved === 1,
      commentCount: (p) => p.commentCount,
      url: (p, ctx) => blogPostUrl(ctx, p.id),
      topTags: (p) => p.tags,
    },
    refs: { author: personRef((p) => p.author) },
    defaults: [
      'id', 'author', 'createdDate', 'updatedDate', 'featuredDate', 'publishTime', 'publishStatus', 'title',
      'description', 'visibility', 'approved', 'commentCount', 'url', 'topTags',
      'author.fullName', 'author.iconUrl', 'author.url',
    ],
  };
}
