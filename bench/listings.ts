// Benchmark of the busiest read: BlogPost/recent pages over a network of many posts with
// tags and comments. Prints requests per second and latency percentiles per page size, and
// the number of queries one page costs (which must not grow with the page size). The server
// under load runs as its own process, as in production, so the load generator (autocannon)
// does not share its event loop.
// Usage: npm run bench [-- --posts 20000 --seconds 5 --concurrency 16]
// With BENCH_DATABASE_URL=postgres://... it runs on PostgreSQL (in a throwaway schema).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { findNetwork } from '../server/resources/networks/store';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '16' },
  },
});
const POSTS = Number(values.posts);
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const TAG = process.env.BENCH_TAG;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-bench-'));
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  if (databaseUrl) await pgExec(`create schema ${schema}`);
  let queries = 0;
  const server = await startServer(
    loadConfig({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', DEMO_CONTENT: 'off', LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'bench-password', RATE_LIMIT_PER_MINUTE: '0' }),
    { pgSchema: databaseUrl ? schema : undefined, onQuery: () => queries++ },
  );
  try {
    const network = (await findNetwork(server.db, 'apiexample'))!;
    await seed(server.db, network.id);
    const path = (count: number) => `/xn/rest/apiexample/1.0/BlogPost/recent?count=${count}${TAG ? `&tag=${TAG}` : ''}`;
    // Queries per page, measured in this process on single requests.
    const perPage = new Map<number, [number, number]>();
    for (const count of [1, 20, 100]) {
      queries = 0;
      const first = await fetch(`${server.url}${path(count)}`).then((r) => r.json());
      const firstPage = queries;
      queries = 0;
      await fetch(`${server.url}${path(count)}&anchor=${encodeURIComponent(first.anchor)}`).then((r) => r.json());
      perPage.set(count, [firstPage, queries]);
    }
    await server.stop();

    const { url, stop } = await serveInChild(dataDir, schema);
    try {
      console.log(
        `BlogPost/recent${TAG ? `?tag=${TAG}` : ''} on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}: ${POSTS} posts, 3 tags each, ` +
          `${CONCURRENCY} connections, ${SECONDS} s per size, server in its own process`,
      );
      for (const count of [1, 20, 100]) {
        const r = await autocannon({ url: `${url}${path(count)}`, connections: CONCURRENCY, duration: SECONDS });
        if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
        const [first, next] = perPage.get(count)!;
        console.log(
          `count=${String(count).padEnd(3)} ${r.requests.average.toFixed(0).padStart(6)} req/s  ` +
            `p50 ${r.latency.p50} ms  p90 ${r.latency.p90} ms  p99 ${r.latency.p99} ms  queries/page: first ${first}, next ${next}`,
        );
      }
    } finally {
      await stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await pgExec(`drop schema ${schema} cascade`);
  }
}

async function seed(db: Awaited<ReturnType<typeof startServer>>['db'], networkId: number) {
  const now = Date.now();
  const owner = (await db.selectFrom('members').select('account_id').where('network_id', '=', networkId).executeTakeFirstOrThrow()).account_id;
  for (let start = 0; start < POSTS; start += 500) {
    await db.transaction().execute(async (tx) => {
      const rows = Array.from({ length: Math.min(500, POSTS - start) }, (_, i) => {
        const t = now - (POSTS - start - i) * 1000;
        return {
          network_id: networkId, author_id: owner, title: `Post ${start + i}`, description: '<p>Benchmark post body.</p>',
          publish_status: 'publish' as const, publish_time: t, visibility: 'all' as const, approved: 1 as const,
          featured_at: null, created_at: t, updated_at: t,
        };
      });
      const ids = await tx.insertInto('blog_posts').values(rows).returning('id').execute();
      await tx
        .insertInto('item_tags')
        .values(ids.flatMap(({ id }, i) => [0, 1, 2].map((k) => ({ network_id: networkId, item_type: 'BlogPost', item_id: id, value: `tag${(start + i + k) % 10}`, position: k }))))
        .execute();
      await tx
        .insertInto('comments')
        .values(ids.filter((_, i) => i % 3 === 0).map(({ id }) => ({
          network_id: networkId, author_id: owner, attached_to_type: 'BlogPost', attached_to_id: id, attached_to_author_id: owner,
          description: 'Nice.', approved: 1 as const, featured_at: null, created_at: now, updated_at: now,
        })))
        .execute();
    });
  }
  // A bulk load leaves the planner without statistics until autovacuum (PostgreSQL) or an
  // ANALYZE (SQLite) catches up; measure the steady state a live network is in.
  await sql`analyze`.execute(db);
}

/** Starts `server/main.ts` on the seeded database, as `npm start` would, and waits until it is ready. */
async function serveInChild(dataDir: string, schema: string) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      PGOPTIONS: databaseUrl ? `-c search_path=${schema}` : '',
      DEMO_CONTENT: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (i > 100 || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function pgExec(sql: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
