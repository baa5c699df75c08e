// The benchmark: loads a network of realistic size in bulk, starts the server as operators
// do (server/main.ts in its own process), drives it over HTTP with autocannon — 50
// connections, as a visitor, as a signed-in member, as a member with a draft, and as a member
// whose own items (which nobody else sees) are in every reply read for them, so that their
// reads go to the database — and prints one table: requests per second, p50, p99, errors, the
// ratio to the ceiling — a bare Express route answering the same bytes as `recent` with no
// work, measured in the same run, and for a read whose replies are much larger or smaller, one
// answering that read's bytes; beside it, for comparison, the same route on the server the
// app runs on (http/app-server.ts) — and the server's CPU time per request (its processes' user
// + system time over the row, which stays meaningful when the machine is shared). Then:
// `recent` at 10,000 and 1,000,000 posts, the gain of several workers, the server's resident
// memory, and Lighthouse (measured while the networks of the flat cost load). Each read is
// measured in its steady state, after 2 s of it that are not counted.
//
//   npm run bench                                   SQLite, the full size (under ten minutes on 2 cores)
//   BENCH_SIZE=small npm run bench                  a tenth of the size, for a quick look
//   DATABASE_URL=postgres://... npm run bench       PostgreSQL (in a throwaway schema)
//   BENCH_SECONDS=3  BENCH_WARM_UP_SECONDS=2  BENCH_WRITE_SECONDS=20  BENCH_BIG_POSTS=1000000  BENCH_LIGHTHOUSE=off  BENCH_LIGHTHOUSE_RUNS=3
//   BENCH_ONLY='count|Friend'                       only the rows whose "<request> as <who>" matches (the ceiling always runs)
//   BENCH_SERVER_FLAGS='--cpu-prof --cpu-prof-dir=prof'   more Node flags for the server (a CPU profile of each row's server, say)
//
// The server runs from its bundle (npm run build:server), as `npm start` runs it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { findNetwork } from '../server/resources/networks/store';
import { createNetwork } from '../server/resources/networks/service';
import { sharedSecret } from '../server/db/settings';
import { AnchorCodec } from '../server/http/anchor';
import { loadNetwork, MEMBER_PASSWORD, type Loaded, type Size } from './load';
import { describeFigure, type LighthouseFigure, type Preset } from './lighthouse';

const env = process.env;
const small = env.BENCH_SIZE === 'small';
const SIZE: Size = small
  ? { posts: 10_000, members: 1_000, comments: 100_000, activity: 10_000, thread: 5_000, friends: 10 }
  : { posts: 100_000, members: 10_000, comments: 1_000_000, activity: 100_000, thread: 5_000, friends: 10 };
const BIG_POSTS = Number(env.BENCH_BIG_POSTS ?? (small ? 100_000 : 1_000_000));
/** Each row runs this long: long enough for thousands of requests, short enough for the whole run, Lighthouse included, to take under ten minutes. */
const SECONDS = Number(env.BENCH_SECONDS ?? 3);
/**
 * How long a read is sent before it is measured, not counted: its first second runs slower
 * while V8 compiles its code (on a machine whose cores the load keeps busy) and its caches fill.
 * Rows after 1, 2 and 3 s of it differed by no more than the machine's noise; the first, unwarmed,
 * by up to a third.
 */
const WARM_UP_SECONDS = Number(env.BENCH_WARM_UP_SECONDS ?? 2);
/** Comments are created for this long: a rate sustained, not a burst. */
const WRITE_SECONDS = Number(env.BENCH_WRITE_SECONDS ?? 20);
const CONNECTIONS = 50;
const databaseUrl = env.DATABASE_URL || undefined;
const PORT = Number(env.BENCH_PORT ?? 3207);
/** Rows to run, matched against "<request> as <who>"; the ceiling always runs, Lighthouse when it matches "Lighthouse". */
const ONLY = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, 'i') : undefined;
const wanted = (name: string, who: string) => !ONLY || ONLY.test(`${name} as ${who}`);
/**
 * The member, who sees what all members see, and the member who writes a draft when the run
 * starts, by their place in load.ts's `members`: not the first, who wrote the post with the
 * long thread and so also sees the comment on it that awaits approval.
 */
