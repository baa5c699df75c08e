// Personal access tokens in the database: only a token's SHA-256 is stored, so the token
// itself is shown once, when it is created, and a leaked table reveals no usable token.
import type { Db, Dialect, Tx } from '../../db/database';
import { sha256, token } from '../../lib/random';
import { accountsInNetwork } from '../users/store';

/** Recognisable in logs and by secret scanners. */
const TOKEN_PREFIX = 'xnat_';
/** How stale `last_used_at` may get before a request writes it again. */
const LAST_USED_PRECISION_MS = 60_000;

export interface AccessTokenRow {
  id: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export async function createAccessToken(db: Db | Tx, networkId: number, accountId: number, name: string, now: number) {
  const secret = `${TOKEN_PREFIX}${token(32)}`;
  const row = await db
    .insertInto('access_tokens')
    .values({ network_id: networkId, account_id: accountId, name, token_hash: sha256(secret), created_at: now, last_used_at: null, revoked_at: null })
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirstOrThrow();
  return { row, secret };
}

/**
 * Creates a token unless the member already has `max` live ones (then undefined). The count
 * and the insert run in one transaction holding the membership row, so tokens created at
 * the same time cannot together pass the cap (SQLite runs one transaction at a time anyway).
 */
export async function createAccessTokenUnderCap(
  db: Db,
  dialect: Dialect,
  { networkId, accountId, name, max }: { networkId: number; accountId: number; name: string; max: number },
  now: number,
) {
  return db.transaction().execute(async (tx) => {
    const member = tx.selectFrom('members').select('id').where('network_id', '=', networkId).where('account_id', '=', accountId);
    await (dialect === 'postgres' ? member.forUpdate() : member).execute();
    if ((await countAccessTokens(tx, networkId, accountId)) >= max) return undefined;
    return createAccessToken(tx, networkId, accountId, name, now);
  });
}

/** The member's live tokens in one network, newest first. */
export function listAccessTokens(db: Db, networkId: number, accountId: number): Promise<AccessTokenRow[]> {
  return db
    .selectFrom('access_tokens')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('network_id', '=', networkId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countAccessTokens(db: Db | Tx, networkId: number, accountId: number): Promise<number> {
  const { n } = await db
    .selectFrom('access_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('network_id', '=', networkId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Revokes one of the member's own tokens; false when there is no such live token. */
export async function revokeAccessToken(db: Db, networkId: number, accountId: number, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('network_id', '=', networkId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The live token a bearer presents in this network, noting when it was last used. */
export async function findAccessToken(db: Db, networkId: number, secret: string, now: number) {
  const found = await accountsInNetwork(db, networkId)
    .innerJoin('access_tokens as t', 't.account_id', 'a.id')
    .select(['t.id as token_id', 't.last_used_at'])
    .where('t.token_hash', '=', sha256(secret))
    .where('t.network_id', '=', networkId)
    .where('t.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!found) return undefined;
  // Written at most once a minute per token, so busy scripts do not turn every read into a write.
  if (found.last_used_at === null || found.last_used_at < now - LAST_USED_PRECISION_MS) {
    await db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', found.token_id).execute();
  }
  return { id: found.token_id, account: found };
}
