// ConsumerKey route table (our extension): the OAuth consumer keys programs sign their
// requests with, managed by the Network Creator. The secret is shown once, when the key is
// made; it is stored as it is, because HMAC-SHA1 signatures are checked with the secret itself.
import { z } from 'zod';
import { endpoint } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { contentIdParam } from '../../http/param-types';
import { isoDate } from '../../http/fields';
import { idInNetwork } from '../../http/reply';
import { recordAudit } from '../audit/store';
import { committed } from '../../lib/changes';
import { countConsumerKeys, createConsumerKey, listConsumerKeys, revokeConsumerKey, type ConsumerKeyRow } from './store';

const MAX_NAME = 100;
/** Live keys per network: enough for every application, few enough to list unpaged. */
export const MAX_KEYS = 100;

const consumerKeyEntry = z
  .object({
    id: z.string(),
    name: z.string(),
    consumerKey: z.string().meta({ description: 'oauth_consumer_key of the requests the application signs' }),
    createdDate: z.iso.datetime(),
    lastUsedDate: z.iso.datetime().nullable().meta({ description: 'when a request signed with it last arrived (to the minute); null if never' }),
  })
  .meta({ title: 'ConsumerKey' });

const newConsumerKeyEntry = consumerKeyEntry
  .extend({ consumerSecret: z.string().meta({ description: 'the secret to sign with, shown only in this reply' }) })
  .meta({ title: 'NewConsumerKey' });

const entryOf = (networkId: number, row: ConsumerKeyRow): z.output<typeof consumerKeyEntry> => ({
  id: `${networkId}:ConsumerKey:${row.id}`,
  name: row.name,
  consumerKey: row.consumer_key,
  createdDate: isoDate(row.created_at)!,
  lastUsedDate: isoDate(row.last_used_at),
});

export const consumerKeyEndpoints = [
  endpoint({
    method: 'GET',
    path: 'ConsumerKey',
    allow: 'owner',
    extension: true,
    summary: 'The network’s live OAuth consumer keys, newest first, with their last use (never the secrets).',
    params: z.object({}),
    reply: 'entry',
    entry: z.array(consumerKeyEntry),
    handle: async (ctx) => ({ entry: (await listConsumerKeys(ctx.db, ctx.network.id)).map((row) => entryOf(ctx.network.id, row)) }),
  }),
  endpoint({
    method: 'POST',
    path: 'ConsumerKey',
    allow: 'owner',
    extension: true,
    summary: `Makes an OAuth consumer key for an application; the reply is the only time its secret is shown. At most ${MAX_KEYS} live keys (409, 6-2).`,
    params: z.object({
      name: z
        .string()
        .trim()
        .min(1, { error: 'may not be empty' })
        .max(MAX_NAME, { error: `may have at most ${MAX_NAME} characters` })
        .meta({ description: 'the application the key is for' }),
    }),
    reply: 'entry',
    entry: newConsumerKeyEntry,
    handle: async (ctx, p) => {
      const { row, secret } = await committed(ctx, async (tx) => {
        // Keys made at the same moment count one after the other: the network's row is held meanwhile.
        if (ctx.dialect === 'postgres') await tx.selectFrom('networks').select('id').where('id', '=', ctx.network.id).forUpdate().execute();
        if ((await countConsumerKeys(tx, ctx.network.id)) >= MAX_KEYS) throw new ApiError('stateConflict', `At most ${MAX_KEYS} live consumer keys; revoke one first.`);
        const created = await createConsumerKey(tx, ctx.secrets, ctx.network.id, p.name, ctx.now);
        await recordAudit(tx, ctx, { action: 'create', type: 'ConsumerKey', id: created.row.id, title: p.name });
        return created;
      });
      return { entry: { ...entryOf(ctx.network.id, row), consumerSecret: secret } };
    },
  }),
  endpoint({
    method: 'DELETE',
    path: 'ConsumerKey',
    allow: 'owner',
    extension: true,
    summary: 'Revokes an OAuth consumer key: requests signed with it, and its members’ tokens, fail (401, 1-4) from then on.',
    params: z.object({ id: contentIdParam('ConsumerKey') }),
    handle: async (ctx, p) => {
      const id = idInNetwork(ctx, p.id);
      await committed(ctx, async (tx) => {
        const name = await revokeConsumerKey(tx, ctx.network.id, id, ctx.now);
        if (name === undefined) throw new ApiError('noSuchItem');
        await recordAudit(tx, ctx, { action: 'revoke', type: 'ConsumerKey', id, title: name });
      });
      return {};
    },
  }),
];