const MEMBER = 2;
const DRAFTER = 1;
const FIELDS = 'id,title,author,createdDate,topTags,commentCount,url,author.fullName,author.iconUrl';
const startedAt = Date.now();

/** The member whose own items, which nobody else sees, are in every reply read for them (load.ts: `OwnItems`). */
const OWN = 'member, own items shown';

interface Row {
  name: string;
  /**
   * A member with a draft of their own sees beyond their audience, but their draft shows only
   * in some replies; a member with their own items shown has something their audience does not
   * see in every reply read for them, which therefore cannot be the one members share.
   */
  who: 'visitor' | 'member' | 'member with a draft' | typeof OWN | '';
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time (user + system, all its processes) per request, in microseconds. */
  cpu: number;
  /** Requests per second of the ceiling the row is compared with, when its replies are not of `recent`'s size. */
  ceiling?: number;
}

const log = (text: string) => process.stderr.write(`[${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${text}\n`);

async function main() {
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  // The web app that Lighthouse loads is built while the network loads, on the core the load leaves idle.
  const lighthouse = env.BENCH_LIGHTHOUSE !== 'off' && (!ONLY || ONLY.test('Lighthouse'));
  const webBuild = lighthouse ? buildWebApp() : Promise.resolve(undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-bench-'));
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  if (databaseUrl) await pgExec(`create schema ${schema}`);
  const childEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    PGOPTIONS: databaseUrl ? `-c search_path=${schema}` : '',
  };
  try {
    // Load: the server's own migrations and first start, then bulk inserts.
    const loader = await startServer(
      loadConfig({ PORT: '0', ...childEnv, DEMO_CONTENT: 'off', LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'bench-owner-password', RATE_LIMIT_PER_MINUTE: '0', WORKERS: '1' }),
      { pgSchema: databaseUrl ? schema : undefined },
    );
    const flatName = (posts: number) => `recent, ${posts.toLocaleString('en')} posts`;
    const flatWanted = [flatName(10_000), flatName(BIG_POSTS)].some((name) => wanted(name, 'member with a draft'));
    let main: Loaded, tenK: Loaded | undefined, big: Loaded | undefined, secret: string;
    // Lighthouse measures the web app once it is built and the network it shows is loaded,
    // while the flat-cost networks load: its throttling is simulated from the page's own
    // work, which a core the load keeps busy can only slow (a pessimistic figure, not a
    // flattering one), and the run saves the two minutes it would take alone.
    let webPages: Promise<Awaited<ReturnType<typeof lighthouseRun>>> | undefined;
    try {
      const network = (await findNetwork(loader.db, 'apiexample'))!;
      log(`loading ${SIZE.posts} posts by ${SIZE.members} members, ${SIZE.comments} comments, ${SIZE.activity} activity events on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`);
      main = await loadNetwork(loader.db, network.id, { ...SIZE, ownItems: true }, (t) => log(`  ${t}`));
      if (lighthouse) {
        const loaded = main;
        webPages = webBuild.then((failed) => {
          if (failed) throw failed;
          log('lighthouse: measuring the front page and a post page');
          return lighthouseRun(childEnv, loaded);
        });
        // A failed build fails the run once the table is printed, not the load beside it.
        webPages.catch(() => {});
      }
      const owner = network.owner_account_id!;
      // The flat-cost networks only when one of their rows runs.
      if (flatWanted) {
        const tenKId = await createNetwork(loader.db, { subdomain: 'tenk', name: '10,000 posts', ownerAccountId: owner }, Date.now());
        const bigId = await createNetwork(loader.db, { subdomain: 'big', name: `${BIG_POSTS} posts`, ownerAccountId: owner }, Date.now());
        log('loading the 10,000-post network');
        tenK = await loadNetwork(loader.db, tenKId, { posts: 10_000, members: 200, comments: 10_000, activity: 0, thread: 0, friends: 2 }, () => {});
        log(`loading the ${BIG_POSTS}-post network`);
        big = await loadNetwork(loader.db, bigId, { posts: BIG_POSTS, members: 200, comments: 10_000, activity: 0, thread: 0, friends: 2 }, (t) => log(`  ${t}`));
      }
      secret = await sharedSecret(loader.db, 'anchor_secret');
    } finally {
      await loader.stop();
      // Its server stops before the one measured starts.
      await Promise.allSettled([webPages]);
    }
    log('loaded');

    const memory = new MemoryWatch();
    const rows: Row[] = [];
    let server = await serve(childEnv, 1, memory);
    let ceiling: Row;
    const flat: { tenK: Row[]; big: Row[] } = { tenK: [], big: [] };
    let workerRows: Row[] = [];
    try {
      const visitor = {} as Record<string, string>;
      const member = await signIn(server.url, 'apiexample', main.members[MEMBER]!.email);
      const drafter = await withDraft(server.url, 'apiexample', main.members[DRAFTER]!.email);
      const own = main.owner!;
      const owner = await signIn(server.url, 'apiexample', own.email);
      const rest = (network: string, p: string) => `${server.url}/xn/rest/${network}/1.0/${p}`;
      const recent = `BlogPost/recent?count=20&fields=${FIELDS}`;
      const recentBytes = await fetch(rest('apiexample', recent)).then((r) => r.arrayBuffer());

      // The ceiling, in the same run: bare Express answering those bytes.
      ceiling = await ceilingOf(Buffer.from(recentBytes), 'ceiling: bare Express, same bytes as recent');
      // The same, on the server the app runs on (app-server.ts), which spares Express's
      // per-request change of prototypes: what the server itself can reach, for comparison.
      if (!ONLY || ONLY.test('app-server')) rows.push(await ceilingOf(Buffer.from(recentBytes), "bare Express on the app's server (app-server.ts), same bytes as recent", true));

      const firstPage = (await fetch(rest('apiexample', recent)).then((r) => r.json())) as { anchor: string };
      const ordering = (new AnchorCodec(secret).decode(firstPage.anchor) as { ordering: string }).ordering;
      const deepAnchor = new AnchorCodec(secret).encode({ side: 'after', key: main.deepPost.createdAt, id: main.deepPost.id, ordering });
      const idList = main.postIds.slice(-300).filter((_, i) => i % 3 === 0);
      const idsOf = (list: number[]) => list.map((id) => `id=${main.networkId}:BlogPost:${id}`).join('&');
      const since = encodeURIComponent(new Date(Date.now() - 6 * 86_400_000).toISOString());
      const thread = `${main.networkId}:BlogPost:${main.threadPost}`;
      /**
       * A read. `shared`: members share its replies, and the member with a draft reads it too.
       * `own`: who, of those two members, gets a reply of their own here (the member with a
       * draft where theirs shows, else the member with their own items shown, who reads `path`
       * when given), and what shows in it that no other member's reply has, or null where the
       * replies differ in a figure (a count).
       */
      interface Read {
        name: string;
        path: string;
        shared: boolean;
        own?: { who: 'member with a draft' | typeof OWN; shows: string | null; path?: string };
      }
      const t = own.titles;
      const reads: Read[] = [
        // The draft of the member with a draft is the newest post and counts: they read the
        // database here as the member with their own items shown would, who is not measured twice.
        { name: 'BlogPost/recent (first page)', path: recent, shared: true, own: { who: 'member with a draft', shows: DRAFT_TITLE } },
        { name: 'BlogPost/recent (deep anchor)', path: `${recent}&anchor=${encodeURIComponent(deepAnchor)}`, shared: true, own: { who: OWN, shows: t.deep } },
        { name: 'BlogPost/recent by tag', path: `${recent}&tag=${main.tag}`, shared: true, own: { who: OWN, shows: t.draft } },
        // The author is the member with their own items shown: their draft is their newest post.
        { name: 'BlogPost/recent by author', path: `${recent}&author=${main.author}`, shared: true, own: { who: OWN, shows: t.draft } },
        // One of the 100 is their draft, when they read it.
        { name: 'BlogPost?id= (100 ids)', path: `BlogPost?${idsOf(idList)}&fields=${FIELDS}`, shared: true, own: { who: OWN, shows: t.draft, path: `BlogPost?${idsOf([...idList.slice(0, -1), own.draft])}&fields=${FIELDS}` } },
        { name: 'BlogPost/featured', path: `BlogPost/featured?count=20&fields=${FIELDS}`, shared: true, own: { who: OWN, shows: t.featured } },
        { name: 'BlogPost/count', path: `BlogPost/count?createdAfter=${since}`, shared: true, own: { who: 'member with a draft', shows: null } },
        { name: 'Comment/recent (5,000 on the post)', path: `Comment/recent?attachedTo=${thread}&count=20`, shared: true, own: { who: OWN, shows: t.comment } },
        { name: 'Activity/recent', path: 'Activity/recent?count=20', shared: true, own: { who: OWN, shows: t.activity } },
        // The member listing, which members share but for the members it lists; not measured for the member with a draft.
        { name: 'User/recent', path: 'User/recent?count=20', shared: false },
        // The author's friends, one reply for every reader but the author, who sees a request sent to them.
        { name: 'Friend/recent', path: `Friend/recent?author=${main.author}&count=20`, shared: true, own: { who: OWN, shows: t.request } },
        // Their draft's tag counts one more for them.
        { name: 'Tag/popular', path: 'Tag/popular?type=BlogPost&count=20', shared: true, own: { who: OWN, shows: null } },
      ];
      // Feeds and search, where this version has them. A feed is read as a visitor reads it, whoever asks: one reply for all.
      for (const [name, p, shared] of [['Atom feed', 'BlogPost/feed', false], ['search', `Search?q=${main.tag}&count=20`, false], ['search', `BlogPost/search?q=${main.tag}&count=20`, false]] as const) {
        if ((await fetch(rest('apiexample', p))).status === 200) reads.push({ name, path: p, shared });
      }
      /** Runs one row when BENCH_ONLY wants it. */
      const run = async (into: Row[], name: string, who: Row['who'], measure: () => ReturnType<typeof load>) => {
        if (!wanted(name, who)) return;
        into.push({ name, who, ...(await measure()) });
        log(`${name} as ${who}: ${into.at(-1)!.rps.toFixed(0)} req/s, ${into.at(-1)!.cpu.toFixed(0)} µs CPU/req; resident memory so far ${memory.peakMb.toFixed(0)} MB`);
      };
      for (const { name, path: p, shared, own: mine } of reads) {
        const callers: [Row['who'], Record<string, string>, string][] = [['visitor', visitor, p], ['member', member.headers, p]];
        if (shared) callers.push(['member with a draft', drafter.headers, p]);
        if (mine?.who === OWN) callers.push([OWN, owner.headers, mine.path ?? p]);
        // A reply much larger or smaller than recent's is compared with bare Express answering its own bytes.
        let sameBytes: number | undefined;
        const reply: ArrayBuffer = await fetch(rest('apiexample', p)).then((r) => r.arrayBuffer());
        const bytes = Buffer.from(reply);
        if (callers.some(([who]) => wanted(name, who)) && Math.abs(bytes.length - recentBytes.byteLength) > recentBytes.byteLength / 4) {
          const sized = await ceilingOf(bytes, `ceiling: bare Express, same bytes as ${name} (${bytes.length.toLocaleString('en')} bytes)`);
          rows.push(sized);
          sameBytes = sized.rps;
        }
        for (const [who, headers, q] of callers) {
          const url = rest('apiexample', q);
          if (who === mine?.who && wanted(name, who)) await showsOwnItems(`${name} as ${who}`, url, headers, member.headers, mine.shows);
          await run(rows, name, who, () => load(server, url, headers));
          if (rows.at(-1)?.name === name && rows.at(-1)?.who === who) rows.at(-1)!.ceiling = sameBytes;
        }
      }
      // Writes, as a member.
      await run(rows, 'create a post (3 tags)', 'member', () =>
        load(server, rest('apiexample', 'BlogPost'), member.form, 'POST', 'title=Benchmark+post&description=%3Cp%3EWritten+under+load.%3C%2Fp%3E&tag=bench&tag=load&tag=write'));
      await run(rows, `create a comment, ${WRITE_SECONDS} s sustained`, 'member', () =>
        load(server, rest('apiexample', 'Comment'), member.form, 'POST', agreeing(main.networkId, main.postIds.at(-5)!), WRITE_SECONDS));

      // Flat cost: the same listing at 10,000 and at BIG_POSTS posts, as a member whose draft
      // keeps them from the replies members share, so every request reads the database (a
      // visitor's reply is kept, whatever the network's size).
      for (const [into, subdomain, loaded, posts] of [[flat.tenK, 'tenk', tenK, 10_000], [flat.big, 'big', big, BIG_POSTS]] as const) {
        if (!loaded) continue;
        const flatMember = await withDraft(server.url, subdomain, loaded.members[0]!.email);
        await run(into, flatName(posts), 'member with a draft', () => load(server, rest(subdomain, recent), flatMember.headers));
      }
    } finally {
      await server.stop();
    }

    // All cores: the same reads with one worker per core, and comments, each answered once
    // every other worker has heard of it.
    const cores = os.availableParallelism();
    memory.stop();
    const workersMemory = new MemoryWatch();
    const workersName = `recent, WORKERS=${cores}`;
    const workersWrite = `create a comment, WORKERS=${cores}`;
    if (cores > 1 && (wanted(workersName, 'visitor') || wanted(workersName, 'member') || wanted(workersWrite, 'member'))) {
      server = await serve(childEnv, cores, workersMemory);
      try {
        const member = await signIn(server.url, 'apiexample', main.members[MEMBER]!.email);
        const drafter = await signIn(server.url, 'apiexample', main.members[DRAFTER]!.email);
        const url = `${server.url}/xn/rest/apiexample/1.0/BlogPost/recent?count=20&fields=${FIELDS}`;
        for (const [who, headers] of [['visitor', {}], ['member', member.headers], ['member with a draft', drafter.headers]] as const) {
          if (wanted(workersName, who)) workerRows.push({ name: workersName, who, ...(await load(server, url, headers)) });
        }
        if (wanted(workersWrite, 'member')) {
          const comment = agreeing(main.networkId, main.postIds.at(-6)!);
          workerRows.push({ name: workersWrite, who: 'member', ...(await load(server, `${server.url}/xn/rest/apiexample/1.0/Comment`, member.form, 'POST', comment)) });
        }
      } finally {
        await server.stop();
      }
    }
    workersMemory.stop();

    print({ rows, ceiling, flat, workerRows, memory, workersMemory });
    if (webPages) {
      for (const l of await webPages) {
        process.stdout.write('error' in l ? `Lighthouse, ${l.name}: ${l.error}\n` : `Lighthouse, ${l.name}: ${describeFigure(l)}\n`);
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await pgExec(`drop schema ${schema} cascade`);
  }
}

/** One autocannon run against a server: 50 connections for SECONDS, after WARM_UP_SECONDS of a read. */
async function load(server: { pid: number }, url: string, headers: Record<string, string>, method: 'GET' | 'POST' = 'GET', body?: string, seconds = SECONDS) {
  // A keep-alive connection the busy server closed meanwhile is not worth failing the run for.
  const probe = await fetch(url, { method, headers, body }).catch(() => fetch(url, { method, headers, body }));
  if (probe.status !== 200) throw new Error(`${method} ${url} answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
  if (method === 'GET' && WARM_UP_SECONDS > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
  const cpuBefore = cpuMicros(server.pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, method, body });
  // Requests still in flight when the run stops are not left to slow the next run down (their CPU counts).
  await settle(server.pid);
  const cpu = (cpuMicros(server.pid) - cpuBefore) / Math.max(1, r.requests.total);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, cpu };
}

/** Waits until the server is idle: no more than a clock tick of CPU in 200 ms, for at most 2 s. */
async function settle(pid: number) {
  let before = cpuMicros(pid);
  for (let waited = 0; waited < 2000; waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = cpuMicros(pid);
    if (after - before <= 1e6 / CLOCK_TICKS) return;
    before = after;
  }
}

/**
 * Fails the run unless the caller (`reader`) gets a reply of their own at `url`: unlike the
 * member's, and showing `shows` where the member's does not.
 */
async function showsOwnItems(row: string, url: string, reader: Record<string, string>, member: Record<string, string>, shows: string | null) {
  const [mine, theirs] = await Promise.all([reader, member].map((headers) => fetch(url, { headers }).then((r) => r.text())));
  const fails = mine === theirs ? 'is the member\'s' : shows !== null && !mine.includes(shows) ? `lacks "${shows}"` : shows !== null && theirs.includes(shows) ? `shares "${shows}" with the member's` : '';
  if (fails) throw new Error(`${row}: the reply ${fails}, so it does not measure a reply of their own: ${mine.slice(0, 300)}`);
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User + system CPU time of a process and its child processes (the workers), in microseconds, from /proc. */
function cpuMicros(pid: number): number {
  let ticks = 0;
  for (const p of [pid, ...childPids(pid)]) {
    try {
      // The fields after the command name, which may itself hold spaces and parentheses.
      const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15 of proc(5)
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks / CLOCK_TICKS) * 1e6;
}

function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)]).toString().trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return []; // ps ends with status 1 when there are none
  }
}

