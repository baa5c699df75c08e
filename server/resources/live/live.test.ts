// Live updates (GET Live, server-sent events): new posts and new comments reach the viewers
// who may see them — read through each viewer's own scope — and nobody else; heartbeats keep
// the stream open; a stopping server ends it; on PostgreSQL a write on one instance reaches
// streams open on another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';
import { openStream, type OpenStream } from '../../test/event-stream';

let server: TestServer;
let author: Client;
let friend: Client;
let stranger: Client;
const streams: OpenStream[] = [];

beforeAll(async () => {
  server = await startTestServer({ LIVE_HEARTBEAT_SECONDS: '0.2' });
  [author, friend, stranger] = await Promise.all([server.signUp('Ada Author'), server.signUp('Fay Friend'), server.signUp('Sam Stranger')]);
  await server.befriend(author, friend);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await server.stop();
});

const open = async (client: Client, query = {}) => {
  const s = await openStream(client, query);
  streams.push(s);
  expect(s.status).toBe(200);
  return s;
};
const post = async (title: string, extra = {}) => {
  const res = await author.post('BlogPost', { title, ...extra });
  expect(res.status).toBe(200);
  return res.body.id as string;
};
const titles = (s: OpenStream) => s.events.filter((e) => e.event === 'post').map((e) => e.data.entry.title);

describe('new posts', () => {
  it('reach each viewer as GET BlogPost presents them, only those the viewer may see', async () => {
    const [anon, ofFriend, ofStranger, ofAuthor] = await Promise.all([
      open(server.anonymous(), { fields: 'title,author,author.fullName' }),
      open(friend, { fields: 'title' }),
      open(stranger, { fields: 'title' }),
      open(author, { fields: 'title' }),
    ]);
    const id = await post('Open to all');
    const event = await anon.waitFor((e) => e.event === 'post');
    expect(event).toEqual({
      event: 'post',
      id,
      data: { entry: { id, title: 'Open to all', author: author.who.screenName }, resources: { [author.who.screenName!]: { fullName: 'Ada Author' } } },
    });

    await post('Friends only', { visibility: 'friends' });
    await post('Members only', { visibility: 'members' });
    await post('Just me', { visibility: 'me' });
    await post('A draft', { publishStatus: 'draft' });
    await post('Later', { publishStatus: 'queued', publishTime: new Date(Date.now() + 86_400_000).toISOString() });
    // Streams send in the order of the changes: once this one arrives, the others were decided.
    await post('Last');
    await Promise.all([anon, ofFriend, ofStranger, ofAuthor].map((s) => s.waitFor((e) => e.data.entry.title === 'Last')));

    expect(titles(anon)).toEqual(['Open to all', 'Last']);
    expect(titles(ofStranger)).toEqual(['Open to all', 'Members only', 'Last']);
    expect(titles(ofFriend)).toEqual(['Open to all', 'Friends only', 'Members only', 'Last']);
    expect(titles(ofAuthor)).toEqual(['Open to all', 'Friends only', 'Members only', 'Just me', 'A draft', 'Later', 'Last']);
    for (const s of [anon, ofFriend, ofStranger, ofAuthor]) s.close();
  });

  it('sends heartbeats while nothing happens', async () => {
    const s = await open(server.anonymous());
    await expect.poll(() => s.text(), { timeout: 3000 }).toMatch(/: heartbeat\n\n/);
    expect(s.text()).toMatch(/^retry: \d+\n/);
    s.close();
  });
});

