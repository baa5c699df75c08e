// Parameters and entry shapes of Tag: the tags of one item, and the network's popular tags.
import { z } from 'zod';
import { anyContentIdParam, listingParams } from '../../http/param-types';
import { fail } from '../../http/params';
import type { Presenter } from '../../http/fields';
import { contentType, type ContentTypeName } from '../content/types';

export const MAX_POPULAR = 100;

export const listParams = z.object({ attachedTo: anyContentIdParam, ...listingParams });

export const popularParams = z.object({
  count: z
    .string()
    .default('20')
    .transform((v, ctx) => {
      const n = Number(v.trim());
      return Number.isInteger(n) && n >= 1 && n <= MAX_POPULAR ? n : fail(ctx, 'countOutOfRange', `must be an integer from 1 to ${MAX_POPULAR}`);
    })
    .meta({ description: `how many tags, 1..${MAX_POPULAR}; default 20` }),
  type: z
    .string()
    .refine((t): t is ContentTypeName => contentType(t) !== undefined, { error: 'must be a content type that carries tags, e.g. BlogPost' })
    .optional()
    .meta({ description: 'only tags of this content type (BlogPost, Photo, Topic, Video)' }),
  fields: z.string().optional(),
});

export const tagCountEntry = z.object({ value: z.string(), count: z.number().int() }).meta({ title: 'TagCount' });

export const itemTagEntry = tagCountEntry
  .extend({ attachedTo: z.string(), attachedToType: z.string() })
  .meta({ title: 'Tag' });

/** A tag and how many items the caller can see carry it. */
export interface TagCount {
  value: string;
  count: number;
}

/** A tag of one item. */
export interface ItemTag extends TagCount {
  item: { type: string; id: number };
}

const tagCountFields = {
  value: (t: TagCount) => t.value,
  count: (t: TagCount) => t.count,
};

export const tagCountPresenter: Presenter<TagCount> = {
  fields: tagCountFields,
  refs: {},
  defaults: ['value', 'count'],
};

export const itemTagPresenter: Presenter<ItemTag> = {
  fields: {
    ...tagCountFields,
    attachedTo: (t, ctx) => `${ctx.networkId}:${t.item.type}:${t.item.id}`,
    attachedToType: (t) => t.item.type,
  },
  refs: {},
  defaults: ['value', 'count', 'attachedTo', 'attachedToType'],
};
