// Benchmark of the administrators' dashboard (GET Dashboard) as a network grows: loads posts
// (each with a tag, every third with a comment) by many members over the last 60 days, through
// the same tables and triggers as the service, and prints the endpoint's latency at each size.
// The dashboard reads counters, so the figures should hardly move from the first size to the last.
// Usage: npm run bench:dashboard [-- --sizes 10000,100000 --requests 50]
//        (--sizes 10000,1000000 for the million-post comparison; a few minutes on SQLite)
// With BENCH_DATABASE_URL=postgres://... it runs on PostgreSQL (in a throwaway schema).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { findNetwork } from '../server/resources/networks/store';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    requests: { type: 'string', default: '50' },
    members: { type: 'string', default: '1000' },
  },
});
const SIZES = values.sizes.split(',').map(Number).sort((a, b) => a - b);
const REQUESTS = Number(values.requests);
const MEMBERS = Number(values.members);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password' };
const DAY_MS = 86_400_000;
const BATCH = 500;

type Db = Awaited<ReturnType<typeof startServer>>['db'];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-bench-'));
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  if (databaseUrl) await pgExec(`create schema ${schema}`);
  const server = await startServer(
    loadConfig({
      PORT: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', DEMO_CONTENT: 'off', LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_PER_MINUTE: '0',
    }),
    { pgSchema: databaseUrl ? schema : undefined },
  );
  try {
    const network = (await findNetwork(server.db, 'apiexample'))!;
    const authors = await addMembers(server.db, network.id);
    const cookie = await signIn(server.url);
    console.log(`GET Dashboard on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${MEMBERS} members, ${REQUESTS} requests per size`);
    console.log('posts      load (s)  p50 (ms)  p95 (ms)  max (ms)');
    let loaded = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await addPosts(server.db, network.id, authors, loaded, size);
      loaded = size;
      await sql`analyze`.execute(server.db);
      const loadSeconds = (performance.now() - started) / 1000;
      const times = await measure(`${server.url}/xn/rest/apiexample/1.0/Dashboard`, cookie);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
      console.log(`${String(size).padEnd(10)} ${loadSeconds.toFixed(1).padStart(8)}  ${at(0.5).padStart(8)}  ${at(0.95).padStart(8)}  ${times.at(-1)!.toFixed(1).padStart(8)}`);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await pgExec(`drop schema ${schema} cascade`);
  }
}

async function addMembers(db: Db, networkId: number): Promise<number[]> {
  const now = Date.now();
  const ids: number[] = [];
  for (let start = 0; start < MEMBERS; start += BATCH) {
    await db.transaction().execute(async (tx) => {
      const accounts = await tx
        .insertInto('accounts')
        .values(Array.from({ length: Math.min(BATCH, MEMBERS - start) }, (_, i) => {
          const n = start + i;
          return { email: `m${n}@bench.example`, password_hash: 'x', screen_name: `bench${n}`, full_name: `Member ${n}`, sort_name: `member ${n}`, icon_url: null, created_at: now, updated_at: now, birthdate: null, gender: null, location: null };
        }))
        .returning('id')
        .execute();
      await tx
        .insertInto('members')
        .values(accounts.map(({ id }, i) => {
          const t = now - ((start + i) % 60) * DAY_MS;
          return { network_id: networkId, account_id: id, role: 'member' as const, state: 'active' as const, featured_at: null, created_at: t, updated_at: t, status_message: null, profile_questions: null };
        }))
        .execute();
      ids.push(...accounts.map((a) => a.id));
    });
  }
  return ids;
}

/** Posts `from` to `to` (counting from 0), spread over the last 60 days. */
async function addPosts(db: Db, networkId: number, authors: number[], from: number, to: number) {
  const now = Date.now();
  for (let start = from; start < to; start += BATCH) {
    await db.transaction().execute(async (tx) => {
      const rows = Array.from({ length: Math.min(BATCH, to - start) }, (_, i) => {
        const n = start + i;
        const t = now - (n % (60 * 24)) * (DAY_MS / 24);
        return {
          network_id: networkId, author_id: authors[n % authors.length]!, title: `Post ${n}`, description: '<p>Benchmark post body.</p>',
          publish_status: 'publish' as const, publish_time: t, visibility: 'all' as const, approved: 1 as const, featured_at: null, created_at: t, updated_at: t,
        };
      });
      const ids = await tx.insertInto('blog_posts').values(rows).returning(['id', 'author_id', 'created_at']).execute();
      await tx
        .insertInto('item_tags')
        .values(ids.map(({ id }, i) => ({ network_id: networkId, item_type: 'BlogPost', item_id: id, value: `tag${(start + i) % 200}`, position: 0 })))
        .execute();
      await tx
        .insertInto('comments')
        .values(ids.filter((_, i) => i % 3 === 0).map((p, i) => ({
          network_id: networkId, author_id: authors[(start + i * 7) % authors.length]!, attached_to_type: 'BlogPost', attached_to_id: p.id,
          attached_to_author_id: p.author_id, description: 'Nice.', approved: 1 as const, featured_at: null, created_at: p.created_at, updated_at: p.created_at,
        })))
        .execute();
    });
  }
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/xn/rest/apiexample/1.0/Session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(ADMIN).toString(),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${await res.text()}`);
  return res.headers.getSetCookie().find((c) => c.startsWith('xn_session='))!.split(';')[0]!;
}

/** Sequential requests (after a few to warm up), sorted latencies in milliseconds. */
async function measure(url: string, cookie: string): Promise<number[]> {
  const once = async () => {
    const started = performance.now();
    // A fresh connection: one kept alive through a long load may have been closed by the server.
    const res = await fetch(url, { headers: { cookie, connection: 'close' } });
    const body = (await res.json()) as { success: boolean };
    if (!body.success) throw new Error(`Dashboard failed: ${JSON.stringify(body)}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await once());
  return times.sort((a, b) => a - b);
}

async function pgExec(text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

await main();
