// Opens the database: embedded SQLite (WAL, one file under DATA_DIR) by default, PostgreSQL
// when DATABASE_URL is set. Callers get one Kysely instance and never branch on the dialect,
// except the few helpers below that paper over real differences.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type KyselyConfig, type Transaction } from 'kysely';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

// int8 (bigint) holds epoch-millisecond times and counts, all well inside 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use instead of `public` (tests give each file its own). */
  pgSchema?: string;
  /** Called once per executed query (benchmarks count queries per request with it). */
  onQuery?: () => void;
}

export function openDatabase(options: DatabaseOptions): { db: Db; dialect: Dialect } {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: options.pgSchema ? `-c search_path=${options.pgSchema}` : undefined,
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLog(options) }), dialect: 'postgres' };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, 'community.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log: queryLog(options) }),
    dialect: 'sqlite',
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing costs more than running a keyset-paged
 * query. The query builder emits the same SQL text for the same query shape, so prepared
 * statements are kept by their text (least recently used first out) and reused.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

function queryLog({ onQuery }: DatabaseOptions): KyselyConfig['log'] {
  if (!onQuery) return undefined;
  return (event) => {
    if (event.level === 'query') onQuery();
  };
}

/** True when an insert failed on a unique constraint, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
