// Queries built and compiled once per shape, then run with each request's values. Building
// and compiling a page's queries through the query builder costs more than SQLite takes to
// run them; a listing has few shapes (its filters, ordering, the caller's audience, where the
// page starts) and many values (the network, the caller, the time, the anchor).
import { PostgresAdapter, sql, type CompiledQuery, type Compilable, type DialectAdapter, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { isPostgres, type Db } from './database';
import { nameStatement } from './pg-statements';

/** Where a value goes in a query compiled before the value is known. */
class Slot {
  constructor(readonly read: (values: Record<string, unknown>) => unknown) {}
}

/**
 * The values as `build` sees them while a shape is compiled: each is a slot, which the
 * query builder keeps as a parameter. `build` must only pass them into the query, never look
 * at them: whatever it decides on belongs to the shape.
 */
function slotsOf<V>(): V {
  return new Proxy({}, { get: (_, name: string) => new Slot((values) => values[name]) }) as V;
}

/** A list of `length` values for `build` (a list of slots while compiling); its length is part of the shape. */
export function listOf<T>(list: T[], length: number): T[] {
  if (list instanceof Slot) {
    const slot = list;
    return Array.from({ length }, (_, i) => new Slot((values) => (slot.read(values) as unknown[])[i]) as T);
  }
  if (list.length !== length) throw new Error(`A list of ${list.length} values for a shape of ${length}.`);
  return list;
}

/**
 * Whether `column` holds one of the ids of `list`, a list of `length` (see listOf). On
 * PostgreSQL the ids travel as one array parameter, `= any(…)`, whatever their number: one
 * statement for every length, and one value to send (and, with `anyValues`, one sub-select to
 * run: opaqueValues) instead of a hundred for a read of 100 ids.
 */
export function oneOfIds(db: Db, column: string, list: number[], length: number) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    // Cast, so that read through a sub-select (opaqueValues) it is still an array, not a subquery's rows.
    isPostgres(db) ? eb(sql.ref(column), '=', sql<number>`any(${list}::bigint[])`) : eb(sql.ref(column), 'in', listOf(list, length));
}

/** Most shapes kept per prepared query (least recently used first out). */
const MAX_SHAPES = 200;

/**
 * Under the tests, every run also builds its query from the real values and checks that it
 * has the SQL and parameters of the compiled shape: a shape that leaves out something `build`
 * decides on fails there, not in production.
 */
const checking = Boolean(process.env.VITEST);

/**
 * `sql` with each of its values (`$1`, `$2`, ... outside quotes) read through a sub-select of
 * the value's type, `(select $1::bigint)`: PostgreSQL then plans the statement knowing none of
 * them, whether it plans for these values (a custom plan) or for any (the generic plan), so
 * the plans cost the same and it keeps the generic one from the sixth run on (see the option
 * `anyValues` of preparedQuery). Each sub-select is run once per execution. A value of no
 * known type (null) is left as it is; `types` are the values' types, in order.
 */
export function opaqueValues(sql: string, types: (string | null)[]): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === '$' && /[0-9]/.test(sql[i + 1] ?? '')) {
      let j = i + 1;
      while (/[0-9]/.test(sql[j] ?? '')) j++;
      const placeholder = sql.slice(i, j);
      const type = types[Number(placeholder.slice(1)) - 1];
      out += type ? `(select ${placeholder}::${type})` : placeholder;
      i = j - 1;
      continue;
    }
    out += c;
  }
  return out;
}

/** The PostgreSQL type a value is read as by opaqueValues, or null when it is passed as it is. */
function typeOf(value: unknown): string | null {
  if (typeof value === 'number') return Number.isInteger(value) ? 'bigint' : 'double precision';
  if (Array.isArray(value) && value.every(Number.isInteger)) return 'bigint[]';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'boolean') return 'boolean';
  return null;
}

export interface PreparedOptions {
  /**
   * On PostgreSQL, the query is planned for any values: once per connection, and never again
   * for the values of a run. A named statement (db/pg-statements.ts) is planned for its
   * values on its first five runs, then PostgreSQL weighs a plan made for any values (its
   * generic plan) against those and keeps planning anew on every run unless the generic plan
   * looks no dearer. Knowing the values, it often finds the plan cheaper, even where it is
   * the very plan it makes for any values: a listing through the visibility conditions
   * (lib/scope.ts) was planned on every request, about 0.3 ms of its CPU for 0.2 ms of
   * reading. With this, the values are read through sub-selects (opaqueValues), which hide
   * them from the planner either way: the plans cost the same and the generic plan is kept.
   * Only for a query whose plan made for any values is good (check it with EXPLAIN under
   * plan_cache_mode = force_generic_plan); a limit belongs in the SQL as a literal, which the
   * planner must see to plan for a page rather than a tenth of the rows. SQLite is unaffected.
   */
  anyValues?: boolean;
}

interface Prepared<Row> {
  query: CompiledQuery<Row>;
  /** With `anyValues` on PostgreSQL: the text sent, by the types of the values it is run with. */
  opaque?: Map<string, string>;
}

/**
 * A query whose SQL depends only on `shape` (compared as JSON); `build` makes it from the shape
 * and the values. Each shape is built and compiled once per database dialect, then run with
 * the values put in place of their slots.
 */
export function preparedQuery<Shape, Values, Row>(build: (db: Db, shape: Shape, values: Values) => Compilable<Row>, options: PreparedOptions = {}) {
  const byDialect = new WeakMap<DialectAdapter, Map<string, Prepared<Row>>>();

  function compiled(db: Db, shape: Shape): Prepared<Row> {
    const adapter = db.getExecutor().adapter;
    let shapes = byDialect.get(adapter);
    if (!shapes) byDialect.set(adapter, (shapes = new Map()));
    const key = JSON.stringify(shape);
    let prepared = shapes.get(key);
    if (prepared) {
      shapes.delete(key);
    } else {
      const query = build(db, shape, slotsOf<Values>()).compile();
      const postgres = adapter instanceof PostgresAdapter;
      prepared = { query, opaque: postgres && options.anyValues ? new Map() : undefined };
      // PostgreSQL parses and plans it once per connection, not on every run.
      if (postgres && !options.anyValues) nameStatement(query.sql);
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    }
    shapes.set(key, prepared);
    return prepared;
  }

  /** The text of `prepared` to send with these values (see opaqueValues). */
  function textOf(prepared: Prepared<Row>, parameters: unknown[]): string {
    if (!prepared.opaque) return prepared.query.sql;
    const types = parameters.map(typeOf);
    const signature = types.join();
    let text = prepared.opaque.get(signature);
    if (text === undefined) {
      text = opaqueValues(prepared.query.sql, types);
      prepared.opaque.set(signature, text);
      nameStatement(text);
    }
    return text;
  }

  return async function run(db: Db, shape: Shape, values: Values): Promise<Row[]> {
    const prepared = compiled(db, shape);
    const { query } = prepared;
    const parameters = query.parameters.map((p) => (p instanceof Slot ? p.read(values as Record<string, unknown>) : p));
    if (checking) {
      const fresh = build(db, shape, values).compile();
      if (fresh.sql !== query.sql || JSON.stringify(fresh.parameters) !== JSON.stringify(parameters)) {
        throw new Error(`A prepared query's shape misses something its SQL depends on: ${JSON.stringify(shape)}\n${fresh.sql}\n${query.sql}`);
      }
    }
    const result = await db.executeQuery<Row>({ ...query, sql: textOf(prepared, parameters), parameters });
    return result.rows;
  };
}
