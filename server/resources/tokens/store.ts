// OAuth consumers (their keys are made in consumer-keys/), the access tokens members get
// for them, and the nonces that keep a signed request from being replayed.
import type { Db } from '../../db/database';
import { openSecret, sealSecret } from '../../db/sealed-secrets';
import { token } from '../../lib/random';
import type { SecretBox } from '../../lib/secret-box';

/** A live consumer of the network by its key, with the secret its signatures are checked with. */
export async function findConsumer(db: Db, secrets: SecretBox, networkId: number, consumerKey: string) {
  const row = await db
    .selectFrom('oauth_consumers')
    .select(['id', 'consumer_secret', 'last_used_at'])
    .where('consumer_key', '=', consumerKey)
    .where('network_id', '=', networkId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row && { ...row, consumer_secret: openSecret(secrets, 'oauth_consumers', consumerKey, row.consumer_secret) };
}

/** How stale a consumer's `last_used_at` may get before a signed request writes it again. */
const LAST_USED_PRECISION_MS = 60_000;

/** Notes that a consumer signed a request, at most once a minute, so busy programs do not turn every read into a write. */
export async function noteConsumerUse(db: Db, consumer: { id: number; last_used_at?: number | null }, now: number): Promise<void> {
  if (consumer.last_used_at != null && consumer.last_used_at >= now - LAST_USED_PRECISION_MS) return;
  await db.updateTable('oauth_consumers').set({ last_used_at: now }).where('id', '=', consumer.id).execute();
}

/** A live access token of the consumer, with its member and secret. */
export async function findOAuthToken(db: Db, secrets: SecretBox, consumerId: number, oauthToken: string) {
  const row = await db
    .selectFrom('oauth_tokens')
    .select(['account_id', 'token_secret'])
    .where('token', '=', oauthToken)
    .where('consumer_id', '=', consumerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row && { ...row, token_secret: openSecret(secrets, 'oauth_tokens', oauthToken, row.token_secret) };
}

/**
 * The member's access token for the consumer, made on the first ask: asking again returns the
 * same token and secret, as clients expect.
 */
export async function issueOAuthToken(db: Db, secrets: SecretBox, consumerId: number, accountId: number, now: number) {
  const fresh = token();
  await db
    .insertInto('oauth_tokens')
    .values({ consumer_id: consumerId, account_id: accountId, token: fresh, token_secret: sealSecret(secrets, 'oauth_tokens', fresh, token()), created_at: now, revoked_at: null })
    .onConflict((oc) => oc.columns(['consumer_id', 'account_id']).doNothing())
    .execute();
  const issued = await db
    .selectFrom('oauth_tokens as t')
    .innerJoin('oauth_consumers as c', 'c.id', 't.consumer_id')
    .select(['t.token', 't.token_secret', 'c.consumer_key'])
    .where('t.consumer_id', '=', consumerId)
    .where('t.account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { ...issued, token_secret: openSecret(secrets, 'oauth_tokens', issued.token, issued.token_secret) };
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
