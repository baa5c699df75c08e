// A whole network exported and imported with the command line, SQLite → PostgreSQL → SQLite:
// every table ends as it began (members, accounts with their passwords, friendships, posts,
// comments, tags, photos with their image bytes, videos, forum, activity, broadcasts, tokens),
// both databases export the same archive, the server on the result answers every read as the
// original did, and PostgreSQL goes on numbering after the imported ids. Refusals (a network
// already there, a cut-off or foreign file) change nothing.
// Runs in the suite's SQLite pass; the PostgreSQL leg needs TEST_POSTGRES_URL (scripts/test.sh
// sets it), else the round trip is SQLite → SQLite.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthClient, runOnce, startTestServer, type Client, type TestServer } from '../test/harness';
import { loadSecretBox } from '../lib/secret-box';
import { buildWorld, type World } from '../test/world';
import { runCli } from '../test/cli-runner';
import { openSqliteFile, tableDigest, tableNames } from '../test/digest';
import { childData, startChildServer } from '../test/child-server';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import { OwnSchemaPostgresDialect } from '../db/pg-introspector';
import { ARCHIVED_TABLES, ArchiveError, importNetwork, NOT_ARCHIVED } from './archive';
import { DATABASE_FILE } from './backup';

const pgUrl = process.env.TEST_POSTGRES_URL || undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'community-archive-'));
const dir = (name: string) => path.join(work, name);
const schema = `a_${crypto.randomBytes(5).toString('hex')}`;
// The PostgreSQL deployment keeps its secrets key in a data folder of its own.
const pgEnv = { DATABASE_URL: pgUrl ?? '', PGOPTIONS: `-c search_path=${schema}`, DATA_DIR: dir('pg') };
/** The key a deployment seals OAuth secrets with, from its data folder. */
const boxOf = (dataDir: string) => loadSecretBox({ DATA_DIR: dataDir, SECRETS_KEY_PREVIOUS: [] });

let origin: TestServer;
let world: World;
let pgDb: Db | undefined;
let program: OAuthClient;

/** What an archive must bring back: every table but the deployment's own (sessions, settings). */
const archived = (digest: Record<string, string>) => Object.fromEntries(Object.entries(digest).filter(([table]) => !NOT_ARCHIVED.includes(table)));

const lines = (file: string) => zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');

