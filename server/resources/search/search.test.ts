// Search (GET Search): each database's own full-text index finds posts, topics, photos and
// members by the words of their titles and texts (word prefixes, every word), best matches
// first, kept current by every write, paged by anchors, and only what the caller may see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';
import { png } from '../photos/test-images';

let server: TestServer;
let author: Client;
let friend: Client;
let stranger: Client;

beforeAll(async () => {
  server = await startTestServer();
  [author, friend, stranger] = await Promise.all([
    server.signUp('Ottilie Quernbrook'),
    server.signUp('Fenna Friend'),
    server.signUp('Silas Stranger'),
  ]);
  await server.befriend(author, friend);
});
afterAll(() => server.stop());

const post = async (form: Record<string, string>) => {
  const res = await author.post('BlogPost', form);
  expect(res.status).toBe(200);
  return res.body.id as string;
};
const find = async (client: Client, q: string, type = 'BlogPost', extra: Record<string, string | number> = {}) => {
  const res = await client.get('Search', { q, type, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
};
const titles = async (client: Client, q: string, type = 'BlogPost') => (await find(client, q, type)).body.entry.map((e: { title: string }) => e.title);

describe('finding posts', () => {
  it('matches every word as a word prefix, in titles and texts without their markup, best matches first', async () => {
    const inBody = await post({ title: 'Weekend notes', description: '<p>We baked <strong>sourdough</strong> with rye.</p>' });
    const inTitle = await post({ title: 'Sourdough starters compared', description: '<p>Three jars, one winner.</p>' });
    await post({ title: 'Rye whiskey', description: '<p>Nothing to see here.</p>' });

    const res = await find(server.anonymous(), 'sourdough');
    expect(res.body.entry.map((e: { id: string }) => e.id)).toEqual([inTitle, inBody]);
    expect(res.body.entry[1]).toEqual({
      id: inBody,
      type: 'BlogPost',
      title: 'Weekend notes',
      excerpt: 'We baked sourdough with rye.',
      author: author.who.screenName,
      createdDate: expect.any(String),
      url: expect.stringContaining(`/blog/${encodeURIComponent(inBody)}`),
    });
    expect(res.body.resources[author.who.screenName!]).toMatchObject({ fullName: 'Ottilie Quernbrook' });
    expect(await titles(server.anonymous(), 'SOURD')).toEqual(['Sourdough starters compared', 'Weekend notes']);
    expect(await titles(server.anonymous(), 'baked rye')).toEqual(['Weekend notes']);
    expect(await titles(server.anonymous(), 'strong')).toEqual([]);
  });

  it('follows edits and deletions at once', async () => {
    const id = await post({ title: 'Quokka sighting', description: '<p>On the island.</p>' });
    expect(await titles(server.anonymous(), 'quokka')).toEqual(['Quokka sighting']);
    expect((await author.put('BlogPost', { id, title: 'Wombat sighting' })).status).toBe(200);
    expect(await titles(server.anonymous(), 'quokka')).toEqual([]);
    expect(await titles(server.anonymous(), 'wombat')).toEqual(['Wombat sighting']);
    expect((await author.del('BlogPost', { id })).status).toBe(200);
    expect(await titles(server.anonymous(), 'wombat')).toEqual([]);
  });
});

describe('visibility', () => {
  it('finds only what the caller may read', async () => {
    await post({ title: 'Zephyr for everyone' });
    await post({ title: 'Zephyr for members', visibility: 'members' });
    await post({ title: 'Zephyr for friends', visibility: 'friends' });
    await post({ title: 'Zephyr for me', visibility: 'me' });
    await post({ title: 'Zephyr draft', publishStatus: 'draft' });
    const sorted = async (c: Client) => (await titles(c, 'zephyr')).sort();
    expect(await sorted(server.anonymous())).toEqual(['Zephyr for everyone']);
    expect(await sorted(stranger)).toEqual(['Zephyr for everyone', 'Zephyr for members']);
    expect(await sorted(friend)).toEqual(['Zephyr for everyone', 'Zephyr for friends', 'Zephyr for members']);
    expect(await sorted(author)).toEqual(['Zephyr draft', 'Zephyr for everyone', 'Zephyr for friends', 'Zephyr for me', 'Zephyr for members']);
  });

  it('finds active members by name, not pending ones, except for administrators', async () => {
    const pending = await server.signUp('Xanthe Pendleton');
    await server.setMembership(pending, { state: 'pending' });
    const found = await find(server.anonymous(), 'quernbrook', 'User');
    expect(found.body.entry).toEqual([
      expect.objectContaining({ type: 'User', title: 'Ottilie Quernbrook', author: author.who.screenName, url: expect.stringContaining('/members/') }),
    ]);
    expect(await titles(server.anonymous(), 'xanthe', 'User')).toEqual([]);
    expect(await titles(await server.owner(), 'xanthe', 'User')).toEqual(['Xanthe Pendleton']);
    expect((await author.put('User', { fullName: 'Ottilie Marchbank' })).status).toBe(200);
    expect(await titles(server.anonymous(), 'marchbank', 'User')).toEqual(['Ottilie Marchbank']);
    expect(await titles(server.anonymous(), 'quernbrook', 'User')).toEqual([]);
  });

  it('finds topics and photos through their own scope', async () => {
    expect((await author.post('Topic', { title: 'Yarrow in the garden', description: 'Where to plant it' })).status).toBe(200);
    expect((await author.post('Topic', { title: 'Yarrow tea', visibility: 'friends' })).status).toBe(200);
    expect(await titles(stranger, 'yarrow', 'Topic')).toEqual(['Yarrow in the garden']);
    expect((await titles(friend, 'yarrow', 'Topic')).sort()).toEqual(['Yarrow in the garden', 'Yarrow tea']);
    const photo = await author.upload('Photo', { title: 'Xylophone on the beach', visibility: 'members' }, { file: await png() });
    expect(photo.status).toBe(200);
    expect(await titles(stranger, 'xylophone', 'Photo')).toEqual(['Xylophone on the beach']);
    expect(await titles(server.anonymous(), 'xylophone', 'Photo')).toEqual([]);
  });
});

describe('paging', () => {
  it('pages through every match once, in rank order, with anchors', async () => {
    for (let i = 1; i <= 12; i++) await post({ title: `Vortex ${i}` });
    const seen: string[] = [];
    let anchor: string | undefined;
    let pages = 0;
    for (;;) {
      const res = await find(server.anonymous(), 'vortex', 'BlogPost', { count: 5, ...(anchor && { anchor }) });
      expect(res.body.firstPage).toBe(pages === 0);
      seen.push(...res.body.entry.map((e: { title: string }) => e.title));
      pages++;
      anchor = res.body.anchor;
      if (res.body.lastPage) break;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
  });
});

describe('bad input', () => {
  it('refuses in the envelope, and query syntax is only words', async () => {
    const anon = server.anonymous();
    expectError(await anon.get('Search', { type: 'BlogPost' }), 400, 4, 2);
    expectError(await anon.get('Search', { q: '"*()', type: 'BlogPost' }), 400, 4, 2);
    expectError(await anon.get('Search', { q: 'x', type: 'Comment' }), 400, 4, 3);
    expectError(await anon.get('Search', { q: 'x', type: 'BlogPost', count: 0 }), 400, 4, 6);
    expectError(await anon.get('Search', { q: 'x', type: 'BlogPost', count: 51 }), 400, 4, 6);
    expectError(await anon.get('Search', { q: 'x'.repeat(201), type: 'BlogPost' }), 400, 4, 3);
    expectError(await anon.get('Search', { q: 'x', type: 'BlogPost', anchor: 'forged.anchor' }), 400, 4, 7);
    const otherListing = (await anon.get('BlogPost/recent', { count: 1 })).body.anchor;
    expectError(await anon.get('Search', { q: 'x', type: 'BlogPost', anchor: otherListing }), 400, 4, 7);
    for (const q of ['sourdough OR NOT', 'NEAR(a b)', 'a:* & !b', "'; drop table blog_posts; --", 'title:rye', '^rye', '-rye']) {
      expect((await anon.get('Search', { q, type: 'BlogPost' })).status, q).toBe(200);
    }
  });
});
