// Keyset paging: one window of a filtered query, in an ordering by a sort column with the
// id as tie-breaker, from a position just after or just before one row. Stores page their
// listings with it; http/anchor.ts turns positions into the anchors callers see.
import { sql, type SelectQueryBuilder, type Expression, type SqlBool } from 'kysely';
import { ApiError } from '../lib/errors';

export type SortKey = number | string;
export type Position =
  | { start: true }
  | { key: SortKey; id: number; side: 'after' | 'before'; /** sort column and direction */ ordering: string };

export interface Page<Row> {
  rows: Row[];
  position: Position;
  firstPage: boolean;
  lastPage: boolean;
}

/** A listing's order. */
export interface KeysetOrdering<Row> {
  /** Sort column and tie-breaking id column, as `alias.column`. */
  sortColumn: string;
  idColumn: string;
  order: 'desc' | 'asc';
  /** A row's sort key and id; by default its fields named like the two columns. */
  keyOf?: (row: Row) => { key: SortKey; id: number };
}

type Op = '<' | '<=' | '>' | '>=';

/** A window's queries (see keysetQueries): the window, and whether anything lies on its other side. */
export interface KeysetQueries<Q> {
  /** The window in reading order, with one row more than asked (whether more follow); none for a start page read backwards. */
  window?: Q;
  /** Any row at all here says something lies on the window's other side. */
  other?: SelectQueryBuilder<any, any, { one: unknown }>;
}

/**
 * Reads one window of a filtered query, in display order, with two queries at most:
 * the window itself (one row more than asked, to know whether more follow) and an
 * EXISTS check for the other direction.
 */
export async function keysetPage<Row>(
  query: SelectQueryBuilder<any, any, Row>,
  options: KeysetOrdering<Row>,
  count: number,
  position: Position,
): Promise<Page<Row>> {
  const { window, other } = keysetQueries(query, options, count > 0, Math.abs(count) + 1, position);
  return readPage(options, count, position, () => window!.execute(), () => other!.execute());
}

/** Where a page's window lies from its position, and how many rows it reads: what its queries (keysetQueries) are made of. */
export interface Window {
  /** In display order from the position, or back from it. */
  forward: boolean;
  side: 'start' | 'after' | 'before';
  /** The position's sort key and id (0 at the start). */
  key: SortKey;
  id: number;
  /** One row more than the page holds. */
  take: number;
}

/**
 * The page of `count` rows from `position`, read with a listing's two queries (keysetQueries)
 * as `readWindow` and `readOther` run them for the window described, each only when the page
 * needs it: a start page read backwards has no window, a start page no other side.
 */
export async function readPage<Row>(
  options: KeysetOrdering<Row>,
  count: number,
  position: Position,
  readWindow: (window: Window) => Promise<Row[]>,
  readOther: (window: Window) => Promise<unknown[]>,
): Promise<Page<Row>> {
  checkPosition(options, position);
  const window: Window = {
    forward: count > 0,
    side: 'start' in position ? 'start' : position.side,
    key: 'key' in position ? position.key : 0,
    id: 'key' in position ? position.id : 0,
    take: Math.abs(count) + 1,
  };
  const readsWindow = count > 0 || !('start' in position);
  const readsOther = !('start' in position) || count <= 0;
  const [rows, others] = await Promise.all([readsWindow ? readWindow(window) : [], readsOther ? readOther(window) : undefined]);
  return keysetResult(options, count, position, rows, others);
}

/** The column of a window read with its other side's check (windowOf). */
export const OTHER_SIDE = 'other_side';

/**
 * The page of `count` rows from `position`, as readPage reads it, but a window from an anchor
 * is read with its other side's check in one query (`readWindow` gets `true`: see
 * windowOf): one statement, one round trip to PostgreSQL, instead of two. Only when the
 * window is empty is the other side read apart.
 */
export async function readPageOnce<Row>(
  options: KeysetOrdering<Row>,
  count: number,
  position: Position,
  readWindow: (window: Window, otherSide: boolean) => Promise<Row[]>,
  readOther: (window: Window) => Promise<unknown[]>,
): Promise<Page<Row>> {
  if ('start' in position) return readPage(options, count, position, (w) => readWindow(w, false), readOther);
  checkPosition(options, position);
  const window: Window = { forward: count > 0, side: position.side, key: position.key, id: position.id, take: Math.abs(count) + 1 };
  const rows = await readWindow(window, true);
  const first = rows[0] as Record<string, unknown> | undefined;
  const others = first ? (first[OTHER_SIDE] === true || Number(first[OTHER_SIDE]) === 1 ? [first] : []) : await readOther(window);
  return keysetResult(options, count, position, rows, others);
}

/**
 * The window of keysetQueries, as readPageOnce's `readWindow` reads it: with `otherSide`, with
 * its other side's check too, whether that side holds a row, as the column OTHER_SIDE of each row.
 */
export function windowOf<Q extends SelectQueryBuilder<any, any, any>>(queries: KeysetQueries<Q>, otherSide: boolean): Q {
  return otherSide ? (queries.window!.select((eb) => eb.exists(queries.other!).as(OTHER_SIDE)) as Q) : queries.window!;
}

