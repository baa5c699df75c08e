// Keyset pages (paging.ts) whose queries are prepared once per shape (prepared.ts): what a
// listing's own shape and values are, plus the window's direction and side of the anchor
// (shape) and the anchor's key and id and the rows to take (values).
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from './database';
import { keysetQueries, positionOf, readPageOnce, windowOf, type KeysetOrdering, type Page, type Position, type SortKey, type Window } from './paging';
import { preparedQuery } from './prepared';

interface PageShape<Shape> {
  of: Shape;
  forward: boolean;
  side: 'start' | 'after' | 'before';
}

/** A window's shape, and whether its other side's check is read with it (paging.ts: readPageOnce). */
interface WindowShape<Shape> extends PageShape<Shape> {
  otherSide: boolean;
}

/** The page's own values, beside the listing's (which must not use these names). */
interface PageValues {
  pageKey: SortKey;
  pageId: number;
  pageTake: number;
}

/**
 * A keyset-paged listing: `build` makes its filtered, unordered query from the listing's shape
 * and values (flat: each value one property), which it only passes into the query. A page
 * from an anchor is one statement, its window with its other side's check (a row of the
 * window carries the column OTHER_SIDE as well as `build`'s).
 */
export function preparedPage<Shape, Values extends object, Row>(
  ordering: KeysetOrdering<Row>,
  build: (db: Db, shape: Shape, values: Values) => SelectQueryBuilder<any, any, Row>,
) {
  const queries = (db: Db, s: PageShape<Shape>, v: Values & PageValues) => {
    return keysetQueries(build(db, s.of, v), ordering, s.forward, v.pageTake, positionOf(ordering, s.side, v.pageKey, v.pageId));
  };
  const windowQuery = preparedQuery((db: Db, s: WindowShape<Shape>, v: Values & PageValues) => windowOf(queries(db, s, v), s.otherSide));
  const otherSideQuery = preparedQuery((db: Db, s: PageShape<Shape>, v: Values & PageValues) => queries(db, s, v).other!);

  return function page(db: Db, shape: Shape, values: Values, count: number, position: Position): Promise<Page<Row>> {
    const shapeOf = (w: Window): PageShape<Shape> => ({ of: shape, forward: w.forward, side: w.side });
    const valuesOf = (w: Window) => ({ ...values, pageKey: w.key, pageId: w.id, pageTake: w.take });
    return readPageOnce(
      ordering,
      count,
      position,
      (w, otherSide) => windowQuery(db, { ...shapeOf(w), otherSide }, valuesOf(w)) as Promise<Row[]>,
      (w) => otherSideQuery(db, shapeOf(w), valuesOf(w)),
    );
  };
}

/**
 * A page's rows read in two steps: `keys` (the window's ids and sort keys, as `id` and `key`,
 * from the listed table alone) is read first, as a materialised common table expression
 * named `page`, then `rows(withPage)` joined to it on `idColumn` (rows made from withPage
 * read its with clause): however many rows the filters leave to sort, each is read once and
 * none is joined to anything before the window is cut.
 *
 * On PostgreSQL, where such a listing is planned once per connection for any values
 * (prepared.ts, `anyValues`), the keys are read with the page's size as a value, which the
 * planner takes for a tenth of the rows: it walks the listing's index in order whatever size
 * it takes the network to be (with the size in the SQL and a network it takes for small, it
 * sorted all of a large network's rows: 3 ms instead of 0.2). Then the page is cut again at
 * `take` written into the SQL (one statement per page size), a no-op which tells the planner
 * that the page is a page and not a tenth of the rows: else it joined every row to find the
 * page's. SQLite, which plans a statement once anyway, reads the keys alone (`take` undefined).
 */
export function keysThenRows<Row>(
  db: Db,
  keys: SelectQueryBuilder<any, any, { id: number; key: SortKey }>,
  take: number | undefined,
  idColumn: string,
  direction: 'asc' | 'desc',
  rows: (withPage: Db) => SelectQueryBuilder<any, any, Row>,
): SelectQueryBuilder<any, any, Row> {
  const page = take === undefined ? keys : db.selectFrom(keys.as('k')).selectAll().limit(sql.lit(take));
  const withPage = db.with((cte) => cte('page').materialized(), () => page) as unknown as Db;
  return rows(withPage)
    .innerJoin('page', 'page.id', idColumn)
    .orderBy(sql.ref('page.key'), direction)
    .orderBy(sql.ref('page.id'), direction) as SelectQueryBuilder<any, any, Row>;
}
