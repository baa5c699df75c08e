// Friendships between members of a network, one row per side: `state` is how `account_id`
// sees `friend_account_id`. A relationship between A and B is always one of these pairs:
//
//   A → B            B → A
//   (none)           (none)            strangers
//   pending          friend_request    A asked B
//   friend           friend            accepted friends
//   blocked          (none)            A blocked B; B is not told, and sees no relationship
//   blocked          blocked           each blocked the other
//
// Unfriending, cancelling and declining delete both rows; blocking replaces A's row with
// `blocked` and deletes B's (unless B blocked A too), so blocking always ends a friendship
// and with it B's view of A's friends-only content; unblocking deletes only A's row.
import { sql } from 'kysely';
import type { Db, Dialect, Tx } from '../../db/database';
import type { FriendState } from '../../db/schema';
import type { KeysetOrdering, Position } from '../../db/paging';
import { oneOfIds, preparedQuery } from '../../db/prepared';
import { preparedPage } from '../../db/prepared-page';
import type { KeptRows } from '../../lib/kept-rows';
import type { PersonColumns } from '../users/author-ref';
import type { FriendItem } from './schema';

export interface Relationship {
  /** How the caller sees the other member, and how the other member sees the caller. */
  mine: FriendState | null;
  theirs: FriendState | null;
}

const accountNamedQuery = preparedQuery((db: Db, _: null, v: { networkId: number; screenName: string }) =>
  db
    .selectFrom('accounts as a')
    .leftJoin('members as m', (j) => j.onRef('m.account_id', '=', 'a.id').on('m.network_id', '=', v.networkId))
    .select(['a.id', 'a.screen_name', 'm.id as member_id', 'm.state as member_state'])
    .where('a.screen_name', '=', v.screenName),
);

/** An account by screen name, with its membership of the network if it has one. */
export async function accountNamed(db: Db | Tx, networkId: number, screenName: string) {
  const [row] = await accountNamedQuery(db, null, { networkId, screenName });
  return row;
}

export async function relationship(db: Db | Tx, networkId: number, accountId: number, otherId: number): Promise<Relationship> {
  const rows = await db
    .selectFrom('friendships')
    .select(['account_id', 'state'])
    .where('network_id', '=', networkId)
    .where((eb) =>
      eb.or([
        eb.and([eb('account_id', '=', accountId), eb('friend_account_id', '=', otherId)]),
        eb.and([eb('account_id', '=', otherId), eb('friend_account_id', '=', accountId)]),
      ]),
    )
    .execute();
  const stateOf = (id: number) => rows.find((r) => r.account_id === id)?.state ?? null;
  return { mine: stateOf(accountId), theirs: stateOf(otherId) };
}

/** True when `blockerId` has blocked `accountId` in the network. */
export async function hasBlocked(db: Db | Tx, networkId: number, blockerId: number, accountId: number): Promise<boolean> {
  return (await relationship(db, networkId, blockerId, accountId)).mine === 'blocked';
}

/**
 * Writes both sides of a relationship: a state sets that side's row (keeping its
 * createdDate when it already exists), null deletes it, undefined leaves it as it is.
 */
export async function setRelationship(
  tx: Tx,
  networkId: number,
  accountId: number,
  otherId: number,
  states: { mine?: FriendState | null; theirs?: FriendState | null },
  now: number,
): Promise<void> {
  const sides = [
    { account_id: accountId, friend_account_id: otherId, state: states.mine },
    { account_id: otherId, friend_account_id: accountId, state: states.theirs },
  ];
  for (const { state, ...side } of sides) {
    if (state === null) {
      await tx
        .deleteFrom('friendships')
        .where('network_id', '=', networkId)
        .where('account_id', '=', side.account_id)
        .where('friend_account_id', '=', side.friend_account_id)
        .execute();
    } else if (state !== undefined) {
      await tx
        .insertInto('friendships')
        .values({ network_id: networkId, ...side, state, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['network_id', 'account_id', 'friend_account_id']).doUpdateSet({ state, updated_at: now }))
        .execute();
    }
  }
}

/**
 * Serialises changes to the relationship of two members, which read both rows before
 * writing them. SQLite already runs one transaction at a time; PostgreSQL takes a
 * transaction-scoped lock on the pair (a rare collision of two pairs only makes one wait).
 */
export async function lockPair(tx: Tx, dialect: Dialect, accountId: number, otherId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  const [low, high] = [accountId, otherId].sort((x, y) => x - y).map((id) => id % 2_147_483_647);
  await sql`select pg_advisory_xact_lock(${low}::integer, ${high}::integer)`.execute(tx);
}

/** Removes the AddFriend events of a friendship that has ended, whichever side accepted it. */
export async function forgetFriendship(tx: Tx, networkId: number, accountId: number, otherId: number): Promise<void> {
  const memberIdOf = (id: number) =>
    tx.selectFrom('members').select('id').where('network_id', '=', networkId).where('account_id', '=', id);
  await tx
    .deleteFrom('activities')
    .where('network_id', '=', networkId)
    .where('type', '=', 'AddFriend')
    .where('content_type', '=', 'User')
    .where((eb) =>
      eb.or([
        eb.and([eb('author_id', '=', accountId), eb('content_id', 'in', memberIdOf(otherId))]),
        eb.and([eb('author_id', '=', otherId), eb('content_id', 'in', memberIdOf(accountId))]),
      ]),
    )
    .execute();
}

