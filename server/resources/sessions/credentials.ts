// Checking an email and password (web sign-in, POST Token for programs): the same answer and
// the same work whether the email is unknown or the password wrong, failures throttled per
// account and per address, and a password hashed at an old cost stored again at the current one.
import type { Ctx } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { hashPassword, needsRehash, verifyNobody, verifyPassword } from '../../lib/passwords';
import { findAccountByEmail } from '../users/store';

export async function checkCredentials(ctx: Ctx, email: string, password: string) {
  const address = ctx.req.ip ?? 'unknown';
  await ctx.signIns.check(email, address);
  const account = await findAccountByEmail(ctx.db, email);
  const valid = account ? await verifyPassword(password, account.password_hash) : await verifyNobody(password);
  if (!account || !valid) {
    await ctx.signIns.failed(email, address);
    throw new ApiError('wrongPassword', 'Wrong email or password.');
  }
  await ctx.signIns.succeeded(email);
  if (needsRehash(account.password_hash)) {
    const rehashed = await hashPassword(password);
    // Only over the hash that was checked: a password changed meanwhile stays changed.
    await ctx.db
      .updateTable('accounts')
      .set({ password_hash: rehashed })
      .where('id', '=', account.id)
      .where('password_hash', '=', account.password_hash)
      .execute();
  }
  return account;
}
