// Parameters and entry shape of the moderation queue.
import { z } from 'zod';
import { listingParams } from '../../http/param-types';
import { isoDate, type Presenter } from '../../http/fields';
import { personRef } from '../users/author-ref';
import { fail } from '../../http/params';
import { MAX_IDS } from '../../http/reply';
import { plainExcerpt } from '../../lib/sanitize';
import type { PhotoFormat, VideoHost } from '../../db/schema';
import { imagePath } from '../photos/schema';
import { playerOf } from '../videos/video-source';
import { queueTypes, type QueueRow } from './store';

const typeFilter = z
  .array(z.enum(queueTypes as [string, ...string[]]))
  .transform((types) => [...new Set(types)])
  .optional()
  .meta({ description: `only these types (repeatable): ${queueTypes.join(', ')}` });

export const listParams = z.object({
  type: typeFilter,
  order: z.enum(['newest', 'oldest']).default('newest').meta({ description: 'newest (default) or oldest first' }),
  ...listingParams,
});
export const countParams = z.object({ type: typeFilter });

const QUEUE_ID = new RegExp(`^(\\d{1,15}):(${queueTypes.join('|')}):(\\d{1,15})$`);

export const decideParams = z.object({
  id: z
    .array(
      z.string().transform((v, ctx) => {
        const m = QUEUE_ID.exec(v.trim());
        if (!m) return fail(ctx, 'invalidValue', `must be the id of a queued item, like 1234567:BlogPost:12 (${queueTypes.join(', ')})`);
        return { id: v.trim(), networkId: Number(m[1]), type: m[2]!, itemId: Number(m[3]) };
      }),
    )
    .min(1)
    .max(MAX_IDS, { error: `at most ${MAX_IDS} ids` })
    .meta({ description: `the items, as the queue lists them (repeatable, at most ${MAX_IDS})` }),
});

export const decisionEntry = z
  .array(
    z.object({
      id: z.string(),
      success: z.boolean(),
      status: z.number().int().meta({ description: '200, or the status the item alone would have been refused with' }),
      code: z.number().int().optional(),
      subcode: z.number().int().optional(),
      reason: z.string().optional(),
    }),
  )
  .meta({ title: 'ModerationDecisions', description: 'one result per id, in the order sent' });

export const queueEntry = z
  .object({
    id: z.string().meta({ description: 'the id to approve (PUT) or reject (DELETE) on its own resource' }),
    type: z.enum(queueTypes as [string, ...string[]]),
    author: z.string(),
    createdDate: z.iso.datetime(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    attachedTo: z.string().nullable(),
    attachedToType: z.string().nullable(),
    preview: z.string().nullable().meta({ description: 'the text of the description without markup, at most 200 characters' }),
    imageUrl: z.string().nullable().meta({ description: 'photos: the thumbnail; videos: the host’s preview frame, if it has one' }),
  })
  .meta({ title: 'ModerationQueueEntry' });

export const queuePresenter: Presenter<QueueRow> = {
  fields: {
    id: (r, ctx) => `${ctx.networkId}:${r.type}:${r.item_id}`,
    type: (r) => r.type,
    author: (r) => r.screen_name,
    createdDate: (r) => isoDate(r.created_at),
    title: (r) => r.title,
    description: (r) => r.description,
    attachedTo: (r, ctx) => r.attached_to_type && `${ctx.networkId}:${r.attached_to_type}:${r.attached_to_id}`,
    attachedToType: (r) => r.attached_to_type,
    preview: (r) => (r.description ? plainExcerpt(r.description, 200) : null),
    imageUrl: (r, ctx) => {
      if (r.image_format) return `${ctx.origin}${imagePath({ networkId: ctx.networkId, photoId: r.item_id, format: r.image_format as PhotoFormat, width: 0, height: 0 }, 'thumbnail')}`;
      if (r.video_host && r.video_id) return playerOf({ host: r.video_host as VideoHost, id: r.video_id })?.previewFrame?.url ?? null;
      return null;
    },
  },
  refs: { author: personRef((r) => ({ screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url })) },
  defaults: [
    'id', 'type', 'author', 'createdDate', 'title', 'description', 'attachedTo', 'attachedToType', 'preview', 'imageUrl',
    'author.fullName', 'author.iconUrl', 'author.url',
  ],
};
