// Keyset paging with opaque anchors. An anchor is a position in an ordering: just after or
// just before one item, named by its sort key and id, so it stays valid when items are added
// or removed around it. Anchors are signed with the deployment's secret, so a tampered one
// is refused (4-7) rather than silently read as some other position, and each names the
// ordering it belongs to, so one listing's anchor is never read against another's sort key.
import crypto from 'node:crypto';
import { sql, type SelectQueryBuilder, type Expression, type SqlBool } from 'kysely';
import { badRequest } from './errors';

export type SortKey = number | string;
export type Position =
  | { start: true }
  | { key: SortKey; id: number; side: 'after' | 'before'; /** sort column and direction */ ordering: string };

export class AnchorCodec {
  constructor(private readonly secret: string) {}

  encode(position: Position): string {
    const payload = Buffer.from(
      JSON.stringify('start' in position ? [0] : [position.side === 'after' ? 1 : 2, position.key, position.id, position.ordering]),
    ).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  decode(anchor: string | undefined): Position {
    if (anchor === undefined || anchor === '') return { start: true };
    const [payload, mac, ...rest] = anchor.split('.');
    if (!payload || !mac || rest.length > 0 || !sameMac(this.mac(payload), mac)) throw badRequest(7, 'Invalid anchor.');
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (value[0] === 0) return { start: true };
    return { side: value[0] === 1 ? 'after' : 'before', key: value[1] as SortKey, id: value[2] as number, ordering: String(value[3]) };
  }

  private mac(payload: string): string {
    return crypto.createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 22);
  }
}

/** Constant-time comparison; a MAC of another length (in bytes, not characters) never matches. */
function sameMac(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export interface Page<Row> {
  rows: Row[];
  position: Position;
  firstPage: boolean;
  lastPage: boolean;
}

export interface KeysetOptions<Row> {
  /** Sort column and tie-breaking id column, as `alias.column`. */
  sortColumn: string;
  idColumn: string;
  order: 'desc' | 'asc';
  keyOf: (row: Row) => { key: SortKey; id: number };
  count: number;
  position: Position;
}

type Op = '<' | '<=' | '>' | '>=';

/**
 * Reads one window of a filtered query, in display order, with two queries at most:
 * the window itself (one row more than asked, to know whether more follow) and an
 * EXISTS check for the other direction.
 */
export async function keysetPage<Row>(
  query: SelectQueryBuilder<any, any, Row>,
  options: KeysetOptions<Row>,
): Promise<Page<Row>> {
  const { count, position, order } = options;
  const ordering = `${options.sortColumn} ${order}`;
  if ('key' in position && position.ordering !== ordering) throw badRequest(7, 'This anchor belongs to another listing.');
  const forward = count > 0;
  const limit = Math.abs(count);
  const desc = order === 'desc';
  // In display order, "after" means a smaller key for descending listings.
  const afterOp = (inclusive: boolean): Op => (desc ? (inclusive ? '<=' : '<') : inclusive ? '>=' : '>');
  const beforeOp = (inclusive: boolean): Op => (desc ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<');
  const cmp = (op: Op, key: SortKey, id: number): Expression<SqlBool> =>
    sql<SqlBool>`(${sql.ref(options.sortColumn)}, ${sql.ref(options.idColumn)}) ${sql.raw(op)} (${key}, ${id})`;

  const countOnly = () => query.clearSelect().select(sql`1`.as('one')).limit(1);

  if ('start' in position) {
    if (!forward) {
      const any = await countOnly().execute();
      return { rows: [], position, firstPage: true, lastPage: any.length === 0 };
    }
    const rows = await ordered(query, options, desc).limit(limit + 1).execute();
    return forwardPage(rows, true);
  }

  const { key, id, side } = position;
  // Whether the anchored item itself belongs to the window depends on the side it marks.
  const windowCond = forward ? cmp(afterOp(side === 'before'), key, id) : cmp(beforeOp(side === 'after'), key, id);
  const otherCond = forward ? cmp(beforeOp(side === 'after'), key, id) : cmp(afterOp(side === 'before'), key, id);
  const [rows, other] = await Promise.all([
    ordered(query.where(windowCond), options, forward ? desc : !desc)
      .limit(limit + 1)
      .execute(),
    countOnly().where(otherCond).execute(),
  ]);
  if (forward) return forwardPage(rows, other.length === 0);

  // Read backwards from the anchor, then put the window back in display order.
  const window = rows.slice(0, limit).reverse();
  const first = window[0];
  return {
    rows: window,
    position: first ? { ...options.keyOf(first), side: 'before', ordering } : position,
    firstPage: rows.length <= limit,
    lastPage: other.length === 0,
  };

  function forwardPage(rows: Row[], firstPage: boolean): Page<Row> {
    const window = rows.slice(0, limit);
    const last = window[window.length - 1];
    return {
      rows: window,
      position: last ? { ...options.keyOf(last), side: 'after', ordering } : position,
      firstPage,
      lastPage: rows.length <= limit,
    };
  }
}

function ordered<Row>(query: SelectQueryBuilder<any, any, Row>, options: KeysetOptions<Row>, desc: boolean) {
  const dir = desc ? 'desc' : 'asc';
  return query.orderBy(sql.ref(options.sortColumn), dir).orderBy(sql.ref(options.idColumn), dir);
}
