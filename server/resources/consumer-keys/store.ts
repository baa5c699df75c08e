// The network's OAuth consumer keys as the Network Creator manages them: made for an
// application (the secret shown once), listed with their last use, revoked. A revoked key
// signs nothing from the next request on: every signed request looks its key up live.
import type { Db, Tx } from '../../db/database';
import { sealSecret } from '../../db/sealed-secrets';
import { token } from '../../lib/random';
import type { SecretBox } from '../../lib/secret-box';

export interface ConsumerKeyRow {
  id: number;
  name: string;
  consumer_key: string;
  created_at: number;
  last_used_at: number | null;
}

const columns = ['id', 'name', 'consumer_key', 'created_at', 'last_used_at'] as const;

/** A new key for an application: its row, and its secret (stored sealed, so this is the one time it is known). */
export async function createConsumerKey(db: Db | Tx, secrets: SecretBox, networkId: number, name: string, now: number) {
  const key = token(16);
  const secret = token(24);
  const row = await db
    .insertInto('oauth_consumers')
    .values({ network_id: networkId, name, consumer_key: key, consumer_secret: sealSecret(secrets, 'oauth_consumers', key, secret), created_at: now, revoked_at: null, last_used_at: null })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return { row: row as ConsumerKeyRow, secret };
}

/** The network's live keys, newest first. */
export async function listConsumerKeys(db: Db, networkId: number): Promise<ConsumerKeyRow[]> {
  const rows = await db
    .selectFrom('oauth_consumers')
    .select(columns)
    .where('network_id', '=', networkId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows as ConsumerKeyRow[];
}

export async function countConsumerKeys(db: Db | Tx, networkId: number): Promise<number> {
  const { n } = await db
    .selectFrom('oauth_consumers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('network_id', '=', networkId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Revokes a live key of the network; its name, or undefined when there is no such live key. */
export async function revokeConsumerKey(tx: Tx, networkId: number, id: number, now: number): Promise<string | undefined> {
  const row = await tx
    .updateTable('oauth_consumers')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('network_id', '=', networkId)
    .where('revoked_at', 'is', null)
    .returning('name')
    .executeTakeFirst();
  return row?.name;
}
