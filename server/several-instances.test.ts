// Several machines: two instances on one PostgreSQL database (and one Redis, when
// TEST_REDIS_URL is given), on different ports, serve one network as one — a session, an
// anchor or a photo made on one works on the other, an OAuth nonce used on one is refused on
// the other, a write on one reaches the other's visitors (and the rows, ids and tag clouds it keeps
// for members) within a second, so does a member's block or sign-out to the other's idea of
// who they are, and the rate limit counts a caller once for both.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthClient, startTestServer, type Client, type TestServer } from './test/harness';
import type { RunningServer } from './server';
import { uploadPhoto } from './resources/photos/test-images';

const pg = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;
const LIMIT = 60;

let a: TestServer;
let b: RunningServer;
let member: Client;

beforeAll(async () => {
  if (!pg) return;
  a = await startTestServer({
    REDIS_URL: redis ?? '',
    REDIS_KEY_PREFIX: `several-${crypto.randomBytes(4).toString('hex')}:`,
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
  });
  b = await a.anotherInstance();
  member = await a.signUp('Ines Instance');
}, 60_000);
afterAll(() => a?.stop());

const onB = (path: string, headers: Record<string, string> = {}) => fetch(`${b.url}/xn/rest/apiexample/1.0/${path}`, { headers });

describe.runIf(pg)('two instances on one database', () => {
  it('listen on different ports', () => {
    expect(new URL(b.url).port).not.toBe(new URL(a.url).port);
  });

  it('share sessions: a draft written through one is read by its author through the other', async () => {
    const id = (await member.post('BlogPost', { title: 'Draft on A', publishStatus: 'draft' })).body.id;
    const res = await onB(`BlogPost?id=${encodeURIComponent(id)}&fields=title`, member.credentialHeaders('GET'));
    expect(res.status).toBe(200);
    expect((await res.json()).entry.title).toBe('Draft on A');
  });

  it('share anchors: the next page of a listing read on one is read on the other', async () => {
    for (let i = 0; i < 3; i++) await member.post('BlogPost', { title: `Paged ${i}` });
    const first = await a.anonymous().get('BlogPost/recent', { count: 1, fields: 'title' });
    const next = await onB(`BlogPost/recent?count=1&fields=title&anchor=${encodeURIComponent(first.body.anchor)}`);
    expect(next.status).toBe(200);
    const body = await next.json();
    expect(body.entry).toHaveLength(1);
    expect(body.entry[0].title).not.toBe(first.body.entry[0].title);
  });

  it('share uploads: a photo uploaded through one is served by the other', async () => {
    const id = await uploadPhoto(member, { title: 'Uploaded on A' });
    const got = await onB(`Photo?id=${encodeURIComponent(id)}&fields=image`);
    const image = (await got.json()).entry.image as string;
    const res = await fetch(new URL(image, b.url));
    expect(new URL(image, b.url).origin).toBe(new URL(b.url).origin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
  });

  it('share OAuth nonces: a nonce used on one is refused on the other', async () => {
    const program = await a.oauthFor(member.who);
    const nonce = crypto.randomBytes(12).toString('hex');
    expect((await program.request('GET', 'BlogPost/recent', { count: 1 }, { nonce })).status).toBe(200);
    const throughB = new OAuthClient({ ...a, url: b.url } as TestServer, program.consumer, program.token);
    const replayed = await throughB.request('GET', 'BlogPost/recent', { count: 1 }, { nonce });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ code: 1, subcode: 3 });
    expect((await throughB.request('GET', 'BlogPost/recent', { count: 1 })).status).toBe(200);
  });

  it('share cache invalidation: a write through one reaches the other’s visitors within a second', async () => {
    const titles = async () => ((await (await onB('BlogPost/recent?count=50&fields=title')).json()).entry as { title: string }[]).map((e) => e.title);
    await titles();
    await member.post('BlogPost', { title: 'Seen everywhere' });
    const deadline = Date.now() + 1000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      seen = (await titles()).includes('Seen everywhere');
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe(true);
  });

  it('share the rows kept for members’ own replies: a change through one reaches, within a second, a member whose draft the other lists', async () => {
    const writer = await a.signUp('Kai Kept');
    await writer.post('BlogPost', { title: 'Kai’s draft', publishStatus: 'draft' });
    const post = (await member.post('BlogPost', { title: 'Listed everywhere' })).body.id as string;
    const headers = writer.credentialHeaders('GET');
    const titles = async () => ((await (await onB('BlogPost/recent?count=50&fields=title', headers)).json()).entry as { title: string }[]).map((e) => e.title);
    expect(await titles()).toEqual(expect.arrayContaining(['Kai’s draft', 'Listed everywhere']));
    expect((await member.put('BlogPost', { id: post, title: 'Renamed everywhere' })).status).toBe(200);
    expect(await withinASecond(async () => (await titles()).includes('Renamed everywhere'), true)).toBe(true);
  });

  it('share the ids kept as an audience’s: a post hidden through one leaves, within a second, a member’s read of several ids on the other', async () => {
    const writer = await a.signUp('Ida Ids');
    const draft = (await writer.post('BlogPost', { title: 'Ida’s draft', publishStatus: 'draft' })).body.id as string;
    const post = (await member.post('BlogPost', { title: 'Shown by id' })).body.id as string;
    const headers = writer.credentialHeaders('GET');
    const titles = async () => ((await (await onB(`BlogPost?id=${post}&id=${draft}&fields=title`, headers)).json()).entry as { title: string }[]).map((e) => e.title);
    expect(await titles()).toEqual(['Shown by id', 'Ida’s draft']);
    expect((await member.put('BlogPost', { id: post, visibility: 'me' })).status).toBe(200);
    expect(await withinASecond(async () => !(await titles()).includes('Shown by id'), true)).toBe(true);
    // Its author still reads it there, and what they read is kept; no one else is given it.
    const own = await (await onB(`BlogPost?id=${post}&id=${draft}&fields=title`, member.credentialHeaders('GET'))).json();
    expect((own.entry as { title: string }[]).map((e) => e.title)).toEqual(['Shown by id']);
    expect(await titles()).toEqual(['Ida’s draft']);
  });

  it('share the tag cloud kept for members’ own replies: a tag added through one reaches, within a second, a member whose tagged draft the other counts', async () => {
    const writer = await a.signUp('Tia Tagged');
    await writer.post('BlogPost', { title: 'Tia’s draft', publishStatus: 'draft', tag: 'tia-draft' });
    const headers = writer.credentialHeaders('GET');
    const tags = async () => ((await (await onB('Tag/popular?type=BlogPost&count=100', headers)).json()).entry as { value: string }[]).map((e) => e.value);
    expect(await tags()).toContain('tia-draft');
    expect(await tags()).not.toContain('added-on-a');
    await member.post('BlogPost', { title: 'Tagged on A', tag: 'added-on-a' });
    expect(await withinASecond(async () => (await tags()).includes('added-on-a'), true)).toBe(true);
    expect(await tags()).toContain('tia-draft');
  });

  it('share the end of a caller’s rights: a member blocked or signed out through one is refused by the other within a second', async () => {
    const barred = await a.signUp('Bea Barred');
    const id = (await barred.get('User')).body.entry.id as string;
    const headers = barred.credentialHeaders('GET');
    const statusOnB = async () => (await onB('BroadcastMessage/recent', headers)).status;
    const owner = await a.owner();
    expect(await statusOnB()).toBe(200);
    expect((await owner.put('User', { isBlocked: true }, { id })).status).toBe(200);
    expect(await withinASecond(statusOnB, 403)).toBe(403);
    expect((await owner.put('User', { isBlocked: false }, { id })).status).toBe(200);
    expect(await withinASecond(statusOnB, 200)).toBe(200);
    expect((await barred.del('Session')).status).toBe(200);
    expect(await withinASecond(statusOnB, 401)).toBe(401);
  });

  it.runIf(redis)('share rate limits through Redis: a caller is counted once for both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const base = i % 2 === 0 ? a.url : b.url;
      statuses.push((await fetch(`${base}/xn/rest/apiexample/1.0/BlogPost/count?createdAfter=${encodeURIComponent(new Date(Date.now() - 1000).toISOString())}`)).status);
    }
    // Each instance alone saw half the limit; together they refuse.
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
  });
});

/** Asks until the answer is `wanted` or a second has passed; the last answer. */
async function withinASecond<T>(ask: () => Promise<T>, wanted: T): Promise<T> {
  const deadline = Date.now() + 1000;
  let answer = await ask();
  while (answer !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await ask();
  }
  return answer;
}
