// A whole network as one file, to move it between deployments or databases (the embedded
// SQLite to PostgreSQL, and back): gzip-compressed JSON Lines, one header line, one line per
// row, one closing line with the row counts (docs/archive.md describes the format). Import
// keeps every id, so content ids and links keep working, and runs in one transaction: a
// network is imported whole or not at all.
import { reindexAll } from '../resources/search/indexing';
import fs from 'node:fs';
import readline from 'node:readline';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect, Tx } from '../db/database';
import { rowWithSecret } from '../db/sealed-secrets';
import type { SecretBox } from '../lib/secret-box';

export const ARCHIVE_FORMAT = 'community-network-archive';
export const ARCHIVE_VERSION = 1;

export class ArchiveError extends Error {}

/** How a table's rows belong to a network, as SQL on the table (aliased `t`) given the network id. */
type Scope = (networkId: number) => RawBuilder<boolean>;
const inNetwork: Scope = (n) => sql<boolean>`t.network_id = ${n}`;

/**
 * Every table, in the order rows are written and imported (what a row refers to comes first),
 * with the rows of a network, and the columns that hold account ids (accounts are the one
 * thing shared between networks: an imported member whose email is known joins that account).
 */
const TABLES: { table: string; scope: Scope; accountColumns: string[]; hasIdentity: boolean }[] = [
  { table: 'accounts', scope: () => sql<boolean>`1 = 0`, accountColumns: ['id'], hasIdentity: true },
  { table: 'networks', scope: (n) => sql<boolean>`t.id = ${n}`, accountColumns: ['owner_account_id'], hasIdentity: false },
  { table: 'members', scope: inNetwork, accountColumns: ['account_id'], hasIdentity: true },
  { table: 'friendships', scope: inNetwork, accountColumns: ['account_id', 'friend_account_id'], hasIdentity: false },
  { table: 'oauth_consumers', scope: inNetwork, accountColumns: [], hasIdentity: true },
  {
    table: 'oauth_tokens',
    scope: (n) => sql<boolean>`t.consumer_id in (select id from oauth_consumers where network_id = ${n})`,
    accountColumns: ['account_id'],
    hasIdentity: true,
  },
  { table: 'access_tokens', scope: inNetwork, accountColumns: ['account_id'], hasIdentity: true },
  { table: 'forum_categories', scope: inNetwork, accountColumns: ['author_id'], hasIdentity: true },
  { table: 'blog_posts', scope: inNetwork, accountColumns: ['author_id'], hasIdentity: true },
  { table: 'photos', scope: inNetwork, accountColumns: ['author_id'], hasIdentity: true },
  {
    table: 'photo_images',
    scope: (n) => sql<boolean>`t.photo_id in (select id from photos where network_id = ${n})`,
    accountColumns: [],
    hasIdentity: false,
  },
  { table: 'videos', scope: inNetwork, accountColumns: ['author_id'], hasIdentity: true },
  { table: 'forum_topics', scope: inNetwork, accountColumns: ['author_id'], hasIdentity: true },
  { table: 'comments', scope: inNetwork, accountColumns: ['author_id', 'attached_to_author_id'], hasIdentity: true },
  { table: 'item_tags', scope: inNetwork, accountColumns: [], hasIdentity: false },
  { table: 'activities', scope: inNetwork, accountColumns: ['author_id', 'attached_to_author_id'], hasIdentity: true },
  { table: 'broadcasts', scope: inNetwork, accountColumns: ['author_id'], hasIdentity: true },
  { table: 'audit_log', scope: inNetwork, accountColumns: ['actor_id'], hasIdentity: true },
];

/**
 * Tables that belong to the deployment or to a moment, not to a network: sessions (members
 * sign in again), password reset links and OAuth nonces (a replay window), uploaded member
 * pictures (the account's), settings (the deployment's own secrets) and
 * the migrator's bookkeeping, and the search index (built anew from the imported rows). Every
 * other table must be in TABLES (a test checks it).
 */
export const NOT_ARCHIVED = [
  'sessions', 'oauth_nonces', 'settings', 'kysely_migration', 'kysely_migration_lock',
  'search_documents', 'search_fts', 'search_fts_data', 'search_fts_idx', 'search_fts_content', 'search_fts_docsize', 'search_fts_config',
  // The dashboard's counters and the tag cloud's, kept by triggers: an import counts what it writes.
  'stat_daily', 'stat_daily_authors', 'stat_tags', 'tag_audience_counts',
  // Password reset links: a moment's, like sessions.
  'password_resets',
  // Uploaded member pictures belong to the account, which several networks share, and stay with
  // the deployment that stores them: an account new to the importing one shows the default icon.
  'account_icons',
];

export const ARCHIVED_TABLES = TABLES.map((t) => t.table);

