// Parameters and entry shape of the moderation queue.
import { z } from 'zod';
import { listingParams } from '../../http/param-types';
import { isoDate, type Presenter } from '../../http/fields';
import { personRef } from '../users/author-ref';
import { queueTypes, type QueueRow } from './store';

const typeFilter = z
  .array(z.enum(queueTypes as [string, ...string[]]))
  .transform((types) => [...new Set(types)])
  .optional()
  .meta({ description: `only these types (repeatable): ${queueTypes.join(', ')}` });

export const listParams = z.object({ type: typeFilter, ...listingParams });
export const countParams = z.object({ type: typeFilter });

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
  },
  refs: { author: personRef((r) => ({ screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url })) },
  defaults: [
    'id', 'type', 'author', 'createdDate', 'title', 'description', 'attachedTo', 'attachedToType',
    'author.fullName', 'author.iconUrl', 'author.url',
  ],
};
