// Joining a network: a new person creates an account and becomes a member; someone who
// already has an account (on any network of this deployment) joins with its password.
import type { Actor } from '../../http/endpoint';
import type { Tx } from '../../db/database';
import { recordActivity } from '../activity/store';
import { conflict } from '../../http/errors';
import { verifyPassword } from '../../lib/passwords';
import { addMember, createAccount, findAccountByEmail, membership } from './store';

export async function joinNetwork(ctx: Actor, input: { email: string; password: string; fullName: string }) {
  const state = ctx.network.user_moderation ? 'pending' : 'active';
  const joined = (tx: Tx, accountId: number, memberId: number) =>
    // A pending member has not joined yet: the event is written when an administrator approves.
    state === 'active'
      ? recordActivity(tx, { networkId: ctx.network.id, authorId: accountId, type: 'JoinNetwork', now: ctx.now }).then(() => ({ accountId, memberId }))
      : { accountId, memberId };
  return ctx.db.transaction().execute(async (tx) => {
    const existing = await findAccountByEmail(tx, input.email);
    if (existing) {
      const samePerson = await verifyPassword(input.password, existing.password_hash);
      if (!samePerson) throw conflict(1, 'An account with this email already exists: sign in instead.');
      if (await membership(tx, ctx.network.id, existing.id)) throw conflict(1, 'You are already a member of this network.');
      return joined(tx, existing.id, await addMember(tx, ctx.network.id, existing.id, 'member', state, ctx.now));
    }
    const account = await createAccount(tx, input, ctx.now);
    return joined(tx, account.id, await addMember(tx, ctx.network.id, account.id, 'member', state, ctx.now));
  });
}
