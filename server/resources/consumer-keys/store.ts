// The network's OAuth consumer keys as the Network Creator manages them: made for an
// application (the secret shown once), listed with their last use, revoked. A revoked key
// signs nothing from the next request on: every signed request looks its key up live.
import type { Tx } from '../../db/database';
import type { Db } from '../../db/database';
import { token } from '../../lib/random';

export interface ConsumerKeyRow {
  id: number;
  name: string;
  consumer_key: string;
  created_at: number;
  last_used_at: number | null;
}

const columns = ['id', 'name', 'consumer_key', 'created_at', 'last_used_at'] as const;

export async function createConsumerKey(tx: Tx, networkId: number, name: string, now: number) {
  const secret = token(24);
  const row = await tx
    .insertInto('oauth_consumers')
    .values({ network_id: networkId, name, consumer_key: token(16), consumer_secret: secret, created_at: now, revoked_at: null, last_used_at: null })
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
