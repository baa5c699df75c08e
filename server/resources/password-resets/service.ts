// Resetting a forgotten password by a one-time link. Asking answers the same whether or not
// the email belongs to a member, so it reveals nobody; an address may ask a few times per
// quarter of an hour, and an account gets a few links per hour. A link works once, for an
// hour; using it sets the password, ends the account's other links and signs it out
// everywhere.
import type { Actor } from '../../http/endpoint';
import { credentialsEnded } from '../../lib/changes';
import { ApiError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { token as randomToken } from '../../lib/random';
import { closeSessionsOf } from '../sessions/store';
import { findAccountByEmail, membership, updateAccount } from '../users/store';
import { claimToken, endLinksOf, linksSentTo, recordRequest, requestsFrom } from './store';

export const LINK_LIFETIME_MS = 60 * 60_000;
/** Requests per address (whatever the email) in a window, beyond which the address waits. */
export const ADDRESS_LIMIT = { requests: 5, windowMs: 15 * 60_000 };
/** Links per account in a window, beyond which requests send nothing more (silently: the reply must not tell). */
export const ACCOUNT_LIMIT = { links: 3, windowMs: 60 * 60_000 };

export async function requestPasswordReset(ctx: Actor, email: string, linkBase: string): Promise<void> {
  const address = ctx.address ?? 'unknown';
  const recent = await requestsFrom(ctx.db, address, ctx.now - ADDRESS_LIMIT.windowMs);
  if (recent.length >= ADDRESS_LIMIT.requests) {
    const seconds = Math.max(1, Math.ceil((recent[0]! + ADDRESS_LIMIT.windowMs - ctx.now) / 1000));
    throw new ApiError('rateLimited', `Too many password reset requests; try again in ${seconds} seconds.`, { 'Retry-After': String(seconds) });
  }
  const account = await findAccountByEmail(ctx.db, email);
  const member = account && (await membership(ctx.db, ctx.network.id, account.id));
  const send = account && member && (await linksSentTo(ctx.db, account.id, ctx.now - ACCOUNT_LIMIT.windowMs)) < ACCOUNT_LIMIT.links;
  const token = send ? randomToken(32) : null;
  await recordRequest(ctx.db, { address, accountId: send ? account.id : null, token, now: ctx.now, expiresAt: ctx.now + LINK_LIFETIME_MS });
  if (!send || !token) return;
  const link = `${linkBase}?token=${token}`;
  ctx.mailer.send({
    to: account.email,
    subject: `Choose a new password for ${ctx.network.name}`,
    text:
      `Someone, hopefully you, asked to reset the password of ${account.email} on ${ctx.network.name}.\n` +
      `Choose a new password here (the link works once, within an hour):\n\n${link}\n\n` +
      `If you did not ask, ignore this mail: your password stays as it is.\n`,
  });
}

export async function resetPassword(ctx: Actor, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const accountId = await ctx.db.transaction().execute(async (tx) => {
    const claimed = await claimToken(tx, token, ctx.now);
    if (claimed === undefined) throw new ApiError('noSuchItem', 'This password reset link is unknown, expired or already used.');
    await updateAccount(tx, claimed, { password_hash: passwordHash, updated_at: ctx.now });
    await endLinksOf(tx, claimed, ctx.now);
    await closeSessionsOf(tx, claimed);
    return claimed;
  });
  // Its sessions ended: every instance forgets whom they named.
  await ctx.changes.publish([credentialsEnded(ctx.network.id, accountId)]);
}
