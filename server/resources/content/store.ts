// The reads every content type shares, in SQL through the query builder: the filters of
// listings and counts on the item table's alias, then a store of multi-gets in the order
// asked, keyset-paged listings and counts, all through the visibility scope. And removal of
// an item with everything attached to it.
import { expressionBuilder, sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { isPostgres, type Db, type Dialect, type Tx } from '../../db/database';
import { keysetPage, keysetQueries, positionOf, readPage, readPageOnce, windowOf, type Page, type Position, type SortKey, type Window } from '../../db/paging';
import { oneOfIds, preparedQuery } from '../../db/prepared';
import { keysThenRows } from '../../db/prepared-page';
import type { Selection } from '../../http/fields';
import type { KeptRows } from '../../lib/kept-rows';
import { audienceOf, notPublic, scopeOf, scopeShape, scopeValues, visibleItem, visibleToAudience, type ScopeContext, type ScopeShape, type ScopeValues } from '../../lib/scope';
import type { PersonColumns } from '../users/author-ref';
import { deleteTags, taggedWith, tagsColumn } from '../tags/store';
import { commentCountColumn, deleteCommentsOf } from '../comments/store';
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
export type HydratedRow<Row, Extra = unknown> = Row & Extra & { description: string; author: PersonColumns; tags: string[]; commentCount: number };

export type ContentOrder = 'created' | 'featured';

/**
 * What a read takes of each item: its columns (none named: all of them) and whether its tags
 * and number of comments. A listing reads only what its `fields` present; an item read without
 * a column or part has no such property.
 */
export interface ContentParts {
  columns: string[] | null;
  tags: boolean;
  commentCount: boolean;
}

export const allParts: ContentParts = { columns: null, tags: true, commentCount: true };

/**
 * The columns that the fields every content type presents alike read (contentFields and the
 * author's personRef), besides the item's id and its author's screen name, which every read
 * has; `topTags` (Video's `tags`) and `commentCount` are parts of their own.
 */
const sharedFieldColumns = (alias: string): Record<string, string[]> => ({
  id: [],
  author: [],
  url: [],
  createdDate: [`${alias}.created_at`],
  updatedDate: [`${alias}.updated_at`],
  featuredDate: [`${alias}.featured_at`],
  title: [`${alias}.title`],
  description: [`${alias}.description`],
  visibility: [`${alias}.visibility`],
  approved: [`${alias}.approved`],
  commentCount: [],
  topTags: [],
  tags: [],
  'author.fullName': ['a.full_name'],
  'author.iconUrl': ['a.icon_url'],
  'author.url': [],
});

/** The reads of one content type; `X` are its own filters besides the shared ones, `Own` its own orders. */
export interface ContentStore<Item, X = unknown, Own extends string = never> {
  /**
   * The items of these ids that the caller may see, in the order asked. With `kept`, which
   * of them the caller may see is read, and their rows are taken from those kept when they
   * are (lib/kept-rows.ts): the items are then shared with other reads, to present, not change.
   */
  get(db: Db, scope: ScopeContext, ids: number[], parts?: ContentParts, kept?: KeptRows): Promise<Item[]>;
  /** What a reply of these fields reads of each item. */
  partsFor(selection: Selection): ContentParts;
  /**
   * A page of the items the caller may see that pass the filters; `featured` lists only
   * featured ones. With `kept`, the page's keys are read, and its rows taken as `get` takes them.
   */
  list(
    db: Db,
    scope: ScopeContext,
    filters: ContentFilters & Partial<X>,
    order: ContentOrder | Own,
    count: number,
    position: Position,
    parts?: ContentParts,
    kept?: KeptRows,
  ): Promise<Page<Item>>;
  count(db: Db, scope: ScopeContext, filters: ContentFilters & Partial<X>): Promise<number>;
}

export interface ContentStoreSpec<Row, Extra, X, Own extends string> {
  type: ContentTypeName;
  alias: string;
  /** Every column of the item (what `extend` reads included) and its author's, from the item's table aliased `alias` joined to `accounts as a`. */
  select: (db: Db) => SelectQueryBuilder<any, any, Row>;
  /** The columns each of the type's own presenter fields reads (see sharedFieldColumns); a read with a field named nowhere takes every column. */
  fieldColumns?: Record<string, string[]>;
  /** Whether items are drafts or queued until published (see visibleItem). */
  publishable?: boolean;
  /**
   * The type's own filters: the conditions of each (at the scope's `now`, for those that depend
   * on time). Their values are few and go into the SQL of a listing's shape.
   */
  filters?: { [K in keyof X]: (value: X[K], scope: ScopeContext) => Expression<SqlBool>[] };
  /** Orders besides `created` and `featured`. */
  orders?: Record<Own, Ordering<Row>>;
  /** What an item has besides its row, author, tags and number of comments. */
  extend?: (row: Row) => Extra;
}

/** What decides the SQL of a read: everything but the values it runs with (see db/prepared.ts). */
interface ReadShape {
  scope: ScopeShape;
  parts: ContentParts;
}

interface FilterShape {
  author: boolean;
  private: boolean;
  approved: boolean | null;
  tag: boolean;
  createdAfter: boolean;
  /** The type's own filters, with their values. */
  own: Record<string, unknown>;
  featured: boolean;
}

interface ReadValues extends ScopeValues {
  author: string;
  tag: string;
  createdAfter: number;
}

/**
 * The reads of a content type, each query prepared once per shape. A page is one query with
 * its items' tags, comment counts and authors, and one more from an anchor: whether anything
 * comes before it.
 */
export function contentStore<Row extends ContentRow, Extra = unknown, X = unknown, Own extends string = never>(
  spec: ContentStoreSpec<Row, Extra, X, Own>,
): ContentStore<HydratedRow<Row, Extra>, X, Own> {
  const { type, alias } = spec;
  // `orders` is absent only when there are none of the type's own (`Own` is never).
  const orders = { created: newestFirst, featured: lastFeaturedFirst, ...spec.orders } as Record<ContentOrder | Own, Ordering<Row>>;
  const ownFilters = (spec.filters ?? {}) as Record<string, (value: unknown, scope: ScopeContext) => Expression<SqlBool>[]>;
  const keysetOf = (order: ContentOrder | Own) => ({ sortColumn: `${alias}.${orders[order].column}`, idColumn: `${alias}.id`, order: orders[order].order });

  function filterShape(filters: ContentFilters & Partial<X>, featured: boolean): FilterShape {
    const own: Record<string, unknown> = {};
    for (const name of Object.keys(ownFilters)) {
      const value = (filters as Record<string, unknown>)[name];
      if (value !== undefined) own[name] = value;
    }
    return {
      author: filters.author !== undefined,
      private: filters.private === true,
      approved: filters.approved ?? null,
      tag: filters.tag !== undefined,
      createdAfter: filters.createdAfter !== undefined,
      own,
      featured,
    };
  }

  const readValues = (scope: ScopeContext, filters: ContentFilters = {}): ReadValues => ({
    ...scopeValues(scope),
    author: filters.author ?? '',
    tag: filters.tag ?? '',
    createdAfter: filters.createdAfter ?? 0,
  });

  /** `query` (the items aliased `alias`) narrowed to what the caller may see and, when given, the filters pass. */
  function scoped<Q extends SelectQueryBuilder<any, any, any>>(query: Q, scope: ScopeContext, f: FilterShape | undefined, v: ReadValues): Q {
    const conditions: Expression<SqlBool>[] = [];
    if (f) {
      const filters: ContentFilters = {
        ...(f.author && { author: v.author }),
        ...(f.private && { private: true }),
        ...(f.approved !== null && { approved: f.approved }),
        ...(f.tag && { tag: v.tag }),
        ...(f.createdAfter && { createdAfter: v.createdAfter }),
      };
      conditions.push(...contentFilters(alias, type, scope.network.id, filters));
      for (const [name, value] of Object.entries(f.own)) conditions.push(...ownFilters[name]!(value, scope));
      if (f.featured) conditions.push(sql<SqlBool>`${sql.ref(`${alias}.featured_at`)} is not null`);
    }
    return query
      .where(`${alias}.network_id`, '=', scope.network.id)
      .where((eb) => eb.and([visibleItem(eb, { alias, publishable: spec.publishable }, scope), ...conditions])) as Q;
  }

  const fieldColumns = { ...sharedFieldColumns(alias), ...spec.fieldColumns };
  const partsOfSelection = new WeakMap<Selection, ContentParts>();

  function partsFor(selection: Selection): ContentParts {
    let parts = partsOfSelection.get(selection);
    if (parts) return parts;
    const fields = [...selection.keys, ...[...selection.subs].flatMap(([ref, subs]) => subs.map((sub) => `${ref}.${sub}`))];
    const columns = new Set([`${alias}.id`, 'a.screen_name']);
    for (const field of fields) fieldColumns[field]?.forEach((column) => columns.add(column));
    parts = {
      columns: fields.every((field) => Object.hasOwn(fieldColumns, field)) ? [...columns].sort() : null,
      tags: fields.includes('topTags') || fields.includes('tags'),
      commentCount: fields.includes('commentCount'),
    };
    partsOfSelection.set(selection, parts);
    return parts;
  }

  /** The item's columns that `parts` names, or all. */
  function selected(db: Db, parts: ContentParts) {
    const all = spec.select(db);
    return parts.columns ? (all.clearSelect().select(parts.columns as any) as typeof all) : all;
  }

  /** `items` (rows of the item's table as `from`) with the parts besides the description that `parts` asks for. */
  function withParts<Q extends SelectQueryBuilder<any, any, any>>(db: Db, query: Q, from: string, parts: ContentParts): Q {
    return query
      .$if(parts.tags, (q) => q.select(tagsColumn(db, from, type).as('tags')))
      .$if(parts.commentCount, (q) => q.select(commentCountColumn(from, type).as('commentCount'))) as Q;
  }

  // Read by id whatever the network: on PostgreSQL planned once per connection (see windowQuery).
  const getQuery = preparedQuery(
    (db: Db, s: ReadShape & { ids: number }, v: ReadValues & { ids: number[] }) =>
      withParts(db, scoped(selected(db, s.parts), scopeOf(s.scope, v), undefined, v), alias, s.parts).where(oneOfIds(db, `${alias}.id`, v.ids, s.ids)),
    { anyValues: true },
  );

  /** A listing's shape; on PostgreSQL, the window's also has the rows it takes, written into its SQL (see windowQuery). */
  type ListShape = ReadShape & { filters: FilterShape; order: ContentOrder | Own; forward: boolean; side: 'start' | 'after' | 'before'; take?: number };
  type ListValues = ReadValues & { key: SortKey; id: number; take: number };

  /**
   * The window of `query` (from the item's table) and the check of its other side. A listing
   * by date with a tag walks the tag's entries, which carry their item's created_at (migration
   * 0087), through their index in the listing's order, and reads each one's item by id until
   * it has a page, whatever the tag holds. Through the tag filter's `in`, SQLite read every item
   * carrying the tag and sorted them all to take a page, and PostgreSQL walked all the network's
   * items newest first, looking up each one's tags. The entry's date and item id are the item's
   * own, so anchors are those of the listing without a tag.
   */
  function windowQueries(s: ListShape, v: ListValues, query: SelectQueryBuilder<any, any, any>) {
    const keyset = keysetOf(s.order);
    const position = positionOf(keyset, s.side, v.key, v.id);
    const scope = scopeOf(s.scope, v);
    if (!s.filters.tag || orders[s.order].column !== 'created_at') return keysetQueries(scoped(query, scope, s.filters, v), keyset, s.forward, v.take, position);
    // Aliased apart from every item table's alias (a topic is `t`).
    const tagged = query
      .innerJoin('item_tags as tagged', 'tagged.item_id', `${alias}.id`)
      .where('tagged.network_id', '=', scope.network.id)
      .where('tagged.item_type', '=', type)
      .where('tagged.value', '=', v.tag);
    const byTag = { ...keyset, sortColumn: 'tagged.created_at', idColumn: 'tagged.item_id' };
    return keysetQueries(scoped(tagged, scope, { ...s.filters, tag: false }, v), byTag, s.forward, v.take, position);
  }

  // The window's keys are read first, from the item's table alone, then its rows with their
  // authors, tags and counts (db/prepared-page.ts: keysThenRows). On PostgreSQL a listing's
  // queries are planned once per connection, for any values (db/prepared.ts, `anyValues`):
  // planning the visibility conditions again on every request cost more than reading the page.
  const windowQuery = preparedQuery((db: Db, s: ListShape, v: ListValues) => {
    const { column, order } = orders[s.order];
    const keys = db
      .selectFrom(`${contentTables[type]} as ${alias}` as 'blog_posts as p')
      .select([sql.ref<number>(`${alias}.id`).as('id'), sql.ref<SortKey>(`${alias}.${column}`).as('key')]);
    const direction = s.forward === (order === 'desc') ? 'desc' : 'asc';
    // spec.select reads only selectFrom of what it is given: here, the page's with clause.
    return keysThenRows(db, windowQueries(s, v, keys).window!, s.take, `${alias}.id`, direction, (withPage) =>
      withParts(db, selected(withPage, s.parts) as SelectQueryBuilder<any, any, Row>, alias, s.parts),
    );
  }, { anyValues: true });

  const otherSideQuery = preparedQuery((db: Db, s: ListShape, v: ListValues) => {
    const items = db.selectFrom(`${contentTables[type]} as ${alias}` as 'blog_posts as p');
    return windowQueries(s, v, items).other!;
  }, { anyValues: true });

  // What a read whose rows are kept (lib/kept-rows.ts) reads each time: of a listing, its
  // window's ids and sort keys, from the item's table alone, and from an anchor whether its
  // other side holds an item, in the same statement (db/paging.ts: readPageOnce). Of the ids
  // asked, those the caller may see that are not known to be seen by their whole audience
  // (`seen`), and which of them are.
  const visibleIdsQuery = preparedQuery(
    (db: Db, s: { scope: ScopeShape; ids: number }, v: ReadValues & { ids: number[] }) => {
      const scope = scopeOf(s.scope, v);
      const seen = visibleToAudience(expressionBuilder(), { alias, publishable: spec.publishable }, audienceOf(scope), v.now);
      const ids = db
        .selectFrom(`${contentTables[type]} as ${alias}` as 'blog_posts as p')
        .select([sql.ref<number>(`${alias}.id`).as('id'), sql<number>`case when ${seen} then 1 else 0 end`.as('seen')]);
      return scoped(ids, scope, undefined, v).where(oneOfIds(db, `${alias}.id`, v.ids, s.ids));
    },
    { anyValues: true },
  );
  const keysQuery = preparedQuery((db: Db, s: ListShape & { otherSide: boolean }, v: ListValues) => {
    const { column } = orders[s.order];
    const keys = db
      .selectFrom(`${contentTables[type]} as ${alias}` as 'blog_posts as p')
      .select([sql.ref<number>(`${alias}.id`).as('id'), sql.ref<SortKey>(`${alias}.${column}`).as(column)]);
    return windowOf(windowQueries(s, v, keys), s.otherSide);
  }, { anyValues: true });

  // A count stays planned for its values: made for any, its plan cannot know how few posts
  // lie after a date and reads every post (7 ms instead of 0.07 on 120,000), and planning it
  // costs little (0.07 ms).
  const countQuery = preparedQuery((db: Db, s: { scope: ScopeShape; filters: FilterShape }, v: ReadValues) => {
    // The item's table alone: a count needs no author.
    const items = db.selectFrom(`${contentTables[type]} as ${alias}` as 'blog_posts as p');
    return scoped(items, scopeOf(s.scope, v), s.filters, v).select((eb) => eb.fn.countAll<number>().as('n'));
  });

  function hydrate(rows: Row[]): HydratedRow<Row, Extra>[] {
    // The driver's rows are this read's own: completed in place rather than copied.
    for (const row of rows as (Row & { author?: PersonColumns; tags?: string | string[] })[]) {
      row.author = { screenName: row.screen_name, fullName: row.full_name, iconUrl: row.icon_url };
      // SQLite gives the JSON as text; PostgreSQL parses it.
      if (typeof row.tags === 'string') row.tags = JSON.parse(row.tags) as string[];
      if (spec.extend) Object.assign(row, spec.extend(row));
    }
    return rows as HydratedRow<Row, Extra>[];
  }

  const shapeNames = new WeakMap<ContentParts, string>();
  /** What names the rows a read of `parts` makes among those kept: the type and the parts. */
  function shapeName(parts: ContentParts): string {
    let name = shapeNames.get(parts);
    if (name === undefined) shapeNames.set(parts, (name = `${type}:${parts.columns?.join(',') ?? '*'}:${Number(parts.tags)}${Number(parts.commentCount)}`));
    return name;
  }

  /**
   * Of `ids`, those the caller may see. What the caller's whole audience sees (scope.ts:
   * visibleToAudience) they see too, and it stays so until a write (time alone only makes more
   * visible: a scheduled item, when it falls due), so those ids are kept per audience
   * (lib/kept-rows.ts) and only the others are read, for this caller: their own drafts, say, a
   * post not yet due, or ids of no item.
   */
  async function visibleIds(db: Db, scope: ScopeContext, ids: number[], kept: KeptRows): Promise<number[]> {
    const callerAlone = new Set<number>();
    const seen = await kept.rows(scope.network.id, `${type}:seen:${audienceOf(scope)}`, ids, scope.now, async (missing) => {
      const seenToo: { id: number }[] = [];
      for (const row of await visibleIdsQuery(db, { scope: scopeShape(scope), ids: missing.length }, { ...readValues(scope), ids: missing })) {
        if (Number(row.seen)) seenToo.push({ id: row.id });
        else callerAlone.add(row.id);
      }
      return seenToo;
    });
    return ids.filter((id) => seen.has(id) || callerAlone.has(id));
  }

  /** Reads the rows of `ids` (which the caller may see) for the kept rows (lib/kept-rows.ts). */
  const rowsOf = (db: Db, scope: ScopeContext, parts: ContentParts) => async (ids: number[]) =>
    hydrate((await getQuery(db, { scope: scopeShape(scope), parts, ids: ids.length }, { ...readValues(scope), ids })) as Row[]);

  return {
    partsFor,
    async get(db, scope, ids, parts = allParts, kept) {
      if (ids.length === 0) return [];
      if (kept) {
        const rows = await kept.rows(scope.network.id, shapeName(parts), await visibleIds(db, scope, ids, kept), scope.now, rowsOf(db, scope, parts));
        return ids.flatMap((id) => rows.get(id) ?? []);
      }
      const rows = await getQuery(db, { scope: scopeShape(scope), parts, ids: ids.length }, { ...readValues(scope), ids });
      return hydrate(inOrder(ids, rows as Row[]));
    },
    async list(db, scope, filters, order, count, position, parts = allParts, kept) {
      // The sort column, for the anchor of the page.
      const sortColumn = `${alias}.${orders[order].column}`;
      const shape = {
        scope: scopeShape(scope),
        parts: parts.columns && !parts.columns.includes(sortColumn) ? { ...parts, columns: [...parts.columns, sortColumn].sort() } : parts,
        filters: filterShape(filters, order === 'featured'),
        order,
      };
      const values = readValues(scope, filters);
      const shapeOf = (w: Window): ListShape => ({ ...shape, forward: w.forward, side: w.side });
      const valuesOf = (w: Window): ListValues => ({ ...values, key: w.key, id: w.id, take: w.take });
      if (kept) {
        const keys = await readPageOnce(
          keysetOf(order),
          count,
          position,
          (w, otherSide) => keysQuery(db, { ...shapeOf(w), otherSide }, valuesOf(w)) as Promise<{ id: number }[]>,
          (w) => otherSideQuery(db, shapeOf(w), valuesOf(w)),
        );
        return kept.page(scope.network.id, shapeName(parts), scope.now, keys, rowsOf(db, scope, parts));
      }
      const page = await readPage(
        keysetOf(order),
        count,
        position,
        (w) => windowQuery(db, isPostgres(db) ? { ...shapeOf(w), take: w.take } : shapeOf(w), valuesOf(w)) as Promise<Row[]>,
        (w) => otherSideQuery(db, shapeOf(w), valuesOf(w)),
      );
      return { ...page, rows: hydrate(page.rows) };
    },
    async count(db, scope, filters) {
      const [row] = await countQuery(db, { scope: scopeShape(scope), filters: filterShape(filters, false) }, readValues(scope, filters));
      return Number(row!.n);
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
