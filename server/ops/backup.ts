// Backup and restore of the embedded database. A backup is taken online, while the server
// runs and writes: SQLite's backup API copies a consistent snapshot (in WAL mode readers never
// block writers), into a temporary file renamed into place once it is whole and checked.
// Restoring wants the server stopped: it refuses while another process has the database open,
// keeps the database it replaces, and puts the backup in its place.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export const DATABASE_FILE = 'community.db';

export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
}

export async function backupDatabase(dataDir: string, to: string): Promise<BackupSummary> {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`no database at ${source}`);
  const target = path.resolve(to);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists; choose a new file`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    // After the first step, copy the rest in one step: a snapshot no concurrent write can restart.
    await db.backup(partial, { progress: () => 1_000_000_000 });
  } finally {
    db.close();
  }
  const summary = checkBackup(partial);
  fs.renameSync(partial, target);
  return { file: target, bytes: fs.statSync(target).size, tables: summary.tables };
}

/** Opens a backup read-only and checks it is a whole database of ours. */
export function checkBackup(file: string): { tables: number } {
  if (!fs.existsSync(file)) throw new BackupError(`no backup at ${file}`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} is not a database: ${(error as Error).message}`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${file} is damaged: ${String(integrity)}`);
    const tables = db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
    if (!tables.includes('kysely_migration') || !tables.includes('networks')) throw new BackupError(`${file} is not a backup of this service`);
    return { tables: tables.length };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/** Replaces the database with a backup; the one replaced is kept beside it. Returns where. */
export async function restoreDatabase(dataDir: string, from: string): Promise<{ restored: string; previous: string | null }> {
  const backup = path.resolve(from);
  checkBackup(backup);
  fs.mkdirSync(dataDir, { recursive: true });
  const live = path.join(dataDir, DATABASE_FILE);
  const incoming = `${live}.restoring`;
  fs.rmSync(incoming, { force: true });
  const source = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(incoming);
  } finally {
    source.close();
  }
  let previous: string | null = null;
  if (fs.existsSync(live)) {
    settleUnused(live);
    previous = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(live, previous);
  }
  for (const leftover of ['-wal', '-shm']) fs.rmSync(`${live}${leftover}`, { force: true });
  fs.renameSync(incoming, live);
  return { restored: live, previous };
}

/**
 * Refuses when another process (a running server) has the database open, and folds its
 * write-ahead log into the file so the file alone is the whole database.
 */
function settleUnused(file: string) {
  const db = new SQLite(file, { timeout: 200 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    db.exec('commit');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new BackupError(`the database in ${path.dirname(file)} is in use: stop the server before restoring`);
    }
    throw error;
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
