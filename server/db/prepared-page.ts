// Keyset pages (paging.ts) whose queries are prepared once per shape (prepared.ts): what a
// listing's own shape and values are, plus the window's direction and side of the anchor
// (shape) and the anchor's key and id and the rows to take (values).
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from './database';
import { checkPosition, keysetQueries, keysetResult, type KeysetOrdering, type Page, type Position, type SortKey } from './paging';
import { preparedQuery } from './prepared';

interface PageShape<Shape> {
  of: Shape;
  forward: boolean;
  side: 'start' | 'after' | 'before';
  /** The rows to take, when written into the SQL (see `takeInSql`). */
  take?: number;
}

/** The page's own values, beside the listing's (which must not use these names). */
interface PageValues {
  pageKey: SortKey;
  pageId: number;
  pageTake: number;
}

/**
 * A keyset-paged listing: `build` makes its filtered, unordered query from the listing's shape
 * and values (flat: each value one property), which it only passes into the query.
 */
export function preparedPage<Shape, Values extends object, Row>(
  ordering: KeysetOrdering<Row>,
  build: (db: Db, shape: Shape, values: Values) => SelectQueryBuilder<any, any, Row>,
  options: {
    /**
     * The rows to take are written into the window's SQL (one shape per page size) instead of
     * passed. With the limit a parameter, PostgreSQL costs a plan made for any values (a named
     * statement's generic plan, db/pg-statements.ts) as reading a tenth of the rows, not a
     * page: where planning is dear (the activity feed's visibility conditions) and the generic
     * plan then wins, it is planned once instead of on every run. Elsewhere a parameter can
     * do better: a listing whose generic plan wins even so keeps it for every page size.
     */
    takeInSql?: boolean;
  } = {},
) {
  const orderingName = `${ordering.sortColumn} ${ordering.order}`;
  const queries = (db: Db, s: PageShape<Shape>, v: Values & PageValues) => {
    const position: Position = s.side === 'start' ? { start: true } : { key: v.pageKey, id: v.pageId, side: s.side, ordering: orderingName };
    return keysetQueries(build(db, s.of, v), ordering, s.forward, s.take === undefined ? v.pageTake : sql.lit(s.take), position);
  };
  const windowQuery = preparedQuery((db: Db, s: PageShape<Shape>, v: Values & PageValues) => queries(db, s, v).window!);
  const otherSideQuery = preparedQuery((db: Db, s: PageShape<Shape>, v: Values & PageValues) => queries(db, s, v).other!);

  return async function page(db: Db, shape: Shape, values: Values, count: number, position: Position): Promise<Page<Row>> {
    checkPosition(ordering, position);
    // The other side's query takes one row, whatever the page's size.
    const other: PageShape<Shape> = { of: shape, forward: count > 0, side: 'start' in position ? 'start' : position.side };
    const s = options.takeInSql ? { ...other, take: Math.abs(count) + 1 } : other;
    const v = {
      ...values,
      pageKey: 'key' in position ? position.key : 0,
      pageId: 'key' in position ? position.id : 0,
      pageTake: Math.abs(count) + 1,
    };
    // As keysetQueries reads: a start page read backwards has no window, a start page no other side.
    const readsWindow = count > 0 || !('start' in position);
    const readsOther = !('start' in position) || count <= 0;
    const [rows, others] = await Promise.all([
      readsWindow ? windowQuery(db, s, v) : [],
      readsOther ? otherSideQuery(db, other, v) : undefined,
    ]);
    return keysetResult(ordering, count, position, rows as Row[], others);
  };
}