describe.runIf(!process.env.TEST_DATABASE_URL)('a network archive, SQLite → PostgreSQL → SQLite', () => {
  beforeAll(async () => {
    origin = await startTestServer({ DATABASE_URL: '', DATA_DIR: dir('origin') });
    world = await buildWorld(origin, { otherNetwork: false });
    // Programs' credentials travel too.
    program = await origin.oauthFor(world.callers.member.who);
    expect((await world.callers.friend.post('AccessToken', { name: 'script' })).status).toBe(200);
    await world.callers.stranger.post('Friend', { friend: world.screenNames.member });
    if (pgUrl) {
      await runOnce(pgUrl, `create schema ${schema}`);
      pgDb = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: pgUrl, options: `-c search_path=${schema}`, max: 2 }) }) });
    }
  }, 120_000);
  afterAll(async () => {
    await origin?.stop();
    await pgDb?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
    if (pgUrl) {
      await runOnce(pgUrl, `drop schema if exists ${schema} cascade`);
    }
  });

  it('round-trips every table exactly, and both databases export the same archive', async () => {
    const first = dir('first.jsonl.gz');
    const exported = await runCli(['export', '--network', 'apiexample', '--to', first, '--json'], { DATA_DIR: dir('origin'), DATABASE_URL: '' });
    expect(exported.code, exported.stderr).toBe(0);
    const counts = JSON.parse(exported.stdout).rows;
    expect(counts).toMatchObject({ accounts: 7, members: 7, blog_posts: 7, photos: 3, photo_images: 9, comments: 5, friendships: 4, broadcasts: 1, access_tokens: 1, oauth_tokens: 1 });
    expect(fs.statSync(first).mode & 0o777).toBe(0o600);

    let second = first;
    if (pgUrl) {
      const imported = await runCli(['import', '--from', first, '--json'], pgEnv);
      expect(imported.code, imported.stderr).toBe(0);
      expect(JSON.parse(imported.stdout)).toMatchObject({ network: 'apiexample', networkId: origin.networkId, rows: counts, accountsJoined: 0 });
      expect(archived(await tableDigest(pgDb!, boxOf(dir('pg'))))).toEqual(archived(await tableDigest(origin.db, origin.secrets)));
      second = dir('second.jsonl.gz');
      const again = await runCli(['export', '--network', 'apiexample', '--to', second], pgEnv);
      expect(again.code, again.stderr).toBe(0);
      expect(lines(second).slice(1)).toEqual(lines(first).slice(1));
    }
    const imported = await runCli(['import', '--from', second], { DATA_DIR: dir('final'), DATABASE_URL: '' });
    expect(imported.code, imported.stderr).toBe(0);
    const final = openSqliteFile(path.join(dir('final'), DATABASE_FILE));
    try {
      expect(archived(await tableDigest(final, boxOf(dir('final'))))).toEqual(archived(await tableDigest(origin.db, origin.secrets)));
    } finally {
      await final.destroy();
    }
  });

  it('gives a server on the result the same answers, images and passwords as the original', async () => {
    const copy = await startTestServer({ DATABASE_URL: '', DATA_DIR: dir('final') });
    try {
      const as = async (server: TestServer, who: 'owner' | 'member' | 'anonymous') =>
        who === 'anonymous' ? server.anonymous() : server.signIn(world.callers[who].who.email!, world.callers[who].who.password!);
      const normalise = (server: TestServer, body: unknown) =>
        JSON.parse(JSON.stringify(body).replaceAll(server.url, 'BASE'), (key, value) => (key === 'anchor' || key === 'trace' ? undefined : value));
      const reads: [string, Record<string, string | number>][] = [
        ['BlogPost/recent', { count: 100 }], ['Photo/recent', { count: 100 }], ['Video/recent', { count: 100 }],
        ['Topic/recent', { count: 100 }], ['Category/recent', { count: 100 }], ['Comment/featured', { count: 100 }],
        ['User/alpha', { count: 100 }], ['Activity/recent', { count: 100 }], ['Tag/popular', { count: 100 }],
        ['Friend/recent', { count: 100 }], ['BroadcastMessage/recent', { count: 100 }], ['Network', {}],
        ...world.items.filter((i) => i.type === 'BlogPost').map((i): [string, Record<string, string>] => ['Comment/recent', { attachedTo: i.id, count: '100' }]),
      ];
      for (const who of ['owner', 'member', 'anonymous'] as const) {
        const [a, b]: Client[] = [await as(origin, who), await as(copy, who)];
        for (const [p, query] of reads) {
          const [x, y] = [await a.get(p, query), await b.get(p, query)];
          expect(normalise(copy, y.body), `${p} as ${who}`).toEqual(normalise(origin, x.body));
        }
      }
      // The program's consumer and token secrets, sealed here with another key, still sign.
      const moved = await new OAuthClient(copy, program.consumer, program.token).get('AccessToken');
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const owner = await as(origin, 'owner');
      const photos = (await owner.get('Photo/recent', { count: 100, fields: 'image' })).body.entry as { image: string }[];
      expect(photos).toHaveLength(3);
      const copyOwner = await as(copy, 'owner');
      for (const { image } of photos) {
        const [x, y] = [await owner.bytes(image), await copyOwner.bytes(image)];
        expect(x.status).toBe(200);
        expect(y.bytes.equals(x.bytes), image).toBe(true);
      }
    } finally {
      await copy.stop();
    }
  });

  it.runIf(pgUrl)('lets PostgreSQL go on numbering after the imported ids', async () => {
    const data = await childData();
    const server = await startChildServer({ ...data, env: { ...data.env, ...pgEnv } });
    try {
      const base = `${server.url}/xn/rest/apiexample/1.0`;
      const signIn = await fetch(`${base}/Session`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: world.callers.member.who.email!, password: world.callers.member.who.password! }),
      });
      expect(signIn.status).toBe(200);
      const headers = { cookie: signIn.headers.getSetCookie()[0]!.split(';')[0]!, 'x-csrf-token': (await signIn.json()).entry.csrfToken };
      const post = await fetch(`${base}/BlogPost`, { method: 'POST', headers, body: new URLSearchParams({ title: 'After the move', tag: 'moved' }) });
      expect(post.status, await post.clone().text()).toBe(200);
      const id = Number((await post.json()).id.split(':')[2]);
      const highest = Math.max(...world.items.filter((i) => i.type === 'BlogPost').map((i) => Number(i.id.split(':')[2])));
      expect(id).toBeGreaterThan(highest);
      const comment = await fetch(`${base}/Comment`, { method: 'POST', headers, body: new URLSearchParams({ attachedTo: `${origin.networkId}:BlogPost:${id}`, description: 'ok' }) });
      expect(comment.status).toBe(200);
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
      await data.remove();
    }
  });

  it('refuses a network that is already there, a cut-off archive and a foreign file, changing nothing', async () => {
    const final = openSqliteFile(path.join(dir('final'), DATABASE_FILE));
    await final.destroy();
    const target = await startTestServer({ DATABASE_URL: '', DATA_DIR: dir('refusals') });
    try {
      const before = await tableDigest(target.db);
      const first = dir('first.jsonl.gz');
      await expect(importNetwork(target.db, 'sqlite', target.secrets, first)).rejects.toThrow(/already has a network 'apiexample'/);
      const whole = zlib.gunzipSync(fs.readFileSync(first)).toString('utf8');
      const cut = dir('cut.jsonl.gz');
      fs.writeFileSync(cut, zlib.gzipSync(whole.replace(/"subdomain":"apiexample"/, '"subdomain":"copied"').replace(/"id":\d+,"subdomain"/, '"id":1,"subdomain"').slice(0, Math.floor(whole.length * 0.7))));
      await expect(importNetwork(target.db, 'sqlite', target.secrets, cut)).rejects.toThrow(ArchiveError);
      const foreign = dir('foreign.jsonl.gz');
      fs.writeFileSync(foreign, 'plain text, not gzip');
      await expect(importNetwork(target.db, 'sqlite', target.secrets, foreign)).rejects.toThrow(/not a network archive/);
      expect(await tableDigest(target.db)).toEqual(before);
      const cli = await runCli(['import', '--from', foreign], { DATA_DIR: dir('refusals'), DATABASE_URL: '' });
      expect(cli).toMatchObject({ code: 2, stderr: expect.stringContaining('not a network archive') });
    } finally {
      await target.stop();
    }
  });

  it('covers every table: each is archived or named as the deployment’s own', async () => {
    const unclassified = (await tableNames(origin.db)).filter((t) => !ARCHIVED_TABLES.includes(t) && !NOT_ARCHIVED.includes(t));
    expect(unclassified, 'add each new table to TABLES (or NOT_ARCHIVED) in server/ops/archive.ts').toEqual([]);
  });
});