// A page reads the relationships alone; the members' names and icons, the same on every page
// that shows them, come from the rows kept (profiles).
function selectFriendships(db: Db) {
  return db
    .selectFrom('friendships as f')
    .innerJoin('accounts as b', 'b.id', 'f.friend_account_id')
    .select(['f.account_id', 'f.friend_account_id', 'f.state', 'f.created_at', 'f.updated_at', 'b.sort_name as friend_sort_name']);
}

type FriendRow = Awaited<ReturnType<ReturnType<typeof selectFriendships>['execute']>>[number];

const orders = {
  recent: { sortColumn: 'f.updated_at', idColumn: 'f.friend_account_id', order: 'desc' },
  alpha: {
    sortColumn: 'b.sort_name',
    idColumn: 'f.friend_account_id',
    order: 'asc',
    keyOf: (r) => ({ key: r.friend_sort_name, id: r.friend_account_id }),
  },
} satisfies Record<string, KeysetOrdering<FriendRow>>;

export type FriendOrder = keyof typeof orders;

export interface FriendFilters {
  /** Only accepted friends: all that anyone but the member may see. */
  onlyFriends: boolean;
  state?: FriendState;
  /** Only the relationship with this member (screen name). */
  friend?: string;
}

/** What decides the SQL of a page of relationships (see db/prepared.ts). */
interface FriendsShape {
  onlyFriends: boolean;
  state: FriendState | null;
  friend: boolean;
  /** The member is named by `authorName` (a member of the network, any state), not by `authorId`. */
  named?: boolean;
}

interface FriendsValues {
  networkId: number;
  authorId: number;
  friend: string;
  authorName?: string;
  viewerId?: number | null;
}

function friendships(db: Db, s: FriendsShape, v: FriendsValues) {
  let query = selectFriendships(db).where('f.network_id', '=', v.networkId);
  if (s.named) {
    // The member found in the same query as their friendships; only the caller sees more
    // than their own accepted friends.
    query = query
      .where('f.account_id', '=', (eb) =>
        eb
          .selectFrom('accounts as n')
          .innerJoin('members as nm', (j) => j.onRef('nm.account_id', '=', 'n.id').on('nm.network_id', '=', v.networkId))
          .select('n.id')
          .where('n.screen_name', '=', v.authorName!),
      )
      .where((eb) => eb.or([eb('f.state', '=', 'friend'), eb('f.account_id', '=', v.viewerId!)]));
  } else {
    query = query.where('f.account_id', '=', v.authorId);
    if (s.onlyFriends) query = query.where('f.state', '=', 'friend');
  }
  if (s.state !== null) query = query.where('f.state', '=', s.state);
  if (s.friend) query = query.where('b.screen_name', '=', v.friend);
  return query;
}

// Compiled once per shape, each order: building them per request cost more than running them.
const pages = {
  recent: preparedPage(orders.recent, friendships),
  alpha: preparedPage(orders.alpha, friendships),
} satisfies Record<FriendOrder, unknown>;

/** A member's name and icon, as a page of relationships shows them (kept: lib/kept-rows.ts). */
type Profile = PersonColumns & { id: number };

const profilesQuery = preparedQuery((db: Db, s: { ids: number }, v: { ids: number[] }) =>
  db.selectFrom('accounts').select(['id', 'screen_name', 'full_name', 'icon_url']).where(oneOfIds(db, 'id', v.ids, s.ids)),
);

/** The rows of a page with the profiles of their members, read once and kept; a row whose member is gone meanwhile is left out. */
async function withProfiles(db: Db, kept: KeptRows, networkId: number, now: number, rows: FriendRow[]): Promise<FriendItem[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set([rows[0]!.account_id, ...rows.map((r) => r.friend_account_id)])];
  const profiles = await kept.rows<Profile>(networkId, 'profile', ids, now, async (missing) =>
    (await profilesQuery(db, { ids: missing.length }, { ids: missing })).map((a) => ({ id: a.id, screenName: a.screen_name, fullName: a.full_name, iconUrl: a.icon_url })),
  );
  return rows.flatMap((r) => {
    const author = profiles.get(r.account_id);
    const friend = profiles.get(r.friend_account_id);
    return author && friend ? [{ state: r.state, created_at: r.created_at, updated_at: r.updated_at, author, friend }] : [];
  });
}

/** One page of a member's relationships. */
export async function listFriendships(
  db: Db,
  kept: KeptRows,
  now: number,
  networkId: number,
  authorId: number,
  filters: FriendFilters,
  order: FriendOrder,
  count: number,
  position: Position,
) {
  const shape = { onlyFriends: filters.onlyFriends, state: filters.state ?? null, friend: filters.friend !== undefined };
  const page = await pages[order](db, shape, { networkId, authorId, friend: filters.friend ?? '' }, count, position);
  return { ...page, rows: await withProfiles(db, kept, networkId, now, page.rows) };
}

/**
 * One page of the relationships of the member named `authorName`, in one query with finding
 * them: their accepted friends, or all of them to the member themselves; `of` is the member's
 * account. Empty, and `of` undefined, when there is no such member (the caller tells that from
 * a member without friends).
 */
export async function listFriendshipsOf(
  db: Db,
  kept: KeptRows,
  now: number,
  networkId: number,
  authorName: string,
  viewerId: number | null,
  filters: Omit<FriendFilters, 'onlyFriends'>,
  order: FriendOrder,
  count: number,
  position: Position,
) {
  const shape = { onlyFriends: true, state: filters.state ?? null, friend: filters.friend !== undefined, named: true };
  const values = { networkId, authorId: 0, friend: filters.friend ?? '', authorName, viewerId };
  const page = await pages[order](db, shape, values, count, position);
  return { ...page, rows: await withProfiles(db, kept, networkId, now, page.rows), of: page.rows[0]?.account_id };
}
