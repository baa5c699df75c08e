// Atom feeds (GET BlogPost/feed): well-formed XML (parsed by jsdom's XML parser) with what
// RFC 4287 requires of a feed and its entries, the newest posts anybody may read — whoever
// asks — for the network, a tag or a member, escaped text, stable ids, and conditional GET.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';

const ATOM = 'http://www.w3.org/2005/Atom';
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

let server: TestServer;
let author: Client;
let friend: Client;

beforeAll(async () => {
  server = await startTestServer();
  [author, friend] = await Promise.all([server.signUp('Amara Author'), server.signUp('Femi Friend')]);
  await server.befriend(author, friend);
});
afterAll(() => server.stop());

async function fetchFeed(client: Client, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await fetch(client.url('BlogPost/feed', query), { headers: { ...client.credentialHeaders('GET'), ...headers } });
  return { res, text: await res.text() };
}

/** Parses the feed and checks what RFC 4287 requires; returns the document. */
function parseAtom(text: string) {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror'), 'well-formed XML').toHaveLength(0);
  const feed = doc.documentElement;
  expect([feed.namespaceURI, feed.localName]).toEqual([ATOM, 'feed']);
  const children = (el: Element, name: string) => [...el.children].filter((c) => c.namespaceURI === ATOM && c.localName === name);
  const one = (el: Element, name: string) => {
    const found = children(el, name);
    expect(found, `exactly one atom:${name} in atom:${el.localName}`).toHaveLength(1);
    return found[0]!;
  };
  const iri = (value: string) => expect(() => new URL(value)).not.toThrow();
  iri(one(feed, 'id').textContent!);
  one(feed, 'title');
  expect(one(feed, 'updated').textContent).toMatch(RFC3339);
  const links = children(feed, 'link');
  expect(links.find((l) => l.getAttribute('rel') === 'self')?.getAttribute('type')).toBe('application/atom+xml');
  const entries = children(feed, 'entry');
  // Without an author of the feed, every entry must have one.
  if (children(feed, 'author').length === 0) for (const e of entries) one(e, 'author');
  for (const a of children(feed, 'author')) one(a, 'name');
  const parsed = entries.map((e) => {
    iri(one(e, 'id').textContent!);
    expect(one(e, 'updated').textContent).toMatch(RFC3339);
    const content = one(e, 'content');
    expect(content.getAttribute('type')).toBe('html');
    const alternate = children(e, 'link').find((l) => (l.getAttribute('rel') ?? 'alternate') === 'alternate');
    expect(alternate, 'an entry without content src needs no link, but ours link to the post').toBeTruthy();
    const entryAuthor = children(e, 'author')[0];
    return {
      id: one(e, 'id').textContent!,
      title: one(e, 'title').textContent!,
      content: content.textContent!,
      link: alternate!.getAttribute('href')!,
      author: entryAuthor ? one(entryAuthor, 'name').textContent : null,
      categories: children(e, 'category').map((c) => c.getAttribute('term')),
    };
  });
  return { doc, feed, id: one(feed, 'id').textContent!, title: one(feed, 'title').textContent!, entries: parsed };
}

describe('the network’s feed', () => {
  it('holds the newest posts anybody may read, newest first, whoever asks, as valid Atom', async () => {
    await author.post('BlogPost', { title: 'First & foremost <hello>', description: '<p>Bread &amp; <strong>butter</strong></p>', tag: ['bread'] });
    await author.post('BlogPost', { title: 'Only friends', visibility: 'friends' });
    await author.post('BlogPost', { title: 'Only members', visibility: 'members' });
    await author.post('BlogPost', { title: 'A draft', publishStatus: 'draft' });
    const last = (await author.post('BlogPost', { title: 'Second post' })).body.id as string;

    for (const client of [server.anonymous(), friend, await server.owner()]) {
      const { res, text } = await fetchFeed(client);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      const feed = parseAtom(text);
      expect(feed.entries.map((e) => e.title)).toEqual(['Second post', 'First & foremost <hello>']);
      expect(feed.entries[1]).toMatchObject({ content: '<p>Bread &amp; <strong>butter</strong></p>', author: 'Amara Author', categories: ['bread'] });
      expect(feed.entries[0]!.link).toContain(`/blog/${encodeURIComponent(last)}`);
    }
  });

  it('keeps its ids from one request to the next, each entry its own', async () => {
    const a = parseAtom((await fetchFeed(server.anonymous())).text);
    const b = parseAtom((await fetchFeed(server.anonymous())).text);
    expect(b.id).toBe(a.id);
    expect(b.entries.map((e) => e.id)).toEqual(a.entries.map((e) => e.id));
    expect(new Set(a.entries.map((e) => e.id)).size).toBe(a.entries.length);
    expect(a.id).toMatch(/^tag:127\.0\.0\.1,\d{4}-\d{2}-\d{2}:apiexample\//);
  });

  it('answers 304 to a client that has the current feed, and 200 once there is a new post', async () => {
    const first = await fetchFeed(server.anonymous());
    const etag = first.res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.res.headers.get('last-modified')).toBeTruthy();
    const again = await fetchFeed(server.anonymous(), {}, { 'if-none-match': etag! });
    expect(again.res.status).toBe(304);
    await author.post('BlogPost', { title: 'Newer still' });
    const changed = await fetchFeed(server.anonymous(), {}, { 'if-none-match': etag! });
    expect(changed.res.status).toBe(200);
    expect(parseAtom(changed.text).entries[0]!.title).toBe('Newer still');
  });
});

describe('a tag’s and a member’s feed', () => {
  it('hold only that tag’s or that member’s posts, and an empty feed is still valid', async () => {
    await friend.post('BlogPost', { title: 'Friend on bread', tag: 'bread' });
    const tagged = parseAtom((await fetchFeed(server.anonymous(), { tag: 'bread' })).text);
    expect(tagged.entries.map((e) => e.title)).toEqual(['Friend on bread', 'First & foremost <hello>']);
    expect(tagged.title).toContain('bread');
    const byFriend = parseAtom((await fetchFeed(server.anonymous(), { author: friend.who.screenName! })).text);
    expect(byFriend.entries.map((e) => e.title)).toEqual(['Friend on bread']);
    expect(byFriend.title).toContain('Femi Friend');
    expect(new Set([tagged.id, byFriend.id, parseAtom((await fetchFeed(server.anonymous())).text).id]).size).toBe(3);
    const none = parseAtom((await fetchFeed(server.anonymous(), { tag: 'no-such-tag' })).text);
    expect(none.entries).toEqual([]);
  });
});

describe('refusals', () => {
  it('has no feed on a private network, and refuses bad parameters in the envelope', async () => {
    expectError(await server.anonymous().get('BlogPost/feed', { tag: 'x'.repeat(65) }), 400, 4, 3);
    await server.updateNetwork({ is_private: 1 });
    try {
      expectError(await server.anonymous().get('BlogPost/feed'), 401, 1, 1);
      expectError(await author.get('BlogPost/feed'), 404, 3, 1);
    } finally {
      await server.updateNetwork({ is_private: 0 });
    }
  });
});
