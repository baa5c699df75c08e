// Named prepared statements on PostgreSQL for the queries compiled once per shape
// (db/prepared.ts). Sent unnamed, as Kysely sends every query, PostgreSQL parses and plans a
// query anew each time, and planning a page's queries (visibility checks, tags, counts) costs
// it more than running them. A named statement is parsed once per connection and its plan
// kept: the first runs are planned with their values, later ones may reuse a generic plan.
import crypto from 'node:crypto';
import pg from 'pg';

/** SQL texts of the queries compiled once per shape, and the name each is prepared under. */
const names = new Map<string, string>();

/** Most texts named at once; beyond, the oldest registered goes back to being sent unnamed. */
const MAX_NAMED_TEXTS = 2000;

/**
 * Most statements prepared on one connection. The server's shapes are far fewer; past this
 * a connection sends the rest unnamed rather than hold ever more plans in its backend.
 */
export const MAX_STATEMENTS_PER_CONNECTION = 500;

/**
 * Marks `sql` as a query compiled once per shape, to be sent as a named statement. The name
 * is the text's hash: the same text has the same name in every process and on every connection.
 */
export function nameStatement(sql: string): void {
  if (names.has(sql)) return;
  if (names.size >= MAX_NAMED_TEXTS) names.delete(names.keys().next().value!);
  names.set(sql, `q_${crypto.createHash('sha1').update(sql).digest('base64url')}`);
}

/** The statement name of `sql`, when it is marked (see nameStatement). */
export const statementName = (sql: string) => names.get(sql);

/**
 * A pg client that sends the queries marked by nameStatement as named statements. A
 * connection keeps its search_path for its life (the pool sets it when connecting), so a name,
 * made from the text alone, always means the same tables on it.
 */
export class NamingClient extends pg.Client {
  /** Names prepared on this connection. */
  readonly #prepared = new Set<string>();
  /** Names whose statement PostgreSQL no longer runs on this connection (see below). */
  readonly #stale = new Set<string>();

  // pg's overloads, narrowed to Kysely's call, `query(text, values)`; all others pass through.
  override query(...args: any[]): any {
    const [text, values, callback] = args;
    const name = typeof text === 'string' && callback === undefined ? statementName(text) : undefined;
    if (!name || this.#stale.has(name) || (!this.#prepared.has(name) && this.#prepared.size >= MAX_STATEMENTS_PER_CONNECTION)) {
      return (super.query as (...a: any[]) => any)(...args);
    }
    this.#prepared.add(name);
    return (super.query({ name, text, values }) as Promise<pg.QueryResult>).catch((error: { code?: string; message?: string }) => {
      // "cached plan must not change result type": a migration changed the columns a
      // statement prepared before it reads. The statement stays broken on this connection;
      // the text is sent unnamed here from now on.
      if (error?.code !== '0A000' || !String(error.message).includes('cached plan')) throw error;
      this.#stale.add(name);
      return super.query(text, values);
    });
  }
}
