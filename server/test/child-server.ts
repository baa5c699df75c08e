// The server as operators run it: `server/main.ts` in its own process, on a throwaway
// database (a temp SQLite folder, or a fresh PostgreSQL schema when TEST_DATABASE_URL is set)
// that outlives the process, so a test can kill it, start it again on the same data, and read
// its JSON log lines.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockSchemas, OWNER } from './harness';

const repo = path.resolve(import.meta.dirname, '..', '..');

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
    const lock = await lockSchemas(databaseUrl, 'shared');
    await lock.query(`create schema ${schema}`).finally(() => lock.end());
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
      const lock = await lockSchemas(databaseUrl, 'exclusive');
      await lock.query(`drop schema if exists ${schema} cascade`).finally(() => lock.end());
    },
  };
}

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Every line the process wrote to stdout and stderr so far. */
  output: string[];
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `server/main.ts` on the data and waits until it serves (its `Serving on <url>` line). */
export async function startChildServer(data: ChildData, env: Record<string, string> = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      DEMO_CONTENT: 'off',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
      ...data.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const collect = (stream: NodeJS.ReadableStream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) {
          output.push(line);
          const serving = /Serving on (http:\/\/[\d.:]+)/.exec(line);
          if (serving) resolve(serving[1]!);
        }
      });
    };
    collect(child.stdout!);
    collect(child.stderr!);
    void exited.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}) before serving:\n${output.join('\n')}`)));
  });
  return { url, process: child, output, exited };
}
