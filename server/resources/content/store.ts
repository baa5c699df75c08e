// The reads every content type shares, in SQL through the query builder: the filters of
// listings and counts on the item table's alias, then a store of multi-gets in the order
// asked, keyset-paged listings and counts, all through the visibility scope. And removal of
// an item with everything attached to it.
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db, Dialect, Tx } from '../../db/database';
import { keysetPage, type Page, type Position } from '../../db/paging';
import { notPublic, visibleItem, type ScopeContext } from '../../lib/scope';
import type { PersonColumns } from '../users/author-ref';
import { deleteTags, taggedWith, tagsOf } from '../tags/store';
import { commentCounts, deleteCommentsOf } from '../comments/store';
import { forgetActivityAbout } from '../activity/store';
import { contentTables, type ContentTypeName } from './types';
import { unindexContent } from '../search/indexing';

export interface ContentFilters {
  author?: string;
  private?: boolean;
  approved?: boolean;
  tag?: string;
  createdAfter?: number;
}

/** Conditions on items of `type` (aliased `alias`, with author_id, approved, created_at). */
export function contentFilters(alias: string, type: string, networkId: number, f: ContentFilters): Expression<SqlBool>[] {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: Expression<SqlBool>[] = [];
  if (f.author !== undefined) {
    conditions.push(sql<SqlBool>`${col('author_id')} in (select id from accounts where screen_name = ${f.author})`);
  }
  if (f.private) conditions.push(notPublic(alias));
  if (f.approved !== undefined) conditions.push(sql<SqlBool>`${col('approved')} = ${f.approved ? 1 : 0}`);
  if (f.tag !== undefined) conditions.push(taggedWith(alias, networkId, type, f.tag));
  if (f.createdAfter !== undefined) conditions.push(sql<SqlBool>`${col('created_at')} > ${f.createdAfter}`);
  return conditions;
}

/** A listing's sort column on the items' alias, and its direction. */
export interface Ordering<Row> {
  column: keyof Row & string;
  order: 'asc' | 'desc';
}

export const newestFirst = { column: 'created_at', order: 'desc' } as const;
const lastFeaturedFirst = { column: 'featured_at', order: 'desc' } as const;

/** One keyset window of `query` (items aliased `alias`) in `ordering`. */
export function pageIn<Row extends { id: number }>(
  query: SelectQueryBuilder<any, any, Row>,
  alias: string,
  ordering: Ordering<Row>,
  count: number,
  position: Position,
): Promise<Page<Row>> {
  return keysetPage(query, { sortColumn: `${alias}.${ordering.column}`, idColumn: `${alias}.id`, order: ordering.order }, count, position);
}

