// Story: a member writes a friends-only post. Her friend reads it everywhere a post shows up
// (get, recent, count, its tags, the popular tags); a stranger and an anonymous visitor find
// it nowhere. When she blocks the friend, he loses it too and may no longer comment on her
// public posts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';

let server: TestServer;
let ada: Client;
let fred: Client;
let sam: Client;
let hiddenPost: string;
let publicPost: string;

const name = (c: Client) => c.who.screenName!;
const dayAgo = () => new Date(Date.now() - 86_400_000).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  [ada, fred, sam] = [await server.signUp('Ada Author'), await server.signUp('Fred Friend'), await server.signUp('Sam Stranger')];
  await fred.post('Friend', {}, { friend: name(ada) });
  await ada.post('Friend', {}, { friend: name(fred) });
  hiddenPost = (await ada.post('BlogPost', { title: 'For friends', visibility: 'friends', tag: ['secret-garden', 'garden'] })).body.id;
  publicPost = (await ada.post('BlogPost', { title: 'For all', tag: 'garden' })).body.id;
});
afterAll(() => server.stop());

/** Everything a caller can learn about Ada's friends-only post, through every read path. */
async function whatIsSeenBy(viewer: Client) {
  const popular = await viewer.get('Tag/popular', { count: 100 });
  expect(popular.status).toBe(200);
  const tagCounts = Object.fromEntries(popular.body.entry.map((t: { value: string; count: number }) => [t.value, t.count]));
  const tags = await viewer.get('Tag/list', { attachedTo: hiddenPost, count: 10, fields: 'value,count' });
  return {
    get: (await viewer.get('BlogPost', { id: hiddenPost })).status,
    recent: listedIds(await viewer.get('BlogPost/recent', { author: name(ada), count: 10 })),
    count: (await viewer.get('BlogPost/count', { author: name(ada), createdAfter: dayAgo() })).body.count,
    taggedCount: (await viewer.get('BlogPost/count', { tag: 'garden', createdAfter: dayAgo() })).body.count,
    tagList: tags.status === 200 ? tags.body.entry : tags.status,
    tagCounts,
  };
}

const seenByFriends = () => ({
  get: 200,
  recent: [publicPost, hiddenPost],
  count: 2,
  taggedCount: 2,
  tagList: [
    { value: 'secret-garden', count: 1 },
    { value: 'garden', count: 2 },
  ],
  tagCounts: { garden: 2, 'secret-garden': 1 },
});

const seenByOthers = () => ({
  get: 404,
  recent: [publicPost],
  count: 1,
  taggedCount: 1,
  tagList: 404,
  tagCounts: { garden: 1 },
});

describe('a friends-only post', () => {
  it('is seen by the author, her friend and the administrators, and by nobody else', async () => {
    expect(await whatIsSeenBy(ada)).toEqual(seenByFriends());
    expect(await whatIsSeenBy(fred)).toEqual(seenByFriends());
    expect(await whatIsSeenBy(await server.owner())).toEqual(seenByFriends());
    expect(await whatIsSeenBy(sam)).toEqual(seenByOthers());
    expect(await whatIsSeenBy(server.anonymous())).toEqual(seenByOthers());
  });

  it('is seen by a member who has only asked to be her friend as by any stranger', async () => {
    await sam.post('Friend', {}, { friend: name(ada) });
    expect(await whatIsSeenBy(sam)).toEqual(seenByOthers());
    await sam.del('Friend', { friend: name(ada) });
  });

  it('is lost by the friend she blocks, who may no longer comment on her posts either', async () => {
    expect((await fred.post('Comment', { attachedTo: publicPost, description: 'Lovely!' })).status).toBe(200);

    await ada.post('Friend', {}, { friend: name(fred), state: 'blocked' });
    expect(await whatIsSeenBy(fred)).toEqual(seenByOthers());
    expectError(await fred.post('Comment', { attachedTo: publicPost, description: 'Hello?' }), 403, 2, 3);
    expect((await sam.post('Comment', { attachedTo: publicPost, description: 'Nice.' })).status).toBe(200);
    // Blocking one way: Ada may still comment on what Fred writes.
    const fredsPost = (await fred.post('BlogPost', { title: 'Mine' })).body.id;
    expect((await ada.post('Comment', { attachedTo: fredsPost, description: 'Still reading.' })).status).toBe(200);

    await ada.del('Friend', { friend: name(fred), state: 'blocked' });
    expect(await whatIsSeenBy(fred)).toEqual(seenByOthers());
    expect((await fred.post('Comment', { attachedTo: publicPost, description: 'Thanks for unblocking.' })).status).toBe(200);
  });
});
