// The parameters and entry pieces every content type (BlogPost, Photo, Video, Topic) shares:
// title and description limits, the filters of listings and counts, the first fields of an
// entry and the presenter fields read alike from every item.
import { z } from 'zod';
import type { Visibility } from '../../db/schema';
import { isoDate, type PresentContext, type Presenter } from '../../http/fields';
import { booleanParam, visibilityParam } from '../../http/param-types';
import type { PersonColumns } from '../users/author-ref';

export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 100_000;

/** The title and the description (HTML, sanitised on the way in) items are written with. */
export const titleParam = z.string().max(MAX_TITLE, { error: `may have at most ${MAX_TITLE} characters` });
export const descriptionParam = z.string().max(MAX_DESCRIPTION, { error: `may have at most ${MAX_DESCRIPTION} characters` });

/** The filter parameters of listings and counts. */
export const filterParams = {
  author: z.string().optional(),
  private: booleanParam.optional(),
  approved: booleanParam.optional(),
  tag: z.string().optional(),
};

/** The fields every content entry starts with; each type's own follow. */
export const contentEntryStart = {
  id: z.string(),
  author: z.string(),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
  featuredDate: z.iso.datetime().nullable(),
};

/** The fields that follow, in this order, for posts and photos. */
export const contentEntryBody = {
  title: z.string(),
  description: z.string(),
  visibility: visibilityParam,
  approved: z.boolean(),
  commentCount: z.number().int(),
  url: z.string(),
  topTags: z.array(z.string()),
};

/** What the presenters read from every content item: its row, author, tags and number of comments. */
export interface ContentItem {
  id: number;
  title: string;
  description: string;
  visibility: Visibility;
  approved: number;
  featured_at: number | null;
  created_at: number;
  updated_at: number;
  author: PersonColumns;
  tags: string[];
  commentCount: number;
}

/** The presenter fields every content type reads alike; `url` is the item's page in the web app. */
export function contentFields(type: string, url: (ctx: PresentContext, id: number) => string): Presenter<ContentItem>['fields'] {
  return {
    id: (item, ctx) => `${ctx.networkId}:${type}:${item.id}`,
    author: (item) => item.author.screenName,
    createdDate: (item) => isoDate(item.created_at),
    updatedDate: (item) => isoDate(item.updated_at),
    featuredDate: (item) => isoDate(item.featured_at),
    title: (item) => item.title,
    description: (item) => item.description,
    visibility: (item) => item.visibility,
    approved: (item) => item.approved === 1,
    commentCount: (item) => item.commentCount,
    url: (item, ctx) => url(ctx, item.id),
  };
}
