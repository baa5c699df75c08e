// No request crashes the service: property-based fuzzing (fast-check) of every endpoint of the
// route table, as every kind of caller, with parameters made from the endpoint's own schema,
// odd placements, bodies, headers, credentials and uploads. For every request:
// - never a 5xx, and the reply is JSON in the envelope the OpenAPI document describes;
// - a refusal carries the code and subcode its status has in the documented table;
// - a clean request (credentials and body as the API asks) that the row's permission shuts
//   the caller out of gets exactly that refusal;
// - a refused request, and any GET, leaves every table as it was.
// A fixed seed and a few cases per endpoint in the suite; `npm run fuzz` runs many more with a
// fresh seed (FUZZ_RUNS cases per endpoint, FUZZ_SEED to replay one).
import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Reply, type TestServer } from '../test/harness';
import { buildWorld, CALLERS, type Caller, type World } from '../test/world';
import { tableDigest } from '../test/digest';
import { describeRequest, fuzzContext, pct, requestsFor, type FuzzContext, type FuzzRequest } from '../test/fuzz-requests';
import { createAccessToken } from './access-tokens/store';
import type { Permission } from '../http/endpoint';
import { endpoints } from '.';

// The suite's run is the same every time; a longer run (FUZZ_RUNS set) draws a new seed unless given one.
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.FUZZ_RUNS ? crypto.randomInt(2 ** 31) : 20_251_124;
const RUNS = Number(process.env.FUZZ_RUNS || 4);

/** Each status the service may answer with, its code and the subcodes the API reference documents. */
const DOCUMENTED: Record<number, readonly [number, readonly number[]]> = {
  400: [4, [1, 2, 3, 4, 5, 6, 7]],
  401: [1, [1, 2, 3, 4, 5]],
  403: [2, [1, 2, 3, 4]],
  404: [3, [1, 2, 3]],
  409: [6, [1, 2]],
  413: [5, [2]],
  415: [5, [3]],
  // Answered by Node's own parser, before the app: headers (with the URL) over 16 KB.
  431: [5, [2]],
  503: [5, [1]],
};

let server: TestServer;
let world: World;
let ctx: FuzzContext;
const bearer = {} as Record<Caller, string>;
const accountIds = {} as Record<Caller, number | null>;
let stored: Record<string, string> | undefined;
const tally = { cases: 0, refused: 0, statuses: new Map<number, number>() };

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  ctx = await fuzzContext(world, server.networkId);
  for (const caller of CALLERS) {
    accountIds[caller] = caller === 'anonymous' ? null : await server.accountIdOf(world.callers[caller]);
    // Scripts' tokens, made before any block or approval wait (so the blocked and pending have one too).
    if (accountIds[caller] !== null) {
      bearer[caller] = (await createAccessToken(server.db, server.networkId, accountIds[caller]!, 'fuzz', Date.now())).secret;
    }
  }
}, 120_000);

