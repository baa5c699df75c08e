// Story: members write posts with tags, the Network Creator moderates and features some;
// readers list and count them by author, tag, approval and privacy, and read the featured
// posts in the order they were featured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, ISO_DATE, listedIds } from '../../test/expect-api';

let server: TestServer;
let owner: Client;
let alice: Client;
let bob: Client;
const posts: Record<string, string> = {};
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  [owner, alice, bob] = await Promise.all([server.owner(), server.signUp('Alice Author'), server.signUp('Bob Blogger')]);
  const write = async (name: string, client: Client, form: Record<string, string | string[]>) => {
    const res = await client.post('BlogPost', { title: name, ...form });
    expect(res.status).toBe(200);
    posts[name] = res.body.id;
  };
  await write('cats', alice, { tag: ['cats', 'pets'] });
  await write('dogs', alice, { tag: ['dogs', 'pets'] });
  await write('secret', alice, { visibility: 'members', tag: 'cats' });
  await write('bobs', bob, { tag: ['birds', 'pets'] });
  await write('unapproved', owner, { approved: 'false', tag: 'cats' });
});
afterAll(() => server.stop());

const recent = (client: Client, query: Record<string, string> = {}) => client.get('BlogPost/recent', { count: 100, fields: 'id', ...query });
const count = async (client: Client, query: Record<string, string> = {}) => {
  const res = await client.get('BlogPost/count', { createdAfter: daysAgo(1), ...query });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, count: expect.any(Number) });
  return res.body.count as number;
};

