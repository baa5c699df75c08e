// The one visibility scope. Every read path (get, listings, counts, featured, tags, comments
// of an item, activity) filters through `visibleItem`, so what a caller may see is decided
// in exactly one place, in SQL, before paging and counting.
//
// An item is visible to its author always. To anyone else it must be published (not a
// draft, and not queued for a time still in the future), approved unless the caller
// moderates, and its `visibility` must admit the caller:
//   all      anyone who may read the network (anyone on a public one, members on a private one)
//   members  active members of the network
//   friends  accepted friends of the author
//   me       nobody else
// The Network Creator and administrators see every published item, whatever its visibility,
// because they moderate; drafts stay their authors' own.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Network } from '../db/schema';
import { isAdmin, isMember, type Viewer } from './viewer';

export interface ScopeContext {
  viewer: Viewer;
  network: Pick<Network, 'id' | 'is_private'>;
  now: number;
}

export interface ScopedColumns {
  /** The table alias used in the query. */
  alias: string;
  /** Whether the table has publish_status / publish_time columns. */
  publishable?: boolean;
}

/** What of a scope decides the SQL of `visibleItem`: who the caller is to the network, and its privacy. */
export interface ScopeShape {
  caller: 'admin' | 'member' | 'signedIn' | 'anonymous';
  privateNetwork: boolean;
}

/** The values of a scope that its SQL is run with. */
export interface ScopeValues {
  networkId: number;
  accountId: number | null;
  now: number;
}

export function scopeShape({ viewer, network }: ScopeContext): ScopeShape {
  const caller = isAdmin(viewer) ? 'admin' : isMember(viewer) ? 'member' : viewer.accountId !== null ? 'signedIn' : 'anonymous';
  return { caller, privateNetwork: Boolean(network.is_private) };
}

export const scopeValues = ({ viewer, network, now }: ScopeContext): ScopeValues => ({ networkId: network.id, accountId: viewer.accountId, now });

/** A scope of that shape with those values, for a prepared query (db/prepared.ts), whose values are slots. */
export function scopeOf(shape: ScopeShape, values: ScopeValues): ScopeContext {
  const { caller } = shape;
  return {
    viewer: {
      accountId: caller === 'anonymous' ? null : values.accountId,
      screenName: null,
      role: caller === 'admin' ? 'admin' : caller === 'member' ? 'member' : null,
      state: caller === 'admin' || caller === 'member' ? 'active' : null,
      via: caller === 'anonymous' ? 'anonymous' : 'session',
    },
    network: { id: values.networkId, is_private: shape.privateNetwork ? 1 : 0 },
    now: values.now,
  };
}

export function visibleItem(
  eb: ExpressionBuilder<any, any>,
  { alias, publishable = false }: ScopedColumns,
  { viewer, network, now }: ScopeContext,
): Expression<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const published = publishable ? publishedBy(alias, now) : sql<SqlBool>`1 = 1`;
  const own = viewer.accountId === null ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${col('author_id')} = ${viewer.accountId}`;

  if (isAdmin(viewer)) return eb.or([own, published]);

  const audiences: Expression<SqlBool>[] = [];
  if (!network.is_private || isMember(viewer)) audiences.push(sql<SqlBool>`${col('visibility')} = 'all'`);
  if (isMember(viewer)) {
    audiences.push(sql<SqlBool>`${col('visibility')} = 'members'`);
    audiences.push(sql<SqlBool>`(${col('visibility')} = 'friends' and exists (
      select 1 from friendships f
      where f.network_id = ${col('network_id')} and f.account_id = ${col('author_id')}
        and f.friend_account_id = ${viewer.accountId} and f.state = 'friend'))`);
  }
  if (audiences.length === 0) return own;
  return eb.or([own, eb.and([published, sql<SqlBool>`${col('approved')} = 1`, eb.or(audiences)])]);
}

/**
 * Published by `now`. The status is compared through a cast, which no index serves: SQLite
 * would otherwise read the items a reader may see through the index of posts by status and
 * time (every published post of the network, kept for finding the scheduled ones) rather than
 * through the listing's own range, as a count since a date did (30 ms instead of 0.3 ms on
 * 100,000 posts). PostgreSQL's planner, which weighs the real figures, is not swayed either way.
 */
export function publishedBy(alias: string, now: number): Expression<SqlBool> {
  return sql<SqlBool>`(cast(${sql.ref(`${alias}.publish_status`)} as text) = 'publish' and ${sql.ref(`${alias}.publish_time`)} <= ${now})`;
}

/**
 * Whom a viewer sees items with, apart from their own and (members) their friends' friends-only
 * ones: everything published (moderators), what members may read, what anyone may read
 * (`public`), or nothing (`nobody`: anyone but a member on a private network).
 */
export type Audience = 'moderators' | 'members' | 'public' | 'nobody';

export function audienceOf({ viewer, network }: Pick<ScopeContext, 'viewer' | 'network'>): Audience {
  if (isAdmin(viewer)) return 'moderators';
  if (isMember(viewer)) return 'members';
  return network.is_private ? 'nobody' : 'public';
}

/**
 * The items every viewer of `audience` sees, whoever they are: `visibleItem` is this, or the
 * viewer's own items, or (members) the friends-only items of the viewer's friends. What is
 * counted over it can be shared by the whole audience.
 */
export function visibleToAudience(
  eb: ExpressionBuilder<any, any>,
  { alias, publishable = false }: ScopedColumns,
  audience: Audience,
  now: number,
): Expression<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const published = publishable ? publishedBy(alias, now) : sql<SqlBool>`1 = 1`;
  switch (audience) {
    case 'moderators':
      return published;
    case 'members':
      return eb.and([published, sql<SqlBool>`${col('approved')} = 1`, sql<SqlBool>`${col('visibility')} in ('all', 'members')`]);
    case 'public':
      return eb.and([published, sql<SqlBool>`${col('approved')} = 1`, sql<SqlBool>`${col('visibility')} = 'all'`]);
    case 'nobody':
      return sql<SqlBool>`1 = 0`;
  }
}

/** Items hidden from at least someone: what `private=true` lists for the Network Creator. */
export function notPublic(alias: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.visibility`)} <> 'all' or ${sql.ref(`${alias}.approved`)} = 0)`;
}