afterAll(async () => {
  const statuses = [...tally.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
  console.info(`fuzz: ${tally.cases} requests (seed ${SEED}, ${RUNS} per endpoint), ${tally.refused} refused; ${statuses}`);
  await server?.stop();
});

/** The refusal the permission gives the caller as they stand now (roles move as the fuzzer writes), or null. */
async function gateRefusal(allow: Permission, caller: Caller): Promise<readonly [number, number, number] | null> {
  const network = await server.db.selectFrom('networks').select('is_private').where('id', '=', server.networkId).executeTakeFirstOrThrow();
  if (allow === 'public' || (allow === 'anyone' && !network.is_private)) return null;
  const accountId = accountIds[caller];
  if (accountId === null) return [401, 1, 1];
  if (allow === 'account') return null;
  const m = await server.db
    .selectFrom('members')
    .select(['role', 'state'])
    .where('network_id', '=', server.networkId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (m?.state === 'blocked') return [403, 2, 3];
  if (m?.state === 'pending') return [403, 2, 4];
  if (m?.state !== 'active') return [403, 2, 1];
  if (allow === 'admin' && m.role === 'member') return [403, 2, 1];
  if (allow === 'owner' && m.role !== 'owner') return [403, 2, 1];
  return null;
}

async function send(r: FuzzRequest): Promise<Reply> {
  const { method, path } = r.endpoint;
  const url = `${server.url}/xn/rest/apiexample/1.0/${path}${r.query ? `?${r.query}` : ''}`;
  const credentials: Record<string, string> =
    r.caller === 'anonymous'
      ? {}
      : r.credential === 'bearer token'
        ? { authorization: `Bearer ${bearer[r.caller]}` }
        : world.callers[r.caller].credentialHeaders(r.credential === 'session' ? method : 'GET');
  const headers: Record<string, string> = { ...credentials, ...r.headers };
  let body: BodyInit | undefined;
  if (r.body.kind === 'form') {
    body = r.body.pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&');
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (r.body.kind === 'multipart') {
    const data = new FormData();
    for (const [k, v] of r.body.pairs) data.append(k, v);
    for (const f of r.body.files) data.append(f.part, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
    body = data;
  } else if (r.body.kind === 'raw') {
    body = new Uint8Array(r.body.bytes);
    if (r.body.contentType) headers['content-type'] = r.body.contentType;
    if (r.body.encoding) headers['content-encoding'] = r.body.encoding;
  }
  const res = await fetch(url, { method, headers, body: method === 'GET' ? undefined : body, redirect: 'manual' });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  // A feed answers in Atom: well-formed, and the only non-JSON success.
  if (r.endpoint.reply === 'atom' && res.status === 200) {
    expect(type).toMatch(/^application\/atom\+xml/);
    expect(text).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">[\s\S]*<\/feed>$/);
    return { status: res.status, headers: res.headers, body: { success: true } };
  }
  if (r.endpoint.reply === 'atom' && res.status === 304) return { status: res.status, headers: res.headers, body: { success: true } };
  expect(type, `not JSON (${res.status}): ${text.slice(0, 200)}`).toMatch(/^application\/json/);
  return server.checkReply(method, url, { status: res.status, headers: res.headers, body: JSON.parse(text) });
}

async function check(r: FuzzRequest): Promise<void> {
  const what = describeRequest(r);
  const before = (stored ??= await tableDigest(server.db));
  const refusal = r.clean ? await gateRefusal(r.endpoint.allow, r.caller) : null;
  let res: Reply;
  try {
    res = await send(r);
  } catch (error) {
    throw new Error(`${what}\n${(error as Error).message}`);
  }
  tally.cases++;
  tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
  // The one 5xx allowed: 503 5-1 with Retry-After, when a long run fails sign-ins often enough to be throttled.
  const throttled = res.status === 503 && res.body?.code === 5 && res.body?.subcode === 1 && res.headers.get('retry-after') !== null;
  if (!throttled) expect(res.status, `${what}\n${JSON.stringify(res.body).slice(0, 500)}`).toBeLessThan(500);
  if (res.status === 200) {
    expect(res.body.success, what).toBe(true);
  } else {
    tally.refused++;
    const documented = DOCUMENTED[res.status];
    expect(documented, `${what}: undocumented status ${res.status}`).toBeDefined();
    expect({ status: res.body.status, code: res.body.code }, what).toEqual({ status: res.status, code: documented![0] });
    expect(documented![1], `${what}: subcode ${res.body.subcode}`).toContain(res.body.subcode);
  }
  if (refusal) expect([res.status, res.body.code, res.body.subcode], `${what}: the permission shuts ${r.caller} out`).toEqual([...refusal]);
  if (res.status !== 200 || r.endpoint.method === 'GET') {
    expect(await tableDigest(server.db), `${what}: answered ${res.status} yet changed the database`).toEqual(before);
  } else {
    stored = undefined;
  }
  // A join or sign-in may have made this client someone else; a sign-out, no one.
  if (res.headers.getSetCookie().length) await world.signInAgain(r.caller);
}

describe('fuzzing every endpoint', () => {
  endpoints.forEach((e, index) => {
    it(
      `${e.method} ${e.path}`,
      async () => {
        await fc.assert(
          fc.asyncProperty(requestsFor(e, ctx), (r) => check(r)),
          { seed: SEED + index, numRuns: RUNS },
        );
      },
      30_000 + RUNS * 1_000,
    );
  });
});