describe('filters on recent and count', () => {
  it('filter by author', async () => {
    const alices = [posts.secret, posts.dogs, posts.cats];
    expect(listedIds(await recent(bob, { author: alice.who.screenName! }))).toEqual(alices);
    expect(await count(bob, { author: alice.who.screenName! })).toBe(3);
    expect(listedIds(await recent(bob, { author: 'nobody' }))).toEqual([]);
  });

  it('filter by tag', async () => {
    expect(listedIds(await recent(bob, { tag: 'pets' }))).toEqual([posts.bobs, posts.dogs, posts.cats]);
    expect(listedIds(await recent(bob, { tag: 'cats' }))).toEqual([posts.secret, posts.cats]);
    expect(listedIds(await recent(owner, { tag: 'cats' }))).toEqual([posts.unapproved, posts.secret, posts.cats]);
    expect(await count(server.anonymous(), { tag: 'cats' })).toBe(1);
    expect(await count(bob, { tag: 'pets', author: alice.who.screenName! })).toBe(2);
    expect(listedIds(await recent(bob, { tag: 'pets', author: bob.who.screenName! }))).toEqual([posts.bobs]);
  });

  it('filter by approval; unapproved posts of others stay hidden from members', async () => {
    expect(listedIds(await recent(owner, { approved: 'false' }))).toEqual([posts.unapproved]);
    expect(await count(owner, { approved: 'false' })).toBe(1);
    expect(listedIds(await recent(bob, { approved: 'false' }))).toEqual([]);
    expect(await count(bob, { approved: 'false' })).toBe(0);
    expect(listedIds(await recent(bob, { approved: 'true', tag: 'cats' }))).toEqual([posts.secret, posts.cats]);
    expect(await count(alice, { approved: 'true' })).toBe(4);
  });

  it('filter by publishing state: an author’s drafts, scheduled and published posts, nobody else’s', async () => {
    const hour = 3_600_000;
    const draft = (await alice.post('BlogPost', { title: 'draft', publishStatus: 'draft' })).body.id;
    const scheduled = (await alice.post('BlogPost', { title: 'later', publishTime: new Date(Date.now() + hour).toISOString() })).body.id;
    const mine = { author: alice.who.screenName! };
    expect(listedIds(await recent(alice, { ...mine, publishStatus: 'draft' }))).toEqual([draft]);
    expect(listedIds(await recent(alice, { ...mine, publishStatus: 'queued' }))).toEqual([scheduled]);
    expect(listedIds(await recent(alice, { ...mine, publishStatus: 'publish' }))).toEqual([posts.secret, posts.dogs, posts.cats]);
    expect(await count(alice, { ...mine, publishStatus: 'draft' })).toBe(1);
    for (const publishStatus of ['draft', 'queued']) {
      expect(listedIds(await recent(bob, { ...mine, publishStatus }))).toEqual([]);
      expect(listedIds(await recent(owner, { publishStatus }))).toEqual([]);
    }
    expectError(await recent(alice, { publishStatus: 'someday' }), 400, 4, 3);
    await alice.del('BlogPost', { id: draft });
    await alice.del('BlogPost', { id: scheduled });
  });

  it('keeps private=true for the Network Creator: posts not visible to everyone', async () => {
    expect(listedIds(await recent(owner, { private: 'true' }))).toEqual([posts.unapproved, posts.secret]);
    expect(await count(owner, { private: 'true' })).toBe(2);
    expect(await count(owner, { private: 'false' })).toBe(5);
    for (const caller of [alice, bob, server.anonymous()]) {
      expectError(await recent(caller, { private: 'true' }), 403, 2, 2);
      expectError(await caller.get('BlogPost/count', { private: 'true', createdAfter: daysAgo(1) }), 403, 2, 2);
    }
    const admin = await server.signUp('Ada Admin');
    await server.setMembership(admin, { role: 'admin' });
    expectError(await recent(admin, { private: 'true' }), 403, 2, 2);
  });

  it('counts what the caller may see, created after a date at most a week back', async () => {
    expect(await count(server.anonymous())).toBe(3);
    expect(await count(bob)).toBe(4);
    expect(await count(owner)).toBe(5);
    expect(await count(bob, { createdAfter: daysAgo(3) })).toBe(4);
    expect(await count(bob, { createdAfter: daysAgo(5) })).toBe(4);
    expect(await count(bob, { createdAfter: daysAgo(6.99) })).toBe(4);
    expect(await count(bob, { createdAfter: new Date(Date.now() + 60_000).toISOString() })).toBe(0);
    expectError(await bob.get('BlogPost/count', { createdAfter: daysAgo(8) }), 400, 4, 5);
  });

  it('takes createdAfter in any ISO-8601 offset, with or without milliseconds', async () => {
    const at = new Date(Date.now() - 2 * DAY);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = (offsetMinutes: number) => {
      const d = new Date(at.getTime() + offsetMinutes * 60_000);
      const sign = offsetMinutes < 0 ? '-' : '+';
      const abs = Math.abs(offsetMinutes);
      return `${d.toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
    };
    const forms = [
      at.toISOString(),
      at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      at.toISOString().replace('Z', '+00:00'),
      local(-8 * 60),
      local(5 * 60 + 30),
      local(-8 * 60).replace(/:(\d{2})$/, '$1'),
    ];
    for (const createdAfter of forms) expect(await count(bob, { createdAfter })).toBe(4);
    // A client that leaves the `+` of an offset unencoded sends a space; it still means `+`.
    const raw = await bob.get(`BlogPost/count?createdAfter=${at.toISOString().replace('Z', '+00:00')}`);
    expect(raw.body).toEqual({ success: true, count: 4 });
    // The offset moves the instant: an hour from now, written as Los Angeles time, is after every post.
    const future = new Date(Date.now() + 3_600_000);
    const inLosAngeles = `${new Date(future.getTime() - 8 * 3_600_000).toISOString().slice(0, 19)}-08:00`;
    expect(await count(bob, { createdAfter: inLosAngeles })).toBe(0);
  });
});

describe('featured posts', () => {
  it('are ordered by featuredDate alone: an old post featured now precedes one featured earlier', async () => {
    const first = await owner.post('BlogPost/feature', {}, { id: posts.dogs });
    expect(first).toMatchObject({ status: 200, body: { success: true } });
    const dogs = (await bob.get('BlogPost', { id: posts.dogs, fields: 'featuredDate' })).body.entry;
    expect(dogs.featuredDate).toMatch(ISO_DATE);
    // Let the clock move on, so the two features cannot share a millisecond.
    await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(dogs.featuredDate));
    expect((await owner.post('BlogPost/feature', {}, { id: posts.cats })).status).toBe(200);

    const featured = await bob.get('BlogPost/featured', { count: 10, fields: 'featuredDate,createdDate' });
    expect(listedIds(featured)).toEqual([posts.cats, posts.dogs]);
    const [cats] = featured.body.entry;
    expect(Date.parse(cats.featuredDate)).toBeGreaterThan(Date.parse(dogs.featuredDate));
    expect(Date.parse(cats.createdDate)).toBeLessThan(Date.parse(dogs.featuredDate));
    expect(featured.body).toMatchObject({ firstPage: true, lastPage: true });

    const paged = await bob.get('BlogPost/featured', { fields: 'id' });
    expect(listedIds(paged)).toEqual([posts.cats]);
    expect(listedIds(await bob.get('BlogPost/featured', { anchor: paged.body.anchor, count: 5 }))).toEqual([posts.dogs]);
  });

  it('loses a post when it is unfeatured, and hides what the caller may not see', async () => {
    await owner.post('BlogPost/feature', {}, { id: posts.secret });
    expect(listedIds(await bob.get('BlogPost/featured', { count: 10 }))[0]).toBe(posts.secret);
    expect(listedIds(await server.anonymous().get('BlogPost/featured', { count: 10 }))).toEqual([posts.cats, posts.dogs]);

    expect((await owner.del('BlogPost/feature', { id: posts.cats })).body).toEqual({ success: true });
    expect(listedIds(await bob.get('BlogPost/featured', { count: 10 }))).toEqual([posts.secret, posts.dogs]);
    expect((await bob.get('BlogPost', { id: posts.cats, fields: 'featuredDate' })).body.entry.featuredDate).toBeNull();
  });
});
