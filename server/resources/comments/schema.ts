// Parameters and entry shape of Comment.
import { z } from 'zod';
import { anyContentIdParam, booleanParam, contentIdParam, listingParams } from '../../http/param-types';
import { isoDate, type Presenter } from '../../http/fields';
import { personRef, type PersonColumns } from '../users/author-ref';

export const MAX_COMMENT = 4_000;

export const recentParams = z.object({ attachedTo: anyContentIdParam, approved: booleanParam.optional(), ...listingParams });
export const featuredParams = z.object(listingParams);
export const createParams = z.object({
  attachedTo: anyContentIdParam,
  description: z.string().max(MAX_COMMENT, { error: `may have at most ${MAX_COMMENT} characters` }),
});
export const deleteParams = z.object({ id: contentIdParam('Comment') });
export const updateParams = z.object({
  id: contentIdParam('Comment'),
  description: createParams.shape.description.optional().meta({ description: 'the comment author only' }),
  approved: booleanParam.optional().meta({ description: 'administrators only' }),
});

export const commentEntry = z
  .object({
    id: z.string(),
    author: z.string(),
    createdDate: z.iso.datetime(),
    updatedDate: z.iso.datetime(),
    featuredDate: z.iso.datetime().nullable(),
    description: z.string(),
    approved: z.boolean(),
    attachedTo: z.string(),
    attachedToType: z.string(),
    attachedToAuthor: z.string(),
  })
  .meta({ title: 'Comment' });

export interface CommentItem {
  id: number;
  attached_to_type: string;
  attached_to_id: number;
  description: string;
  approved: number;
  featured_at: number | null;
  created_at: number;
  updated_at: number;
  author: PersonColumns;
  owner: PersonColumns;
}

export const commentPresenter: Presenter<CommentItem> = {
  fields: {
    id: (c, ctx) => `${ctx.networkId}:Comment:${c.id}`,
    author: (c) => c.author.screenName,
    createdDate: (c) => isoDate(c.created_at),
    updatedDate: (c) => isoDate(c.updated_at),
    featuredDate: (c) => isoDate(c.featured_at),
    description: (c) => c.description,
    approved: (c) => c.approved === 1,
    attachedTo: (c, ctx) => `${ctx.networkId}:${c.attached_to_type}:${c.attached_to_id}`,
    attachedToType: (c) => c.attached_to_type,
    attachedToAuthor: (c) => c.owner.screenName,
  },
  refs: { author: personRef((c) => c.author), attachedToAuthor: personRef((c) => c.owner) },
  defaults: [
    'id', 'author', 'createdDate', 'updatedDate', 'featuredDate', 'description', 'approved',
    'attachedTo', 'attachedToType', 'attachedToAuthor', 'author.fullName', 'author.iconUrl', 'author.url',
  ],
};
