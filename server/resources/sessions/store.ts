// Web sessions: a random cookie value whose hash is stored, with the session's
// anti-forgery token. Nothing about a session lives in a server's memory, so any instance
// can serve any request.
import type { Db, Tx } from '../../db/database';
import { sha256, token } from '../../lib/random';
import { accountsInNetwork } from '../users/store';

export const SESSION_DAYS = 30;

export async function openSession(db: Db, accountId: number, now: number) {
  const id = token(32);
  const csrfToken = token(24);
  await db
    .insertInto('sessions')
    .values({ id_hash: sha256(id), account_id: accountId, csrf_token: csrfToken, created_at: now, expires_at: now + SESSION_DAYS * 86_400_000 })
    .execute();
  if (Math.random() < 0.01) await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  return { id, csrfToken };
}

/**
 * The live session a cookie names, with its account's role and state in the network, in one
 * query; `idHash` names the session without revealing the cookie.
 */
export async function findSession(db: Db, id: string, networkId: number, now: number) {
  const idHash = sha256(id);
  const row = await accountsInNetwork(db, networkId)
    .innerJoin('sessions as s', 's.account_id', 'a.id')
    .select(['s.csrf_token', 's.expires_at'])
    .where('s.id_hash', '=', idHash)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  return row && { idHash, csrfToken: row.csrf_token, expiresAt: row.expires_at, account: row };
}

/** Ends a session; the account it was of, if it was one. */
export async function closeSession(db: Db, id: string): Promise<number | undefined> {
  const row = await db.deleteFrom('sessions').where('id_hash', '=', sha256(id)).returning('account_id').executeTakeFirst();
  return row?.account_id;
}

/** Signs an account out everywhere (after its password was reset). */
export async function closeSessionsOf(db: Db | Tx, accountId: number) {
  await db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
}