async function signIn(base: string, network: string, email: string) {
  const res = await fetch(`${base}/xn/rest/${network}/1.0/Session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: MEMBER_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`signing in failed: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('xn_session='))!.split(';')[0]!;
  const body = (await res.json()) as { entry: { csrfToken: string } };
  const csrf = body.entry.csrfToken;
  // `form`: the headers of a write sent as a form.
  return { headers: { cookie }, csrf, form: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/x-www-form-urlencoded' } };
}

/** The form of a comment on a post of the network. */
const agreeing = (networkId: number, postId: number) => `attachedTo=${encodeURIComponent(`${networkId}:BlogPost:${postId}`)}&description=Agreed.`;

const DRAFT_TITLE = 'Not finished yet';

/** Signs a member in and has them keep a draft, which only they see. */
async function withDraft(base: string, network: string, email: string) {
  const member = await signIn(base, network, email);
  const res = await fetch(`${base}/xn/rest/${network}/1.0/BlogPost`, {
    method: 'POST',
    headers: member.form,
    body: new URLSearchParams({ title: DRAFT_TITLE, description: '<p>A draft.</p>', publishStatus: 'draft' }),
  });
  if (res.status !== 200) throw new Error(`writing a draft failed: ${await res.text()}`);
  return member;
}

/** Starts the server's bundle on the loaded database, as `npm start` would, and waits until it serves. */
async function serve(childEnv: Record<string, string>, workers: number, memory: MemoryWatch) {
  const child = spawn(process.execPath, [...startFlags(), ...(env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []), 'dist-server/main.js'], {
    env: { ...process.env, ...childEnv, PORT: String(PORT), DEMO_CONTENT: 'off', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', WORKERS: String(workers) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${PORT}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
    if (i > 300 || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  memory.watch(child);
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}

/** The V8 flags `npm start` runs the bundle with (package.json's `start`), so the benchmark measures the same process. */
function startFlags(): string[] {
  const start: string = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start;
  const flags = /\bnode ((?:--\S+ )*)dist-server\/main\.js/.exec(start)?.[1];
  if (flags === undefined) throw new Error(`package.json's start script does not run dist-server/main.js with node: ${start}`);
  return flags.split(' ').filter(Boolean);
}

function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The row of bare Express answering `bytes`, measured now. */
async function ceilingOf(bytes: Buffer, name: string, onAppServer = false): Promise<Row> {
  const bare = await bareExpress(bytes, onAppServer);
  try {
    const row: Row = { name, who: '', ...(await load(bare, bare.url, {})) };
    log(`${name}: ${row.rps.toFixed(0)} req/s`);
    // On the app's server the row is compared with the ceiling, and is none itself.
    return onAppServer ? row : { ...row, ceiling: row.rps };
  } finally {
    bare.stop();
  }
}

/** A bare Express 5 app answering the bytes with no other work: the framework's ceiling on this machine (`onAppServer`: on the app's server, app-server.ts). */
async function bareExpress(bytes: Buffer, onAppServer: boolean) {
  const file = path.join(os.tmpdir(), `bench-bare-${process.pid}.json`);
  fs.writeFileSync(file, bytes);
  const appServer = pathToFileURL(path.resolve('server/http/app-server.ts')).href;
  const code = `
    const express = require('express');
    const body = require('fs').readFileSync(${JSON.stringify(file)});
    const app = express();
    app.get('/', (req, res) => res.type('application/json').send(body));
    const listen = (server) => server.listen(${PORT + 1}, '127.0.0.1', () => process.send('ready'));
    ${onAppServer ? `import(${JSON.stringify(appServer)}).then(({ appServer }) => listen(appServer(app)));` : `listen(require('http').createServer(app));`}`;
  const child = spawn(process.execPath, [...(onAppServer ? ['--import', 'tsx'] : []), '-e', code], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], cwd: process.cwd() });
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${PORT + 1}/`, pid: child.pid!, stop: () => { child.kill(); fs.rmSync(file, { force: true }); } };
}

/**
 * The resident memory of the server and its workers, sampled twice a second; peaks in MB.
 * `peakMb` counts each process's own pages and, once, the pages they share (Node's code, the
 * same in every worker: the largest process's shared pages); for one process that is its
 * RSS. `rssSumMb` adds up each process's RSS, which counts the shared pages once per process.
 */
class MemoryWatch {
  peakMb = 0;
  rssSumMb = 0;
  private timer: NodeJS.Timeout | undefined;
  watch(child: ChildProcess) {
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      try {
        const processes = [child.pid!, ...childPids(child.pid!)].map(residentPages);
        const own = processes.reduce((sum, p) => sum + p.rss - p.shared, 0);
        const shared = Math.max(...processes.map((p) => p.shared));
        this.peakMb = Math.max(this.peakMb, (own + shared) / 1024);
        this.rssSumMb = Math.max(this.rssSumMb, processes.reduce((sum, p) => sum + p.rss, 0) / 1024);
      } catch {
        // the process ended between two samples
      }
    }, 500);
  }
  stop() {
    clearInterval(this.timer);
  }
}

/** A process's resident pages in kB, and how many of them it shares with other processes (Linux's smaps_rollup). */
function residentPages(pid: number): { rss: number; shared: number } {
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
  return { rss: kb('Rss'), shared: kb('Shared_Clean') + kb('Shared_Dirty') };
}

/** Builds the web app as `npm start` serves it; resolves with what went wrong, if anything. */
function buildWebApp(): Promise<Error | undefined> {
  log('lighthouse: building the web app');
  return new Promise((resolve) => {
    const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    child.once('error', resolve);
    child.once('exit', (code) => resolve(code === 0 ? undefined : new Error(`building the web app ended with status ${code}`)));
  });
}

async function lighthouseRun(childEnv: Record<string, string>, main: Loaded) {
  const memory = new MemoryWatch();
  const server = await serve(childEnv, 1, memory);
  try {
    const pages = [
      ['front page', `${server.url}/n/apiexample`],
      ['a post page', `${server.url}/n/apiexample/blog/${encodeURIComponent(`${main.networkId}:BlogPost:${main.postIds.at(-1)}`)}`],
    ] as const;
    const results: ({ name: string } & (LighthouseFigure | { error: string }))[] = [];
    for (const preset of ['mobile', 'desktop'] as Preset[]) {
      const figures = await lighthouseProcess(preset, pages.map(([, url]) => url));
      pages.forEach(([name], i) => results.push({ name, ...figures[i]! }));
    }
    return results;
  } finally {
    memory.stop();
    await server.stop();
  }
}

/**
 * Lighthouse on `urls`, in a process of its own (bench/lighthouse.ts --json): the load it runs
 * beside holds this process's thread for a batch at a time, and its own work, a second or
 * more of it per run, would hold up the load in turn. One figure, or what failed, per url.
 */
function lighthouseProcess(preset: Preset, urls: readonly string[]): Promise<(LighthouseFigure | { error: string })[]> {
  const runs = env.BENCH_LIGHTHOUSE_RUNS ?? '3';
  const args = ['--import', 'tsx', 'bench/lighthouse.ts', '--json', `--runs=${runs}`, ...(preset === 'desktop' ? ['--desktop'] : []), ...urls];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', (error) => resolve(urls.map(() => ({ error: error.message }))));
    child.once('exit', (code) => {
      const lines = out.split('\n').filter((line) => line.startsWith('{'));
      resolve(urls.map((_, i) => (lines[i] ? JSON.parse(lines[i]) : { error: `Lighthouse ended with status ${code} and no figure` })));
    });
  });
}

function print(r: {
  rows: Row[];
  ceiling: Row;
  flat: { tenK: Row[]; big: Row[] };
  workerRows: Row[];
  memory: MemoryWatch;
  workersMemory: MemoryWatch;
}) {
  const c = r.ceiling;
  const flat = [...r.flat.tenK, ...r.flat.big];
  const tenKMember = r.flat.tenK.find((row) => row.who === 'member with a draft');
  const bigMember = r.flat.big.find((row) => row.who === 'member with a draft');
  const line = (row: Row) =>
    `| ${row.name} | ${row.who} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} | ${(row.rps / (row.ceiling ?? c.rps)).toFixed(2)}× | ${row.cpu.toFixed(0)} |`;
  const out = [
    '',
    `${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${SIZE.posts.toLocaleString('en')} posts by ${SIZE.members.toLocaleString('en')} members, ` +
      `${SIZE.comments.toLocaleString('en')} comments, ${SIZE.activity.toLocaleString('en')} activity events; ${CONNECTIONS} connections, ${SECONDS} s a row; ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; one server process unless said`,
    '',
    '| request | as | req/s | p50 ms | p99 ms | errors | × ceiling | CPU µs/req |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    line(c),
    ...r.rows.map(line),
    ...r.workerRows.map(line),
    '',
    ...(flat.length ? ['| flat cost: recent | as | req/s | p50 ms | p99 ms | errors | × ceiling | CPU µs/req |', '|---|---|---:|---:|---:|---:|---:|---:|', ...flat.map(line), ''] : []),
    ...(tenKMember && bigMember
      ? [`recent p50 as a member: ${tenKMember.p50} ms at 10,000 posts, ${bigMember.p50} ms at ${BIG_POSTS.toLocaleString('en')} posts (p99 ${tenKMember.p99} / ${bigMember.p99} ms)`]
      : []),
    `resident memory of the server, peak through the benchmark: ${r.memory.peakMb.toFixed(0)} MB in one process` +
      (r.workerRows.length
        ? `; ${r.workersMemory.peakMb.toFixed(0)} MB for the ${os.availableParallelism()} workers and their primary together, ` +
          `Node's code they share counted once (${r.workersMemory.rssSumMb.toFixed(0)} MB adding up their RSS)`
        : ''),
    `total time: ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
    '',
  ];
  process.stdout.write(out.join('\n'));
}

async function pgExec(text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(text);
  await client.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
