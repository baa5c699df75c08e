// Parameters and entry shape of BroadcastMessage.
import { z } from 'zod';
import { listingParams } from '../../http/param-types';
import { isoDate, type Presenter } from '../../http/fields';
import { personRef, type PersonColumns } from '../users/author-ref';
import { MAX_DESCRIPTION, MAX_TITLE } from '../content/schema';

export const sendParams = z.object({
  subject: z.string().trim().min(1, { error: 'must not be empty' }).max(MAX_TITLE),
  body: z.string().max(MAX_DESCRIPTION, { error: `may have at most ${MAX_DESCRIPTION} characters` }).meta({ description: 'HTML, sanitised' }),
  messageId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'chosen by the sender; the same one again within five minutes is refused (409, 6-1)' }),
});

export const recentParams = z.object(listingParams);

export const broadcastEntry = z
  .object({
    id: z.string(),
    author: z.string(),
    createdDate: z.iso.datetime(),
    subject: z.string(),
    body: z.string(),
  })
  .meta({ title: 'BroadcastMessage' });

export interface BroadcastItem {
  id: number;
  subject: string;
  body: string;
  created_at: number;
  author: PersonColumns;
}

export const broadcastPresenter: Presenter<BroadcastItem> = {
  fields: {
    id: (b, ctx) => `${ctx.networkId}:BroadcastMessage:${b.id}`,
    author: (b) => b.author.screenName,
    createdDate: (b) => isoDate(b.created_at),
    subject: (b) => b.subject,
    body: (b) => b.body,
  },
  refs: { author: personRef((b) => b.author) },
  defaults: ['id', 'author', 'createdDate', 'subject', 'body', 'author.fullName', 'author.iconUrl', 'author.url'],
};