type Row = Record<string, unknown>;

interface Header {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  exportedAt: string;
  network: { id: number; subdomain: string; name: string };
  /** The migrations the exporting database had run: the importing one needs them all. */
  migrations: string[];
}

/** Writes network `subdomain` to `file` (mode 0600: it holds password hashes and OAuth secrets). */
export async function exportNetwork(db: Db, secrets: SecretBox, subdomain: string, file: string): Promise<Record<string, number>> {
  const network = await db.selectFrom('networks').selectAll().where('subdomain', '=', subdomain.toLowerCase()).executeTakeFirst();
  if (!network) throw new ArchiveError(`no network '${subdomain}'`);
  const header: Header = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: new Date().toISOString(),
    network: { id: network.id, subdomain: network.subdomain, name: network.name },
    migrations: await appliedMigrations(db),
  };
  const partial = `${file}.partial`;
  const out = zlib.createGzip();
  const done = new Promise<void>((resolve, reject) => {
    const sink = fs.createWriteStream(partial, { mode: 0o600 });
    out.pipe(sink).on('finish', resolve).on('error', reject);
    out.on('error', reject);
  });
  const write = async (value: unknown) => {
    if (!out.write(`${JSON.stringify(value)}\n`)) await once(out, 'drain');
  };
  const counts: Record<string, number> = {};
  await write(header);
  const accounts = await accountIdsOf(db, network.id);
  for (const { table, scope } of TABLES) {
    counts[table] = 0;
    const where = table === 'accounts' ? sql<boolean>`t.id in (${sql.join(accounts.length ? accounts : [-1])})` : scope(network.id);
    const { rows } = await sql<Row>`select * from ${sql.table(table)} as t where ${where}`.execute(db);
    // In a stable order, so the same network exports the same lines from either database. OAuth
    // secrets are written as they are, not as sealed here: each deployment seals them with its
    // own key, so the archive opens anywhere (and is kept as a backup is).
    const lines = rows.map((row) => JSON.stringify({ table, row: encodeRow(rowWithSecret(secrets, table, row, 'open')) })).sort();
    for (const line of lines) {
      if (!out.write(`${line}\n`)) await once(out, 'drain');
      counts[table]++;
    }
  }
  await write({ end: true, rows: counts });
  out.end();
  await done;
  fs.renameSync(partial, file);
  return counts;
}

/** Every account a network's rows refer to: its members, and authors and friends who since left. */
async function accountIdsOf(db: Db, networkId: number): Promise<number[]> {
  const parts = TABLES.filter((t) => t.table !== 'accounts').flatMap((t) =>
    t.accountColumns.map((column) => sql`select ${sql.ref(`t.${column}`)} as id from ${sql.table(t.table)} as t where ${t.scope(networkId)}`),
  );
  const { rows } = await sql<{ id: number | null }>`${sql.join(parts, sql` union `)}`.execute(db);
  return rows.map((r) => Number(r.id)).filter((id) => Number.isFinite(id) && id > 0).sort((a, b) => a - b);
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** Bytes as `{"$bytes": base64}`; everything else is a JSON number, string or null already. */
function encodeRow(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = Buffer.isBuffer(value) || value instanceof Uint8Array ? { $bytes: Buffer.from(value).toString('base64') } : typeof value === 'bigint' ? Number(value) : value;
  }
  return out;
}

function decodeRow(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = value && typeof value === 'object' && '$bytes' in value ? Buffer.from(String((value as { $bytes: string }).$bytes), 'base64') : value;
  }
  return out;
}

export interface ImportSummary {
  network: string;
  networkId: number;
  rows: Record<string, number>;
  /** Members whose email already had an account here, which they now use. */
  accountsJoined: number;
}

