// The server as operators run it: `server/main.ts` in its own process, on a throwaway
// database (a temp SQLite folder, or a fresh PostgreSQL schema when TEST_DATABASE_URL is set)
// that outlives the process, so a test can kill it, start it again on the same data, and read
// its JSON log lines.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OWNER, runOnce } from './harness';
import { spawnServer, type ChildServer } from './spawn-server';

export type { ChildServer };

/** Where a child server keeps its data: survives the processes started on it. */
export interface ChildData {
  env: Record<string, string>;
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  /** Removes the data (the PostgreSQL schema, the folder). */
  remove(): Promise<void>;
}

/** Data on the test's database, or on SQLite when asked (the embedded database's own tools). */
export async function childData(dialect?: 'sqlite'): Promise<ChildData> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-child-'));
  const databaseUrl = dialect === 'sqlite' ? undefined : process.env.TEST_DATABASE_URL;
  const schema = `c_${crypto.randomBytes(6).toString('hex')}`;
  if (databaseUrl) {
    await runOnce(databaseUrl, `create schema ${schema}`);
  }
  return {
    dialect: databaseUrl ? 'postgres' : 'sqlite',
    dataDir,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      PGOPTIONS: databaseUrl ? `-c search_path=${schema}` : '',
    },
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!databaseUrl) return;
      await runOnce(databaseUrl, `drop schema if exists ${schema} cascade`);
    },
  };
}

/** Starts `server/main.ts` on the data and waits until it serves (its `Serving on <url>` line). */
export function startChildServer(data: ChildData, env: Record<string, string> = {}): Promise<ChildServer> {
  return spawnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, ...data.env, ...env });
}