const orderingOf = (options: KeysetOrdering<any>) => `${options.sortColumn} ${options.order}`;

/**
 * The position a window's queries are built from (see Window): its side of the anchor, with
 * the anchor's key and id, which may be a prepared query's slots.
 */
export function positionOf(options: KeysetOrdering<any>, side: Window['side'], key: SortKey, id: number): Position {
  return side === 'start' ? { start: true } : { key, id, side, ordering: orderingOf(options) };
}

/** Refuses an anchor of another listing (400). */
export function checkPosition(options: KeysetOrdering<any>, position: Position) {
  if ('key' in position && position.ordering !== orderingOf(options)) throw new ApiError('invalidAnchor', 'This anchor belongs to another listing.');
}

/**
 * The queries of one window of `query` (see keysetPage): `forward` in display order or back
 * from the position, reading `take` rows (one more than the page holds). The position's key
 * and id, and `take`, are only passed into the queries, so they may be a prepared query's slots.
 */
export function keysetQueries<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  options: KeysetOrdering<any>,
  forward: boolean,
  take: number,
  position: Position,
): KeysetQueries<Q> {
  const desc = options.order === 'desc';
  // In display order, "after" means a smaller key for descending listings.
  const afterOp = (inclusive: boolean): Op => (desc ? (inclusive ? '<=' : '<') : inclusive ? '>=' : '>');
  const beforeOp = (inclusive: boolean): Op => (desc ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<');
  const cmp = (op: Op, key: SortKey, id: number): Expression<SqlBool> =>
    sql<SqlBool>`(${sql.ref(options.sortColumn)}, ${sql.ref(options.idColumn)}) ${sql.raw(op)} (${key}, ${id})`;
  const countOnly = () => query.clearSelect().select(sql`1`.as('one')).limit(1) as SelectQueryBuilder<any, any, { one: unknown }>;

  if ('start' in position) {
    if (!forward) return { other: countOnly() };
    return { window: ordered(query, options, desc).limit(take) as Q };
  }
  const { key, id, side } = position;
  // Whether the anchored item itself belongs to the window depends on the side it marks.
  const windowCond = forward ? cmp(afterOp(side === 'before'), key, id) : cmp(beforeOp(side === 'after'), key, id);
  const otherCond = forward ? cmp(beforeOp(side === 'after'), key, id) : cmp(afterOp(side === 'before'), key, id);
  return {
    window: ordered(query.where(windowCond), options, forward ? desc : !desc).limit(take) as Q,
    // Read nearest the anchor first, in the listing's index: unordered, SQLite may scan the
    // whole table for one row on the other side of an anchor deep in the listing.
    other: ordered(countOnly().where(otherCond), options, forward ? !desc : desc),
  };
}

/** The page that the rows of keysetQueries' window and other-side check make. */
export function keysetResult<Row>(
  options: KeysetOrdering<Row>,
  count: number,
  position: Position,
  rows: Row[],
  others: unknown[] | undefined,
): Page<Row> {
  const keyOf = options.keyOf ?? keyFields<Row>(options.sortColumn, options.idColumn);
  const ordering = orderingOf(options);
  const limit = Math.abs(count);
  if ('start' in position) {
    if (count <= 0) return { rows: [], position, firstPage: true, lastPage: others!.length === 0 };
    return forwardPage(true);
  }
  if (count > 0) return forwardPage(others!.length === 0);

  // Read backwards from the anchor, then put the window back in display order.
  const window = rows.slice(0, limit).reverse();
  const first = window[0];
  return {
    rows: window,
    position: first ? { ...keyOf(first), side: 'before', ordering } : position,
    firstPage: rows.length <= limit,
    lastPage: others!.length === 0,
  };

  function forwardPage(firstPage: boolean): Page<Row> {
    const window = rows.slice(0, limit);
    const last = window[window.length - 1];
    return {
      rows: window,
      position: last ? { ...keyOf(last), side: 'after', ordering } : position,
      firstPage,
      lastPage: rows.length <= limit,
    };
  }
}

/** Reads the sort key and id from the row's fields named like the columns (`c.created_at` -> `created_at`). */
function keyFields<Row>(sortColumn: string, idColumn: string) {
  const sortField = sortColumn.slice(sortColumn.lastIndexOf('.') + 1);
  const idField = idColumn.slice(idColumn.lastIndexOf('.') + 1);
  return (row: Row) => {
    const r = row as Record<string, unknown>;
    const key = r[sortField];
    const id = r[idField];
    if ((typeof key !== 'number' && typeof key !== 'string') || typeof id !== 'number') {
      throw new Error(`Rows paged by ${sortColumn}, ${idColumn} need the fields ${sortField} and ${idField}.`);
    }
    return { key, id };
  };
}

function ordered<Row>(query: SelectQueryBuilder<any, any, Row>, options: KeysetOrdering<Row>, desc: boolean) {
  const dir = desc ? 'desc' : 'asc';
  return query.orderBy(sql.ref(options.sortColumn), dir).orderBy(sql.ref(options.idColumn), dir);
}
