// Friend use-cases: asking, accepting, declining, cancelling, unfriending, blocking and
// unblocking, each one transaction over both sides of the relationship (the pairs a
// relationship can be in are listed in store.ts), and reading a member's friend list.
import type { Actor, SignedInActor } from '../../http/endpoint';
import type { Position } from '../../db/paging';
import type { Tx } from '../../db/database';
import type { KeptRows } from '../../lib/kept-rows';
import type { FriendState } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { recordActivity } from '../activity/store';
import { announce, committed } from '../../lib/changes';

import {
  accountNamed,
  forgetFriendship,
  listFriendships,
  listFriendshipsOf,
  lockPair,
  relationship,
  setRelationship,
  type FriendOrder,
  type Relationship,
} from './store';

type Other = NonNullable<Awaited<ReturnType<typeof accountNamed>>>;

const alreadyThere: Record<FriendState, (name: string) => string> = {
  friend: (name) => `${name} is already your friend.`,
  pending: (name) => `You have already asked ${name}; the request is pending.`,
  friend_request: (name) => `${name} has asked you: accept or decline the request.`,
  blocked: (name) => `You have blocked ${name}: unblock first.`,
};

/** Asks `screenName` to be friends, or accepts their request; accepting is an AddFriend event. */
export async function askOrAccept(ctx: SignedInActor, screenName: string): Promise<void> {
  await changeRelationship(ctx, screenName, { activeOnly: true }, async (tx, other, { mine, theirs }) => {
    if (theirs === 'blocked') throw new ApiError('blocked', `${screenName} has blocked you.`);
    if (mine === null) return { mine: 'pending', theirs: 'friend_request' };
    if (mine !== 'friend_request') throw new ApiError('stateConflict', alreadyThere[mine](screenName));
    await recordActivity(tx, {
      networkId: ctx.network.id,
      authorId: ctx.viewer.accountId,
      type: 'AddFriend',
      content: { type: 'User', id: other.member_id! },
      now: ctx.now,
    });
    return { mine: 'friend', theirs: 'friend' };
  });
}

/** Blocks `screenName`: ends any friendship or request, and keeps them from asking again. */
export async function block(ctx: SignedInActor, screenName: string): Promise<void> {
  await changeRelationship(ctx, screenName, { activeOnly: true }, async (tx, other, { mine, theirs }) => {
    if (mine === 'blocked') throw new ApiError('stateConflict', alreadyThere.blocked(screenName));
    if (mine === 'friend') await forgetFriendship(tx, ctx.network.id, ctx.viewer.accountId, other.id);
    return { mine: 'blocked', theirs: theirs === 'blocked' ? undefined : null };
  });
}

/**
 * Ends the caller's relationship with `screenName`: unfriends, cancels the caller's request,
 * declines theirs, or unblocks. With `state`, only a relationship in that state is ended.
 */
export async function endRelationship(ctx: SignedInActor, screenName: string, state: FriendState | undefined): Promise<void> {
  await changeRelationship(ctx, screenName, { activeOnly: false }, async (tx, other, { mine }) => {
    if (mine === null) throw new ApiError('noSuchItem', `You have no friendship, request or block with ${screenName}.`);
    if (state !== undefined && state !== mine) throw new ApiError('stateConflict', `Your relationship with ${screenName} is '${mine}', not '${state}'.`);
    if (mine === 'friend') await forgetFriendship(tx, ctx.network.id, ctx.viewer.accountId, other.id);
    // Unblocking leaves the other side as it is: they may have blocked the caller too.
    return mine === 'blocked' ? { mine: null } : { mine: null, theirs: null };
  });
}

/**
 * The friend list of `author` (default: the caller), and whose it is (`of`, their account);
 * anyone but the member sees only accepted friends.
 */
export async function friendList(
  ctx: Actor & { kept: KeptRows },
  input: { author?: string; state?: FriendState; friend?: string },
  order: FriendOrder,
  count: number,
  position: Position,
) {
  let authorId = ctx.viewer.accountId;
  if (input.author !== undefined) {
    const filters = { state: input.state, friend: input.friend };
    const { of, ...page } = await listFriendshipsOf(ctx.db, ctx.kept, ctx.now, ctx.network.id, input.author, ctx.viewer.accountId, filters, order, count, position);
    // An empty page is read again through the member, who may not be there.
    if (of !== undefined) return { page, of };
    const author = await accountNamed(ctx.db, ctx.network.id, input.author);
    if (!author?.member_id) throw new ApiError('noSuchItem', `No member '${input.author}' on this network.`);
    authorId = author.id;
  }
  if (authorId === null) throw new ApiError('missingCredentials', "Sign in, or name the member whose friends to list with 'author'.");
  const filters = { onlyFriends: authorId !== ctx.viewer.accountId, state: input.state, friend: input.friend };
  return { page: await listFriendships(ctx.db, ctx.kept, ctx.now, ctx.network.id, authorId, filters, order, count, position), of: authorId };
}

/**
 * Reads the relationship between the caller and `screenName` and writes what `decide`
 * makes of it, in one transaction that no other change of the same pair can interleave.
 */
async function changeRelationship(
  ctx: SignedInActor,
  screenName: string,
  { activeOnly }: { activeOnly: boolean },
  decide: (tx: Tx, other: Other, current: Relationship) => Promise<{ mine?: FriendState | null; theirs?: FriendState | null }>,
): Promise<void> {
  if (screenName === ctx.viewer.screenName) throw new ApiError('invalidValue', 'You cannot be your own friend, nor block yourself.');
  const other = await accountNamed(ctx.db, ctx.network.id, screenName);
  if (!other || (activeOnly && other.member_state !== 'active')) throw new ApiError('noSuchItem', `No member '${screenName}' on this network.`);
  const me = ctx.viewer.accountId;
  await committed(ctx, async (tx) => {
    await lockPair(tx, ctx.dialect, me, other.id);
    // Friendships decide who sees friends-only items: both sides' views change.
    announce(tx, { networkId: ctx.network.id, kind: 'Friendship', id: other.id, op: 'updated', authorId: me });
    const next = await decide(tx, other, await relationship(tx, ctx.network.id, me, other.id));
    await setRelationship(tx, ctx.network.id, me, other.id, next, ctx.now);
  });
}
