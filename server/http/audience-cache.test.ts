// Signed-in readers share replies by audience: a member who sees nothing beyond what every
// member sees gets the same bytes as any other, from the cache; a member with something of
// their own (a draft, a friends-only post, a friend's friends-only post, a comment awaiting
// approval) gets their own reply; moderators have theirs; every write shows on the very next
// read; a blocked member or an ended session never gets a member's kept reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type Form, type TestServer } from '../test/harness';
import { listedIds } from '../test/expect-api';

let server: TestServer;
let owner: Client;

/** Since a day ago. */
const SINCE = { createdAfter: new Date(Date.now() - 86_400_000).toISOString() };
const LISTING = { count: 50, fields: 'id,title,author,createdDate,topTags,commentCount,url,author.fullName' };

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.owner();
});
afterAll(() => server.stop());

/** Uncompressed, as the cache keeps replies (a compressed one is not kept). */
const IDENTITY = { 'accept-encoding': 'identity' };

/** The reply as sent: status, whether the cache answered, ETag and the bytes. */
async function raw(client: Client, path: string, query: Form = LISTING) {
  const res = await fetch(client.url(path, query), { headers: { ...client.credentialHeaders('GET'), ...IDENTITY } });
  return { status: res.status, cache: res.headers.get('x-cache'), etag: res.headers.get('etag'), text: await res.text() };
}

const members = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => server.signUp(`Audience Reader ${i}`)));
const ids = async (client: Client, path = 'BlogPost/recent') => listedIds(await client.get(path, { count: 50, fields: 'id' }));

