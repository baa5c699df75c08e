// Accounts (one per person, across networks) and memberships (one per network joined).
import type { Db, Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/database';
import type { MemberState, Role } from '../../db/schema';
import { conflict } from '../../http/errors';
import { hashPassword } from '../../lib/passwords';
import { screenName } from '../../lib/random';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findAccountByEmail(db: Db | Tx, email: string) {
  return db.selectFrom('accounts').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function createAccount(
  db: Db | Tx,
  input: { email: string; password: string; fullName: string },
  now: number,
): Promise<{ id: number; screenName: string }> {
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    const name = screenName();
    try {
      const row = await db
        .insertInto('accounts')
        .values({
          email: normaliseEmail(input.email),
          password_hash: passwordHash,
          screen_name: name,
          full_name: input.fullName.trim(),
          icon_url: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, screenName: name };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await findAccountByEmail(db, input.email)) throw conflict(1, 'An account with this email already exists.');
      if (attempt > 5) throw error;
    }
  }
}

export async function addMember(db: Db | Tx, networkId: number, accountId: number, role: Role, state: MemberState, now: number) {
  const row = await db
    .insertInto('members')
    .values({ network_id: networkId, account_id: accountId, role, state, featured_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function membership(db: Db | Tx, networkId: number, accountId: number) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('network_id', '=', networkId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}
