// The anonymous response cache: visitors of a public network get finished replies from it,
// and every write that could change a reply shows on the very next read — content,
// comments, tags, featuring, moderation, profiles, network settings, a scheduled post
// becoming due. Signed-in callers never get or leave a kept reply.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test/harness';
import { listedIds } from '../test/expect-api';

let server: TestServer;
let author: Client;
let owner: Client;
let visitor: Client;

const LISTING = { count: 20, fields: 'id,title,author,createdDate,topTags,commentCount,url,author.fullName,author.iconUrl' };

beforeAll(async () => {
  server = await startTestServer();
  [author, owner] = await Promise.all([server.signUp('Carla Cache'), server.owner()]);
  visitor = server.anonymous();
});
afterAll(() => server.stop());

/** A GET with exactly these headers, its body as it came over the wire. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** Reads twice; the second read must come from the cache and equal the first. */
async function cached(client: Client, path: string, query: Record<string, string | number> = {}) {
  const first = await client.get(path, query);
  const second = await client.get(path, query);
  expect(second.headers.get('x-cache')).toBe('hit');
  expect(second.body).toEqual(first.body);
  return second;
}

describe('anonymous response cache', () => {
  it('answers a repeated visitor read from the cache, with the same bytes, headers and ETag', async () => {
    await author.post('BlogPost', { title: 'Kept', description: 'Body', tag: 'kept' });
    const first = await visitor.get('BlogPost/recent', LISTING);
    expect(first.headers.get('x-cache')).toBeNull();
    const second = await visitor.get('BlogPost/recent', LISTING);
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.body).toEqual(first.body);
    for (const name of ['etag', 'content-type', 'content-length', 'x-content-type-options', 'content-security-policy']) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    // Its own request id, never the one of the reply it copies.
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    // The same parameters in another order are the same reply.
    const reordered = await visitor.get('BlogPost/recent', { fields: LISTING.fields, count: 20 });
    expect(reordered.headers.get('x-cache')).toBe('hit');
  });

  it('answers clients that accept gzip from the cache too, compressed once', async () => {
    for (let i = 0; i < 5; i++) await author.post('BlogPost', { title: `Long enough to compress ${i}`, description: 'Body '.repeat(40) });
    const url = visitor.url('BlogPost/recent', { count: 20, fields: 'id,title,description' });
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await rawGet(url, gzip);
    expect(first.status).toBe(200);
    const plain = await rawGet(url, {});
    const second = await rawGet(url, gzip);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(second.headers['content-length'])).toBe(second.body.length);
    expect(second.body.length).toBeLessThan(plain.body.length);
    expect(zlib.gunzipSync(second.body).equals(plain.body)).toBe(true);
    // A client that accepts no encoding, or refuses gzip, gets the reply as it is.
    expect(plain.headers['x-cache']).toBe('hit');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const refused = await rawGet(url, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
    expect(second.headers.etag).toBe(plain.headers.etag);
  });

  it('answers If-None-Match with 304 from the cache', async () => {
    const reply = await cached(visitor, 'BlogPost/recent', { count: 5 });
    const etag = reply.headers.get('etag')!;
    const res = await fetch(visitor.url('BlogPost/recent', { count: 5 }), { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('x-cache')).toBe('hit');
    expect(await res.text()).toBe('');
    const other = await fetch(visitor.url('BlogPost/recent', { count: 5 }), { headers: { 'if-none-match': 'W/"other"' } });
    expect(other.status).toBe(200);
  });

  it('never answers or keeps signed-in reads', async () => {
    const draft = (await author.post('BlogPost', { title: 'Only mine', publishStatus: 'draft' })).body.id;
    const own = await author.get('BlogPost/recent', { count: 50, fields: 'id' });
    expect(listedIds(own)).toContain(draft);
    const again = await author.get('BlogPost/recent', { count: 50, fields: 'id' });
    expect(again.headers.get('x-cache')).toBeNull();
    const seen = await visitor.get('BlogPost/recent', { count: 50, fields: 'id' });
    expect(listedIds(seen)).not.toContain(draft);
    // A program's access token is a caller too.
    expect((await visitor.get('BlogPost/recent', { count: 50, fields: 'id' })).headers.get('x-cache')).toBe('hit');
    const token = (await author.post('AccessToken', { name: 'script' })).body.entry.token;
    const byToken = await author.withBearer(token).get('BlogPost/recent', { count: 50, fields: 'id' });
    expect(byToken.headers.get('x-cache')).toBeNull();
    expect(listedIds(byToken)).toContain(draft);
  });

  it('shows every kind of write on the very next visitor read', async () => {
    const id = (await author.post('BlogPost', { title: 'Fresh', description: 'Text', tag: 'one' })).body.id as string;
    const listed = async () => (await visitor.get('BlogPost/recent', LISTING)).body.entry.find((e: { id: string }) => e.id === id);

    // content
    await cached(visitor, 'BlogPost/recent', LISTING);
    await author.put('BlogPost', { title: 'Fresher' }, { id });
    expect((await listed()).title).toBe('Fresher');
    // comments
    await cached(visitor, 'BlogPost/recent', LISTING);
    await owner.post('Comment', { attachedTo: id, description: 'First!' });
    expect((await listed()).commentCount).toBe(1);
    // tags
    await cached(visitor, 'BlogPost/recent', LISTING);
    await author.put('BlogPost', { tag: 'two' }, { id });
    expect((await listed()).topTags).toEqual(['two']);
    await cached(visitor, 'Tag/popular', { type: 'BlogPost' });
    // profiles: an author's name shows on their posts, on every network
    await cached(visitor, 'BlogPost/recent', LISTING);
    await author.put('User', { fullName: 'Carla Renamed' });
    expect(JSON.stringify((await visitor.get('BlogPost/recent', LISTING)).body)).toContain('Carla Renamed');
    // featuring
    const featured = async () => listedIds(await visitor.get('BlogPost/featured', { fields: 'id' }));
    await cached(visitor, 'BlogPost/featured', { fields: 'id' });
    await owner.post('BlogPost/feature', {}, { id });
    expect(await featured()).toContain(id);
    // moderation: an administrator hides the post
    await cached(visitor, 'BlogPost/recent', LISTING);
    await owner.put('BlogPost', { approved: false }, { id });
    expect(await listed()).toBeUndefined();
    // deletes
    await owner.put('BlogPost', { approved: true }, { id });
    expect(await listed()).toBeDefined();
    await cached(visitor, 'BlogPost', { id, fields: 'title' });
    await author.del('BlogPost', { id });
    expect((await visitor.get('BlogPost', { id, fields: 'title' })).status).toBe(404);
  });

  it('stops answering visitors as soon as the network turns private', async () => {
    await cached(visitor, 'BlogPost/recent', LISTING);
    await owner.put('Network', { isPrivate: true });
    try {
      expect((await visitor.get('BlogPost/recent', LISTING)).status).toBe(401);
    } finally {
      await owner.put('Network', { isPrivate: false });
    }
    expect((await visitor.get('BlogPost/recent', LISTING)).status).toBe(200);
  });

  it('lists a scheduled post once it is due, though the listing was kept before', async () => {
    const publishTime = new Date(Date.now() + 1_500).toISOString();
    const id = (await author.post('BlogPost', { title: 'Later', publishStatus: 'publish', publishTime })).body.id;
    const before = await cached(visitor, 'BlogPost/recent', { count: 50, fields: 'id' });
    if (Date.now() < Date.parse(publishTime)) expect(listedIds(before)).not.toContain(id);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(publishTime) - Date.now()) + 50));
    expect(listedIds(await visitor.get('BlogPost/recent', { count: 50, fields: 'id' }))).toContain(id);
  });

  it('builds a missing reply once while the visitors asking for it wait', async () => {
    const query = { count: 7, fields: 'id,title' };
    const replies = await Promise.all(Array.from({ length: 20 }, () => visitor.get('BlogPost/recent', query)));
    const built = replies.filter((r) => r.headers.get('x-cache') !== 'hit');
    expect(built.length).toBe(1);
    for (const r of replies) expect(r.body).toEqual(replies[0]!.body);
  });

  it('keeps no error replies', async () => {
    const bad = await visitor.get('BlogPost/recent', { count: 'many' });
    expect(bad.status).toBe(400);
    const again = await visitor.get('BlogPost/recent', { count: 'many' });
    expect(again.headers.get('x-cache')).toBeNull();
    expect(again.body.trace).not.toBe(bad.body.trace);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('shows a write made on another instance to its visitors within a second', async () => {
    const other = await server.anotherInstance();
    const otherVisitor = async () => {
      const res = await fetch(`${other.url}/xn/rest/apiexample/1.0/BlogPost/recent?count=50&fields=title`);
      return { cache: res.headers.get('x-cache'), titles: ((await res.json()).entry as { title: string }[]).map((e) => e.title) };
    };
    await otherVisitor();
    expect((await otherVisitor()).cache).toBe('hit');
    await author.post('BlogPost', { title: 'Told to every instance', description: 'x' });
    const deadline = Date.now() + 1000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      seen = (await otherVisitor()).titles.includes('Told to every instance');
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe(true);
  });

  it('sees what is written straight to the database once the server is told', async () => {
    const names = async () => (await visitor.get('User/recent', { count: 100, fields: 'fullName' })).body.entry.map((e: { fullName: string }) => e.fullName);
    await cached(visitor, 'User/recent', { count: 100, fields: 'fullName' });
    const member = await server.signUp('Newcomer');
    expect(await names()).toContain('Newcomer');
    await cached(visitor, 'User/recent', { count: 100, fields: 'fullName' });
    // The harness writes the membership straight to the database.
    await server.setMembership(member, { state: 'blocked' });
    expect(await names()).not.toContain('Newcomer');
  });
});