describe('new comments on an open item', () => {
  it('reach the viewers of that item, not of another, nor of a comment they may not read', async () => {
    const open1 = await post('Discussed');
    const other = await post('Elsewhere');
    const hidden = await post('For friends', { visibility: 'friends' });
    const [onOpen, onOpenAnon] = await Promise.all([open(stranger, { attachedTo: open1 }), open(server.anonymous(), { attachedTo: open1 })]);
    const onHiddenFriend = await open(friend, { attachedTo: hidden });
    expectError(await openStream(stranger, { attachedTo: hidden }), 404, 3, 1);

    expect((await friend.post('Comment', { attachedTo: other, description: 'Not here' })).status).toBe(200);
    const commentId = (await friend.post('Comment', { attachedTo: open1, description: '<p>Here</p>' })).body.id;
    expect((await friend.post('Comment', { attachedTo: hidden, description: 'Between friends' })).status).toBe(200);

    const seen = await onOpen.waitFor((e) => e.event === 'comment');
    expect(seen.id).toBe(commentId);
    expect(seen.data.entry).toMatchObject({ id: commentId, description: '<p>Here</p>', attachedTo: open1, author: friend.who.screenName });
    await onOpenAnon.waitFor((e) => e.id === commentId);
    await onHiddenFriend.waitFor((e) => e.data.entry.description === 'Between friends');
    expect(onOpen.events.map((e) => e.id)).toEqual([commentId]);
  });

  it('keeps comments awaiting approval from everyone but their writer, the item’s author and moderators', async () => {
    await server.updateNetwork({ comment_moderation: 1 });
    try {
      const id = await post('Moderated');
      const [ofStranger, ofAuthor] = await Promise.all([open(stranger, { attachedTo: id }), open(author, { attachedTo: id })]);
      expect((await friend.post('Comment', { attachedTo: id, description: 'Awaiting approval' })).status).toBe(200);
      expect((await author.post('Comment', { attachedTo: id, description: 'By the author' })).status).toBe(200);
      await ofStranger.waitFor((e) => e.data.entry.description === 'By the author');
      await ofAuthor.waitFor((e) => e.data.entry.description === 'By the author');
      expect(ofStranger.events.map((e) => e.data.entry.description)).toEqual(['By the author']);
      expect(ofAuthor.events.map((e) => e.data.entry.description)).toEqual(['Awaiting approval', 'By the author']);
    } finally {
      await server.updateNetwork({ comment_moderation: 0 });
    }
  });
});

describe('bad requests', () => {
  it('refuses without Accept: text/event-stream, bad ids and fields, in the envelope', async () => {
    expectError(await server.anonymous().get('Live'), 400, 4, 3);
    expectError(await openStream(server.anonymous(), { attachedTo: 'nonsense' }), 400, 4, 3);
    expectError(await openStream(server.anonymous(), { fields: 'password' }), 400, 4, 1);
    expectError(await openStream(server.anonymous(), { attachedTo: `${server.networkId}:BlogPost:999999` }), 404, 3, 1);
  });

  it('on a private network, streams to members only', async () => {
    await server.updateNetwork({ is_private: 1 });
    try {
      expectError(await openStream(server.anonymous()), 401, 1, 1);
      const s = await open(stranger);
      s.close();
    } finally {
      await server.updateNetwork({ is_private: 0 });
    }
  });
});

describe('ending', () => {
  it('ends the stream when the viewer’s membership changes, so the browser reconnects as who they are now', async () => {
    const member = await server.signUp('Mo Member');
    const s = await open(member);
    expect((await member.put('User', { statusMessage: 'changed' })).status).toBe(200);
    await s.ended;
  });

  it('ends every stream when the server stops', async () => {
    const other = await startTestServer();
    const s = await openStream(other.anonymous());
    expect(s.status).toBe(200);
    const started = Date.now();
    await other.stop();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('several instances on PostgreSQL', () => {
  it('streams a post written on one instance to a viewer connected to another, through their scope', async () => {
    const second = await server.anotherInstance();
    const [anonThere, friendThere] = await Promise.all([
      openStream(server.anonymous(), { fields: 'title' }, second.url),
      openStream(friend, { fields: 'title' }, second.url),
    ]);
    streams.push(anonThere, friendThere);
    await post('Friends across instances', { visibility: 'friends' });
    await post('Everyone across instances');
    await friendThere.waitFor((e) => e.data.entry.title === 'Everyone across instances');
    await anonThere.waitFor((e) => e.data.entry.title === 'Everyone across instances');
    expect(titles(friendThere)).toEqual(['Friends across instances', 'Everyone across instances']);
    expect(titles(anonThere)).toEqual(['Everyone across instances']);
  });
});
