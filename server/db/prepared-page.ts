// Keyset pages (paging.ts) whose queries are prepared once per shape (prepared.ts): what a
// listing's own shape and values are, plus the window's direction and side of the anchor
// (shape) and the anchor's key and id and the rows to take (values).
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from './database';
import { checkPosition, keysetQueries, keysetResult, type KeysetOrdering, type Page, type Position, type SortKey } from './paging';
import { preparedQuery } from './prepared';

interface PageShape<Shape> {
  of: Shape;
  forward: boolean;
  side: 'start' | 'after' | 'before';
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
) {
  const orderingName = `${ordering.sortColumn} ${ordering.order}`;
  const queries = (db: Db, s: PageShape<Shape>, v: Values & PageValues) => {
    const position: Position = s.side === 'start' ? { start: true } : { key: v.pageKey, id: v.pageId, side: s.side, ordering: orderingName };
    return keysetQueries(build(db, s.of, v), ordering, s.forward, v.pageTake, position);
  };
  const windowQuery = preparedQuery((db: Db, s: PageShape<Shape>, v: Values & PageValues) => queries(db, s, v).window!);
  const otherSideQuery = preparedQuery((db: Db, s: PageShape<Shape>, v: Values & PageValues) => queries(db, s, v).other!);

  return async function page(db: Db, shape: Shape, values: Values, count: number, position: Position): Promise<Page<Row>> {
    checkPosition(ordering, position);
    const s: PageShape<Shape> = { of: shape, forward: count > 0, side: 'start' in position ? 'start' : position.side };
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
      readsOther ? otherSideQuery(db, s, v) : undefined,
    ]);
    return keysetResult(ordering, count, position, rows as Row[], others);
  };
}
