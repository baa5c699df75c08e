// OAuth consumers (created by the operator for an application on one network), the access
// tokens members get for them, and the nonces that keep a signed request from being replayed.
import type { Db } from '../../db/database';
import { token } from '../../lib/random';

export async function createConsumer(db: Db, networkId: number, name: string, now = Date.now()) {
  const consumer = { consumer_key: token(16), consumer_secret: token(24) };
  await db.insertInto('oauth_consumers').values({ network_id: networkId, name, ...consumer, created_at: now, revoked_at: null }).execute();
  return { key: consumer.consumer_key, secret: consumer.consumer_secret };
}

/** A live consumer of the network by its key, with the secret its signatures are checked with. */
export function findConsumer(db: Db, networkId: number, consumerKey: string) {
  return db
    .selectFrom('oauth_consumers')
    .select(['id', 'consumer_secret', 'last_used_at'])
    .where('consumer_key', '=', consumerKey)
    .where('network_id', '=', networkId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** How stale a consumer's `last_used_at` may get before a signed request writes it again. */
const LAST_USED_PRECISION_MS = 60_000;

/** Notes that a consumer signed a request, at most once a minute, so busy programs do not turn every read into a write. */
export async function noteConsumerUse(db: Db, consumer: { id: number; last_used_at?: number | null }, now: number): Promise<void> {
  if (consumer.last_used_at != null && consumer.last_used_at >= now - LAST_USED_PRECISION_MS) return;
  await db.updateTable('oauth_consumers').set({ last_used_at: now }).where('id', '=', consumer.id).execute();
}

/** A live access token of the consumer, with its member and secret. */
export function findOAuthToken(db: Db, consumerId: number, oauthToken: string) {
  return db
    .selectFrom('oauth_tokens')
    .select(['account_id', 'token_secret'])
    .where('token', '=', oauthToken)
    .where('consumer_id', '=', consumerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Records a nonce as used; false when the consumer used it before. Nonces older than
 * `forgetBefore` can never be replayed successfully (their timestamps are refused), so they
 * are forgotten now and then.
 */
export async function useNonce(db: Db, consumerKey: string, nonce: string, now: number, forgetBefore: number): Promise<boolean> {
  const inserted = await db
    .insertInto('oauth_nonces')
    .values({ consumer_key: consumerKey, nonce, timestamp: now })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Math.random() < 0.01) await db.deleteFrom('oauth_nonces').where('timestamp', '<', forgetBefore).execute();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
