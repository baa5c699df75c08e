// A fingerprint of everything stored, table by table, to show that a refused request changed
// nothing (and that a backup or an export holds what the database held). Tables are found in
// the database itself, so tables added later are covered too.
import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { rowWithSecret } from '../db/sealed-secrets';
import type { SecretBox } from '../lib/secret-box';

/** Bookkeeping that legitimately moves on any request, or is not data. */
const IGNORED_TABLES = new Set(['oauth_nonces', 'kysely_migration', 'kysely_migration_lock']);
const IGNORED_COLUMNS = new Set(['access_tokens.last_used_at', 'oauth_consumers.last_used_at']);

export async function tableNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
    .execute(db)
    .catch(() =>
      sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db),
    );
  return rows.map((r) => r.name).filter((name) => !IGNORED_TABLES.has(name)).sort();
}

/**
 * One line per row (columns by name, bytes as hex), sorted, so row order and dialect do not
 * matter. With the database's `secrets`, sealed secrets count by what they say (each deployment
 * seals them with its own key).
 */
export async function tableRows(db: Db, table: string, secrets?: SecretBox): Promise<string[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
  return rows
    .map((stored) => secrets ? rowWithSecret(secrets, table, stored, 'open') : stored)
    .map((row) => {
      const kept = Object.keys(row)
        .filter((column) => !IGNORED_COLUMNS.has(`${table}.${column}`))
        .sort()
        .map((column) => [column, normalise(row[column])]);
      return JSON.stringify(kept);
    })
    .sort();
}

function normalise(value: unknown): unknown {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString('hex')}`;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** Table name → SHA-256 of its rows. */
export async function tableDigest(db: Db, secrets?: SecretBox): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of await tableNames(db)) {
    digest[table] = crypto.createHash('sha256').update((await tableRows(db, table, secrets)).join('\n')).digest('hex').slice(0, 16);
  }
  return digest;
}

/** A SQLite database file (a backup, another data folder), opened read-only for digests. */
export function openSqliteFile(file: string): Db {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }) });
}
