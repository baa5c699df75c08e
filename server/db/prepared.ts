// Queries built and compiled once per shape, then run with each request's values. Building
// and compiling a page's queries through the query builder costs more than SQLite takes to
// run them; a listing has few shapes (its filters, ordering, the caller's audience, where the
// page starts) and many values (the network, the caller, the time, the anchor).
import { PostgresAdapter, type CompiledQuery, type Compilable, type DialectAdapter } from 'kysely';
import type { Db } from './database';
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

/** Most shapes kept per prepared query (least recently used first out). */
const MAX_SHAPES = 200;

/**
 * Under the tests, every run also builds its query from the real values and checks that it
 * has the SQL and parameters of the compiled shape: a shape that leaves out something `build`
 * decides on fails there, not in production.
 */
const checking = Boolean(process.env.VITEST);

/**
 * A query whose SQL depends only on `shape` (compared as JSON); `build` makes it from the shape
 * and the values. Each shape is built and compiled once per database dialect, then run with
 * the values put in place of their slots.
 */
export function preparedQuery<Shape, Values, Row>(build: (db: Db, shape: Shape, values: Values) => Compilable<Row>) {
  const byDialect = new WeakMap<DialectAdapter, Map<string, CompiledQuery<Row>>>();

  function compiled(db: Db, shape: Shape): CompiledQuery<Row> {
    const adapter = db.getExecutor().adapter;
    let shapes = byDialect.get(adapter);
    if (!shapes) byDialect.set(adapter, (shapes = new Map()));
    const key = JSON.stringify(shape);
    let query = shapes.get(key);
    if (query) {
      shapes.delete(key);
    } else {
      query = build(db, shape, slotsOf<Values>()).compile();
      // PostgreSQL parses and plans it once per connection, not on every run.
      if (adapter instanceof PostgresAdapter) nameStatement(query.sql);
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    }
    shapes.set(key, query);
    return query;
  }

  return async function run(db: Db, shape: Shape, values: Values): Promise<Row[]> {
    const query = compiled(db, shape);
    const parameters = query.parameters.map((p) => (p instanceof Slot ? p.read(values as Record<string, unknown>) : p));
    if (checking) {
      const fresh = build(db, shape, values).compile();
      if (fresh.sql !== query.sql || JSON.stringify(fresh.parameters) !== JSON.stringify(parameters)) {
        throw new Error(`A prepared query's shape misses something its SQL depends on: ${JSON.stringify(shape)}\n${fresh.sql}\n${query.sql}`);
      }
    }
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