/** Reads an archive into the database, in one transaction; refuses when the network or any of its ids is taken. */
export async function importNetwork(db: Db, dialect: Dialect, secrets: SecretBox, file: string): Promise<ImportSummary> {
  if (!fs.existsSync(file)) throw new ArchiveError(`no archive at ${file}`);
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<any> => {
    const { value, done } = await iterator.next().catch((error: Error) => {
      throw new ArchiveError(`${file} is not a network archive: ${error.message}`);
    });
    if (done) return undefined;
    try {
      return JSON.parse(value);
    } catch {
      throw new ArchiveError(`${file} holds a line that is not JSON`);
    }
  };
  const header = (await next()) as Header | undefined;
  if (header?.format !== ARCHIVE_FORMAT) throw new ArchiveError(`${file} is not a network archive`);
  if (header.version !== ARCHIVE_VERSION) throw new ArchiveError(`archive version ${header.version} is not supported (this version reads ${ARCHIVE_VERSION})`);
  const known = new Set(await appliedMigrations(db));
  const missing = header.migrations.filter((m) => !known.has(m));
  if (missing.length) throw new ArchiveError(`the archive was made by a newer version (migrations ${missing.join(', ')}): upgrade first`);

  return db.transaction().execute(async (tx) => {
    const taken = await tx.selectFrom('networks').select('subdomain').where((eb) => eb.or([eb('id', '=', header.network.id), eb('subdomain', '=', header.network.subdomain)])).executeTakeFirst();
    if (taken) throw new ArchiveError(`this database already has a network '${taken.subdomain}' (or its id ${header.network.id})`);
    const accountIds = new Map<number, number>();
    const rows: Record<string, number> = {};
    let joined = 0;
    let batch: { table: string; rows: Row[]; bytes: number } | undefined;
    const flush = async () => {
      if (batch?.rows.length) await insertRows(tx, batch.table, batch.rows);
      batch = undefined;
    };
    for (;;) {
      const line = await next();
      if (line === undefined) throw new ArchiveError(`${file} ends early: it was cut off`);
      if (line.end) {
        await flush();
        const expected = line.rows as Record<string, number>;
        for (const [table, n] of Object.entries(expected)) {
          if ((rows[table] ?? 0) !== n) throw new ArchiveError(`${file} should hold ${n} ${table} rows, but holds ${rows[table] ?? 0}`);
        }
        break;
      }
      const spec = TABLES.find((t) => t.table === line.table);
      if (!spec) throw new ArchiveError(`${file} holds rows of an unknown table '${line.table}'`);
      let row = rowWithSecret(secrets, spec.table, decodeRow(line.row), 'seal');
      if (spec.table === 'accounts') {
        await flush();
        const { id, joinedExisting } = await importAccount(tx, row);
        accountIds.set(Number(row.id), id);
        if (joinedExisting) joined++;
      } else {
        row = { ...row };
        for (const column of spec.accountColumns) {
          if (row[column] === null || row[column] === undefined) continue;
          const mapped = accountIds.get(Number(row[column]));
          if (mapped === undefined) throw new ArchiveError(`${spec.table} row refers to account ${String(row[column])}, which the archive does not hold`);
          row[column] = mapped;
        }
        if (batch && batch.table !== spec.table) await flush();
        batch ??= { table: spec.table, rows: [], bytes: 0 };
        batch.rows.push(row);
        batch.bytes += JSON.stringify(line.row).length;
        if (batch.rows.length >= 200 || batch.bytes > 8_000_000) await flush();
      }
      rows[spec.table] = (rows[spec.table] ?? 0) + 1;
    }
    if (dialect === 'postgres') await advanceIdentities(tx);
    // The search index is this database's own, not part of the archive: built anew.
    await reindexAll(tx, header.network.id);
    return { network: header.network.subdomain, networkId: header.network.id, rows, accountsJoined: joined };
  });
}

/** An account is matched by email: a person known here keeps their account; anyone else arrives with their own. */
async function importAccount(tx: Tx, row: Row): Promise<{ id: number; joinedExisting: boolean }> {
  const existing = await tx.selectFrom('accounts').select('id').where('email', '=', String(row.email)).executeTakeFirst();
  if (existing) return { id: existing.id, joinedExisting: true };
  const idTaken = await tx.selectFrom('accounts').select('id').where('id', '=', Number(row.id)).executeTakeFirst();
  // An uploaded icon is stored as its path on the exporting deployment (`/xn/icons/...`).
  const icon = typeof row.icon_url === 'string' && row.icon_url.startsWith('/') ? { icon_url: null } : {};
  const values = { ...(idTaken ? Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'id')) : row), ...icon };
  const inserted = await sql<{ id: number }>`insert into accounts (${sql.join(Object.keys(values).map((k) => sql.ref(k)))})
    values (${sql.join(Object.values(values))}) returning id`
    .execute(tx)
    .catch((error: Error) => {
      throw new ArchiveError(`account ${String(row.email)} cannot be imported: ${error.message}`);
    });
  return { id: Number(inserted.rows[0]!.id), joinedExisting: false };
}

async function insertRows(tx: Tx, table: string, rows: Row[]) {
  const columns = Object.keys(rows[0]!);
  const values = rows.map((row) => sql`(${sql.join(columns.map((c) => row[c] ?? null))})`);
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(values)}`.execute(tx).catch((error: Error) => {
    throw new ArchiveError(`${table} rows cannot be imported (do their ids exist here already?): ${error.message}`);
  });
}

/** Rows came with their ids: identity columns must continue after the largest, or the next insert would collide. */
async function advanceIdentities(tx: Tx) {
  for (const { table, hasIdentity } of TABLES) {
    if (!hasIdentity) continue;
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(tx);
  }
}
