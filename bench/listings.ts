// Benchmark of the busiest read: BlogPost/recent pages over a network of many posts with
// tags and comments. Prints requests per second and latency percentiles per page size, and
// the number of queries one page costs (which must not grow with the page size).
// Usage: npm run bench [-- --posts 20000 --seconds 5 --concurrency 16]
// With BENCH_DATABASE_URL=postgres://... it runs on PostgreSQL (in a throwaway schema).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
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
    const base = `${server.url}/xn/rest/apiexample/1.0/BlogPost/recent`;
    console.log(`BlogPost/recent on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}: ${POSTS} posts, 3 tags each, ${CONCURRENCY} concurrent clients, ${SECONDS} s per size`);
    for (const count of [1, 20, 100]) {
      // Queries per page, measured on one request with nothing else running.
      queries = 0;
      const first = await fetch(`${base}?count=${count}`).then((r) => r.json());
      const perPage = queries;
      queries = 0;
      await fetch(`${base}?count=${count}&anchor=${encodeURIComponent(first.anchor)}`).then((r) => r.json());
      const perNextPage = queries;
      const { rps, p50, p95, p99 } = await load(`${base}?count=${count}${process.env.BENCH_TAG ? `&tag=${process.env.BENCH_TAG}` : ""}`);
      console.log(
        `count=${String(count).padEnd(3)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${p50.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  p99 ${p99.toFixed(2)} ms  queries/page: first ${perPage}, next ${perNextPage}`,
      );
    }
  } finally {
    await server.stop();
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
}

async function load(url: string) {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { rps: latencies.length / SECONDS, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
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