describe('replies shared by audience', () => {
  it('gives members with nothing of their own the same bytes, from the cache, and 304 to If-None-Match', async () => {
    const [ana, ben] = await members(2);
    await owner.post('BlogPost', { title: 'For everyone', description: 'Body', tag: 'shared' });
    const first = await raw(ana!, 'BlogPost/recent');
    const second = await raw(ben!, 'BlogPost/recent');
    expect(first.status).toBe(200);
    expect(second.cache).toBe('hit');
    expect(second.text).toBe(first.text);
    expect(second.etag).toBe(first.etag);
    const res = await fetch(ben!.url('BlogPost/recent', LISTING), { headers: { ...ben!.credentialHeaders('GET'), ...IDENTITY, 'if-none-match': second.etag! } });
    expect(res.status).toBe(304);
    // Tags, comments, activity and counts are shared too.
    for (const [path, query] of [
      ['Tag/popular', { type: 'BlogPost' }],
      ['Activity/recent', { count: 20 }],
      ['BlogPost/count', SINCE],
      ['BlogPost/featured', { count: 20 }],
    ] as const) {
      const a = await raw(ana!, path, query);
      const b = await raw(ben!, path, query);
      expect(b.cache, path).toBe('hit');
      expect(b.text, path).toBe(a.text);
    }
  });

  it('never shares the reply of a member who has a draft, a scheduled post or a friends-only post', async () => {
    const [writer, reader] = await members(2);
    await raw(reader!, 'BlogPost/recent');
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const own = [
      (await writer!.post('BlogPost', { title: 'My draft', publishStatus: 'draft' })).body.id,
      (await writer!.post('BlogPost', { title: 'My scheduled', publishStatus: 'publish', publishTime: later })).body.id,
      (await writer!.post('BlogPost', { title: 'My friends-only', visibility: 'friends' })).body.id,
      (await writer!.post('BlogPost', { title: 'Only me', visibility: 'me' })).body.id,
    ];
    for (let i = 0; i < 2; i++) {
      const mine = await raw(writer!, 'BlogPost/recent');
      expect(mine.cache).toBeNull();
      for (const id of own) expect(mine.text).toContain(id);
    }
    const theirs = await raw(reader!, 'BlogPost/recent');
    for (const id of own) expect(theirs.text).not.toContain(id);
    expect((await raw(reader!, 'BlogPost/recent')).cache).toBe('hit');
    // The counts of the writer's tags and posts are their own too.
    const counts = await Promise.all([raw(writer!, 'BlogPost/count', SINCE), raw(reader!, 'BlogPost/count', SINCE)]);
    expect(JSON.parse(counts[0].text).count).toBe(JSON.parse(counts[1].text).count + own.length);
  });

  it("counts a member's own items and their friends' on top of the audience's kept count, exactly as the whole way does, as posts come and fall due", async () => {
    const [writer, friend, plain] = await members(3);
    await server.befriend(writer!, friend!);
    const tag = 'counted-extra';
    await writer!.post('BlogPost', { title: 'Draft', publishStatus: 'draft', tag });
    await writer!.post('BlogPost', { title: 'Friends only', visibility: 'friends', tag });
    await writer!.post('BlogPost', { title: 'Me only', visibility: 'me' });
    await writer!.post('BlogPost', { title: 'Friends-only draft', visibility: 'friends', publishStatus: 'draft' });
    await plain!.post('BlogPost', { title: 'Public', tag });
    const soon = Date.now() + 1500;
    await writer!.post('BlogPost', { title: 'Scheduled', publishStatus: 'publish', publishTime: new Date(soon).toISOString(), tag });
    const queries = [SINCE, { ...SINCE, tag }, { ...SINCE, author: writer!.who.screenName! }, { ...SINCE, tag: 'nothing-has-it' }];
    /** The count made from the audience's, and the one read the whole way (a parameter twice is never made up). */
    const both = async (reader: Client, query: Form) => {
      await raw(plain!, 'BlogPost/count', query);
      const made = await raw(reader, 'BlogPost/count', query);
      const whole = await fetch(`${reader.url('BlogPost/count', query)}&createdAfter=${encodeURIComponent(SINCE.createdAfter)}`, { headers: reader.credentialHeaders('GET') });
      expect(made.status).toBe(200);
      return { made: JSON.parse(made.text).count as number, whole: ((await whole.json()) as { count: number }).count, made_: made };
    };
    const check = async () => {
      for (const reader of [writer!, friend!]) {
        for (const query of queries) {
          const { made, whole } = await both(reader, query);
          expect(made, JSON.stringify(query)).toBe(whole);
        }
      }
    };
    await check();
    // The writer's count: the public post, their draft, friends-only, me-only and scheduled posts.
    expect((await both(writer!, { ...SINCE, tag })).made).toBe((await both(plain!, { ...SINCE, tag })).made + 3);
    // The friend's: the public post and the friends-only one, not the friends-only draft or the scheduled post.
    expect((await both(friend!, { ...SINCE, tag })).made).toBe((await both(plain!, { ...SINCE, tag })).made + 1);
    // A made count answers If-None-Match with 304.
    const { made_ } = await both(friend!, SINCE);
    const res = await fetch(friend!.url('BlogPost/count', SINCE), { headers: { ...friend!.credentialHeaders('GET'), 'if-none-match': made_.etag! } });
    expect(res.status).toBe(304);
    // A new post by someone else, and the scheduled one once due.
    await plain!.post('BlogPost', { title: 'Another public', tag });
    await check();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, soon - Date.now() + 50)));
    await check();
    expect((await both(friend!, { ...SINCE, tag })).made).toBe((await both(plain!, { ...SINCE, tag })).made + 1);
  });

  it("shows a friend's friends-only post to the friend only, and no more once they unfriend", async () => {
    const [author, friend, stranger] = await members(3);
    await server.befriend(author!, friend!);
    const secret = (await author!.post('BlogPost', { title: 'Between friends', visibility: 'friends' })).body.id;
    await raw(stranger!, 'BlogPost/recent');
    expect((await raw(stranger!, 'BlogPost/recent')).cache).toBe('hit');
    const seen = await raw(friend!, 'BlogPost/recent');
    expect(seen.cache).toBeNull();
    expect(seen.text).toContain(secret);
    expect(await ids(stranger!)).not.toContain(secret);
    await friend!.del('Friend', { friend: author!.who.screenName! });
    const after = await raw(friend!, 'BlogPost/recent');
    expect(after.text).not.toContain(secret);
    // With nothing of their own left, the former friend reads the members' reply.
    expect((await raw(friend!, 'BlogPost/recent')).cache).toBe('hit');
  });

  it('never shares the reply of a member whose comment awaits approval', async () => {
    const [commenter, reader] = await members(2);
    const post = (await owner.post('BlogPost', { title: 'Moderated comments', description: 'x' })).body.id;
    await server.updateNetwork({ comment_moderation: 1 });
    try {
      await commenter!.post('Comment', { attachedTo: post, description: 'Awaiting approval' });
      const query = { attachedTo: post, count: 20 };
      const own = await raw(commenter!, 'Comment/recent', query);
      expect(own.text).toContain('Awaiting approval');
      expect((await raw(commenter!, 'Comment/recent', query)).cache).toBeNull();
      await raw(reader!, 'Comment/recent', query);
      const theirs = await raw(reader!, 'Comment/recent', query);
      expect(theirs.cache).toBe('hit');
      expect(theirs.text).not.toContain('Awaiting approval');
    } finally {
      await server.updateNetwork({ comment_moderation: 0 });
    }
  });

  it("keeps moderators' replies apart from members'", async () => {
    const [author, reader] = await members(2);
    const hidden = (await author!.post('BlogPost', { title: 'Hidden by moderation' })).body.id;
    await owner.put('BlogPost', { approved: false }, { id: hidden });
    // The author has something of their own now; the reader and the owner do not.
    await raw(reader!, 'BlogPost/recent');
    const member = await raw(reader!, 'BlogPost/recent');
    expect(member.cache).toBe('hit');
    expect(member.text).not.toContain(hidden);
    const moderator = await raw(owner, 'BlogPost/recent');
    expect(moderator.text).toContain(hidden);
    expect((await raw(owner, 'BlogPost/recent')).cache).toBe('hit');
    // The Network Creator's filter is refused to a member, whatever the owner's reply kept.
    await raw(owner, 'BlogPost/recent', { ...LISTING, private: 'true' });
    expect((await raw(owner, 'BlogPost/recent', { ...LISTING, private: 'true' })).cache).toBe('hit');
    expect((await raw(reader!, 'BlogPost/recent', { ...LISTING, private: 'true' })).status).toBe(403);
  });

  it('shows a new post, comment and moderation decision on the very next member read', async () => {
    const [author, reader] = await members(2);
    const listed = async () => JSON.parse((await raw(reader!, 'BlogPost/recent')).text).entry as { id: string; title: string; commentCount: number }[];
    await listed();
    const id = (await author!.post('BlogPost', { title: 'Just written', description: 'x' })).body.id;
    expect((await listed()).map((e) => e.id)).toContain(id);
    expect((await raw(reader!, 'BlogPost/recent')).cache).toBe('hit');
    await owner.post('Comment', { attachedTo: id, description: 'Nice' });
    expect((await listed()).find((e) => e.id === id)!.commentCount).toBe(1);
    await listed();
    await owner.put('BlogPost', { approved: false }, { id });
    expect((await listed()).map((e) => e.id)).not.toContain(id);
    await listed();
    await owner.put('BlogPost', { approved: true }, { id });
    expect((await listed()).map((e) => e.id)).toContain(id);
  });

  it('never gives a kept member reply to a blocked member or an ended session', async () => {
    const [reader, blocked, leaving] = await members(3);
    const draft = (await owner.post('BlogPost', { title: 'Members only', visibility: 'members' })).body.id;
    await raw(reader!, 'BlogPost/recent');
    expect((await raw(reader!, 'BlogPost/recent')).text).toContain(draft);
    await server.setMembership(blocked!, { state: 'blocked' });
    const refused = await raw(blocked!, 'BlogPost/recent');
    expect(refused.cache).toBeNull();
    expect(refused.text).not.toContain(draft);
    const ended = leaving!.withoutCsrf();
    await leaving!.del('Session');
    const signedOut = await raw(ended, 'BlogPost/recent');
    expect(signedOut.cache).toBeNull();
    expect(signedOut.text).not.toContain(draft);
  });

  it('gives every caller of a public network the one kept feed, which holds only what a visitor may read', async () => {
    const [writer, reader] = await members(2);
    await writer!.post('BlogPost', { title: 'Feed draft', publishStatus: 'draft' });
    await owner.post('BlogPost', { title: 'Feed members only', visibility: 'members' });
    await writer!.post('BlogPost', { title: 'Feed for all' });
    // Built for a member with a draft of their own, kept for everyone.
    const mine = await raw(writer!, 'BlogPost/feed', {});
    expect(mine.status).toBe(200);
    expect(mine.cache).toBeNull();
    for (const client of [server.anonymous(), reader!, writer!, owner]) {
      const feed = await raw(client, 'BlogPost/feed', {});
      expect(feed.cache).toBe('hit');
      expect(feed.text).toBe(mine.text);
    }
    expect(mine.text).toContain('Feed for all');
    for (const title of ['Feed draft', 'Feed members only']) expect(mine.text).not.toContain(title);
    // A session that ended reads as a visitor, here as anywhere else.
    const ended = reader!.withoutCsrf();
    await reader!.del('Session');
    expect(await raw(ended, 'BlogPost/feed', {})).toMatchObject({ status: 200, text: mine.text });
  });

  it("answers a member listing from the members' reply only to members it does not list", async () => {
    const other = await server.signUp('Audience Elder');
    const newest = await server.signUp('Audience Newest');
    // The newest member alone, with the e-mail only they (and administrators) may read.
    const query = { count: 1, fields: 'author,email' };
    const entry = (text: string) => (JSON.parse(text).entry as { author: string; email: string | null }[])[0]!;
    const own = await raw(newest, 'User/recent', query);
    expect(entry(own.text)).toMatchObject({ author: newest.who.screenName, email: expect.any(String) });
    expect((await raw(newest, 'User/recent', query)).cache).toBeNull();
    await raw(other, 'User/recent', query);
    const kept = await raw(other, 'User/recent', query);
    expect(kept.cache).toBe('hit');
    expect(entry(kept.text)).toMatchObject({ author: newest.who.screenName, email: null });
    // The members' reply is never the listed member's.
    const again = await raw(newest, 'User/recent', query);
    expect(again.cache).toBeNull();
    expect(entry(again.text).email).toEqual(expect.any(String));
    // Administrators read every e-mail, all alike.
    await raw(owner, 'User/recent', query);
    const moderator = await raw(owner, 'User/recent', query);
    expect(moderator.cache).toBe('hit');
    expect(entry(moderator.text).email).toEqual(expect.any(String));
  });

  it("answers a member's friend list from the members' reply to every reader but that member, who sees their requests too", async () => {
    const [alice, bob, carol, dave] = await members(4);
    const name = (client: Client) => client.who.screenName!;
    await server.befriend(alice!, bob!);
    expect((await dave!.post('Friend', { friend: name(alice!) })).status).toBe(200);
    const query = { author: name(alice!), count: 20 };
    const states = (text: string) => (JSON.parse(text).entry as { friend: string; state: string }[]).map((e) => `${e.friend}:${e.state}`).sort();
    // Her own list shows the request Dave sent her; it is hers alone, never kept.
    const own = await raw(alice!, 'Friend/recent', query);
    expect(states(own.text)).toEqual([`${name(bob!)}:friend`, `${name(dave!)}:friend_request`].sort());
    expect((await raw(alice!, 'Friend/recent', query)).cache).toBeNull();
    // Everyone else reads her accepted friends, one reply for all, a member with a draft too.
    await carol!.post('BlogPost', { title: 'Carol is still writing', publishStatus: 'draft' });
    const built = await raw(bob!, 'Friend/recent', query);
    expect(states(built.text)).toEqual([`${name(bob!)}:friend`]);
    for (const reader of [carol!, dave!]) expect(await raw(reader, 'Friend/recent', query)).toMatchObject({ cache: 'hit', text: built.text });
    const again = await raw(alice!, 'Friend/recent', query);
    expect(again.cache).toBeNull();
    expect(again.text).toBe(own.text);
    // Administrators share theirs, which holds the same.
    await raw(owner, 'Friend/recent', query);
    expect(await raw(owner, 'Friend/recent', query)).toMatchObject({ cache: 'hit', text: built.text });
    // A new friendship shows on the very next read.
    await server.befriend(carol!, alice!);
    expect(states((await raw(dave!, 'Friend/recent', query)).text)).toEqual([`${name(bob!)}:friend`, `${name(carol!)}:friend`].sort());
    // One's own list, named or not, is never kept.
    for (const mine of [{ count: 20 }, { author: ` ${name(bob!)}`, count: 20 }]) {
      await raw(bob!, 'Friend/recent', mine);
      expect((await raw(bob!, 'Friend/recent', mine)).cache).toBeNull();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('shows a write made on another instance to its members within a second', async () => {
    const [author, reader] = await members(2);
    const other = await server.anotherInstance();
    const read = async () => {
      const res = await fetch(`${other.url}/xn/rest/apiexample/1.0/BlogPost/recent?count=50&fields=title`, { headers: { ...reader!.credentialHeaders('GET'), ...IDENTITY } });
      return { cache: res.headers.get('x-cache'), titles: ((await res.json()).entry as { title: string }[]).map((e) => e.title) };
    };
    await read();
    expect((await read()).cache).toBe('hit');
    await author!.post('BlogPost', { title: 'Told to every member', description: 'x' });
    const deadline = Date.now() + 1000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      seen = (await read()).titles.includes('Told to every member');
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe(true);
  });
});
