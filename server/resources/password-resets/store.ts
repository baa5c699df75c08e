// Password reset requests and their one-time tokens (stored as a SHA-256 hash): counting the
// recent requests an address or an account made, issuing a token, and claiming it once.
import type { Db, Tx } from '../../db/database';
import { sha256 } from '../../lib/random';

/** The times of an address's requests since `since`, oldest first. */
export async function requestsFrom(db: Db | Tx, address: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('password_resets')
    .select('created_at')
    .where('address', '=', address)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

/** How many links an account was sent since `since`. */
export async function linksSentTo(db: Db | Tx, accountId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('token_hash', 'is not', null)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records a request; with a token, the link it sent to the account. */
export async function recordRequest(
  db: Db | Tx,
  request: { address: string; accountId: number | null; token: string | null; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      account_id: request.accountId,
      token_hash: request.token === null ? null : sha256(request.token),
      address: request.address,
      created_at: request.now,
      expires_at: request.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Marks a live token used and returns its account; undefined when it is unknown, expired or used (also by a request at the same time). */
export async function claimToken(tx: Tx, token: string, now: number): Promise<number | undefined> {
  const row = await tx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('account_id')
    .executeTakeFirst();
  return row?.account_id ?? undefined;
}

/** Ends the account's other links, so an older one cannot undo the new password. */
export async function endLinksOf(tx: Tx, accountId: number, now: number): Promise<void> {
  await tx.updateTable('password_resets').set({ used_at: now }).where('account_id', '=', accountId).where('used_at', 'is', null).execute();
}
