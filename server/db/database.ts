// Opens the database: embedded SQLite (WAL, one file under DATA_DIR) by default, PostgreSQL
// when DATABASE_URL is set. Callers get one Kysely instance and never branch on the dialect,
// except the few helpers below that paper over real differences.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresAdapter, SqliteDialect, SqliteQueryCompiler, type Driver, type KyselyConfig, type QueryCompiler, type Transaction } from 'kysely';
import { OwnSchemaPostgresDialect } from './pg-introspector';
import { NamingClient } from './pg-statements';
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
  /** Called once per executed query, with its time (metrics; benchmarks count queries per request with it). */
  onQuery?: (durationMs: number, failed: boolean) => void;
}

/** The connection pool's state, for metrics: connections open, idle, most allowed, and requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

const PG_POOL_SIZE = 10;

export function openDatabase(options: DatabaseOptions): { db: Db; dialect: Dialect; pool: () => PoolStats } {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: PG_POOL_SIZE,
      // Sends the queries compiled once per shape as named statements (db/pg-statements.ts).
      Client: NamingClient,
      options: options.pgSchema ? `-c search_path=${options.pgSchema}` : undefined,
    });
    return {
      db: new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }), log: queryLog(options) }),
      dialect: 'postgres',
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: PG_POOL_SIZE }),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, 'community.db'));
  sqlite.pragma('journal_mode = WAL');
  // FULL: every commit is on disk (the WAL fsynced) before the reply says it succeeded, so an
  // acknowledged write survives a power cut too; NORMAL would survive only a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }), log: queryLog(options) }),
    dialect: 'sqlite',
    // Kysely runs every SQLite query on its one connection, one at a time.
    pool: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
  };
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE), waiting out
 * busy_timeout for it. Kysely's plain BEGIN starts a read that must later become a write:
 * with several worker processes on one file, a writer that committed in between makes that
 * upgrade fail at once with SQLITE_BUSY (no waiting), and the request with a 500.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }

  override createQueryCompiler(): QueryCompiler {
    return new PlainValueCompiler();
  }
}

/**
 * Values are written `+?` (a no-op on any value) rather than `?`. Once ANALYZE has kept samples
 * of the indexes (sqlite_stat4), SQLite plans a statement whose value is compared with an
 * indexed column by that value, and marks the statement to be prepared again whenever the
 * value is bound: every run of a kept statement then parsed and planned it afresh, which cost
 * more than running it (the activity feed's visibility conditions about 0.2 ms a page). A
 * value behind an operator is not looked up in the samples, so a statement is planned once,
 * from the averages of sqlite_stat1, as a statement is where no samples are kept.
 */
class PlainValueCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
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
    onQuery(event.queryDurationMillis, event.level === 'error');
  };
}

/** Whether `db` speaks to PostgreSQL, for the few queries that are written differently there. */
export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** True when an insert failed on a unique constraint, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