/** The rows found, in the order their ids were asked for. */
export function inOrder<Row extends { id: number }>(ids: number[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** What every content row is read with: its author's columns, from the item joined to `accounts as a`. */
interface ContentRow {
  id: number;
  created_at: number;
  featured_at: number | null;
  screen_name: string;
  full_name: string;
  icon_url: string | null;
}

/** A row as a content store returns it, with its author, tags and number of comments. */
export type HydratedRow<Row, Extra = unknown> = Row & Extra & { author: PersonColumns; tags: string[]; commentCount: number };

export type ContentOrder = 'created' | 'featured';

/** The reads of one content type; `X` are its own filters besides the shared ones, `Own` its own orders. */
export interface ContentStore<Item, X = unknown, Own extends string = never> {
  /** The items of these ids that the caller may see, in the order asked. */
  get(db: Db, scope: ScopeContext, ids: number[]): Promise<Item[]>;
  /** A page of the items the caller may see that pass the filters; `featured` lists only featured ones. */
  list(
    db: Db,
    scope: ScopeContext,
    filters: ContentFilters & Partial<X>,
    order: ContentOrder | Own,
    count: number,
    position: Position,
  ): Promise<Page<Item>>;
  count(db: Db, scope: ScopeContext, filters: ContentFilters & Partial<X>): Promise<number>;
}

export interface ContentStoreSpec<Row, Extra, X, Own extends string> {
  type: ContentTypeName;
  alias: string;
  /** The item's columns and its author's, from the item's table aliased `alias`. */
  select: (db: Db) => SelectQueryBuilder<any, any, Row>;
  /** Whether items are drafts or queued until published (see visibleItem). */
  publishable?: boolean;
  /** Conditions of the type's own filters (at the scope's `now`, for those that depend on time). */
  filters?: (filters: Partial<X>, scope: ScopeContext) => Expression<SqlBool>[];
  /** Orders besides `created` and `featured`. */
  orders?: Record<Own, Ordering<Row>>;
  /** What an item has besides its row, author, tags and number of comments. */
  extend?: (row: Row) => Extra;
}

/**
 * The reads of a content type. A page costs a fixed number of queries: the window, the
 * other-direction check, then one batch each for tags and comment counts.
 */
export function contentStore<Row extends ContentRow, Extra = unknown, X = unknown, Own extends string = never>(
  spec: ContentStoreSpec<Row, Extra, X, Own>,
): ContentStore<HydratedRow<Row, Extra>, X, Own> {
  const { type, alias } = spec;
  // `orders` is absent only when there are none of the type's own (`Own` is never).
  const orders = { created: newestFirst, featured: lastFeaturedFirst, ...spec.orders } as Record<ContentOrder | Own, Ordering<Row>>;

  /** `query` (the items aliased `alias`) narrowed to what the caller may see and the filters pass. */
  function scoped<Q extends SelectQueryBuilder<any, any, any>>(query: Q, scope: ScopeContext, filters?: ContentFilters & Partial<X>, featured = false): Q {
    const conditions = filters
      ? [...contentFilters(alias, type, scope.network.id, filters), ...(spec.filters?.(filters, scope) ?? [])]
      : [];
    if (featured) conditions.push(sql<SqlBool>`${sql.ref(`${alias}.featured_at`)} is not null`);
    return query
      .where(`${alias}.network_id`, '=', scope.network.id)
      .where((eb) => eb.and([visibleItem(eb, { alias, publishable: spec.publishable }, scope), ...conditions])) as Q;
  }

  async function hydrate(db: Db, rows: Row[]): Promise<HydratedRow<Row, Extra>[]> {
    const ids = rows.map((r) => r.id);
    const [tags, counts] = await Promise.all([tagsOf(db, type, ids), commentCounts(db, type, ids)]);
    return rows.map((r) => ({
      ...r,
      ...(spec.extend?.(r) as Extra),
      author: { screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url },
      tags: tags.get(r.id) ?? [],
      commentCount: counts.get(r.id) ?? 0,
    }));
  }

  return {
    async get(db, scope, ids) {
      if (ids.length === 0) return [];
      return hydrate(db, inOrder(ids, await scoped(spec.select(db), scope).where(`${alias}.id`, 'in', ids).execute()));
    },
    async list(db, scope, filters, order, count, position) {
      const query = scoped(spec.select(db), scope, filters, order === 'featured');
      const page = await pageIn(query, alias, orders[order], count, position);
      return { ...page, rows: await hydrate(db, page.rows) };
    },
    async count(db, scope, filters) {
      // The item's table alone: a count needs no author.
      const items = db.selectFrom(`${contentTables[type]} as ${alias}` as 'blog_posts as p');
      const row = await scoped(items, scope, filters)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/**
 * Locks an item for the rest of the transaction and says whether it still exists. Every write
 * about an existing item (a change, a comment, a deletion) takes it first, so writes that race
 * are ordered: one that comes after a deletion finds nothing, and a deletion that comes after
 * a comment removes that comment too. PostgreSQL locks the row (`share` lets comments on one
 * item go ahead together); SQLite runs one transaction at a time anyway.
 */
export async function lockContent(tx: Tx, dialect: Dialect, type: ContentTypeName, id: number, mode: 'update' | 'share'): Promise<boolean> {
  const query = tx.selectFrom(contentTables[type] as 'blog_posts').select('id').where('id', '=', id);
  const locked = dialect === 'postgres' ? (mode === 'update' ? query.forUpdate() : query.forShare()) : query;
  return (await locked.executeTakeFirst()) !== undefined;
}

/**
 * Deletes an item of `type` with its comments, its tags and the activity about it. The item
 * goes first, as it came first when it was written: the dashboard's counters (kept by triggers)
 * are then locked in the order a new item locks them, so a deletion and a creation that share
 * a tag do not deadlock on PostgreSQL.
 */
export async function deleteContent(tx: Tx, type: ContentTypeName, id: number): Promise<void> {
  await tx.deleteFrom(contentTables[type]).where('id', '=', id).execute();
  await forgetActivityAbout(tx, type, id);
  await deleteCommentsOf(tx, type, id);
  await deleteTags(tx, type, id);
  await unindexContent(tx, type, id);
}
