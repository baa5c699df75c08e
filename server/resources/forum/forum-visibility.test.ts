// A friends-only topic is there for its author, the author's friends and administrators,
// and nowhere for anyone else: not by id, in listings, tag filters, category counts, its
// replies or the activity feed. Members-only and private topics likewise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';
import { visibilityCast, type VisibilityCast } from '../../test/roles';

let server: TestServer;
let cast: VisibilityCast;
let categoryId: string;

beforeAll(async () => {
  server = await startTestServer();
  cast = await visibilityCast(server);
  categoryId = (await cast.admin.post('Category', { title: 'Circle' })).body.id;
});
afterAll(() => server.stop());

const popularTags = async (client: Client) =>
  (await client.get('Tag/popular', { type: 'Topic', count: 50 })).body.entry.map((t: { value: string }) => t.value) as string[];

describe('topic visibility', () => {
  it('shows a friends-only topic to the author, friends and administrators only', async () => {
    const { author, friend, stranger, admin, owner, anonymous } = cast;
    const topic = (await author.post('Topic', { title: 'Between us', categoryId, visibility: 'friends', tag: 'secret' })).body.id as string;
    expect((await friend.post('Comment', { attachedTo: topic, description: 'Agreed' })).status).toBe(200);

    for (const [who, client] of [['author', author], ['friend', friend], ['admin', admin]] as const) {
      expect({ who, status: (await client.get('Topic', { id: topic })).status }).toEqual({ who, status: 200 });
      expect(listedIds(await client.get('Topic/recent', { tag: 'secret', count: 5 }))).toEqual([topic]);
      expect(listedIds(await client.get('Topic/alpha', { categoryId, count: 5 }))).toEqual([topic]);
      expect((await client.get('Category', { id: categoryId, fields: 'topicCount' })).body.entry.topicCount).toBe(1);
      expect(listedIds(await client.get('Comment/recent', { attachedTo: topic, count: 5 }))).toHaveLength(1);
      expect(await popularTags(client)).toContain('secret');
    }

    for (const [who, client] of [['stranger', stranger], ['anonymous', anonymous]] as const) {
      expect({ who, status: (await client.get('Topic', { id: topic })).status }).toEqual({ who, status: 404 });
      expect(listedIds(await client.get('Topic/recent', { tag: 'secret', count: 5 }))).toEqual([]);
      expect(listedIds(await client.get('Topic/alpha', { categoryId, count: 5 }))).toEqual([]);
      expect((await client.get('Category', { id: categoryId, fields: 'topicCount' })).body.entry.topicCount).toBe(0);
      expect((await client.get('Comment/recent', { attachedTo: topic })).status).toBe(404);
      const feed = await client.get('Activity/recent', { type: ['CreateTopic', 'CreateTopicComment'], count: 10 });
      expect(feed.body.entry).toEqual([]);
      expect(await popularTags(client)).not.toContain('secret');
      expect((await client.get('Tag/list', { attachedTo: topic })).status).toBe(404);
    }
    expectError(await stranger.post('Comment', { attachedTo: topic, description: 'Let me in' }), 404, 3, 1);
    // Someone who cannot see the topic is not told it exists when trying to change it.
    expectError(await stranger.put('Topic', { id: topic, title: 'Mine now' }), 404, 3, 1);
    expectError(await stranger.del('Topic', { id: topic }), 404, 3, 1);

    expect(listedIds(await owner.get('Topic/recent', { private: 'true', count: 10 }))).toContain(topic);
  });

  it('keeps members-only topics from visitors and private ones from everyone else', async () => {
    const { author, friend, stranger, anonymous } = cast;
    const members = (await author.post('Topic', { title: 'Members only', visibility: 'members' })).body.id as string;
    const mine = (await author.post('Topic', { title: 'Just me', visibility: 'me' })).body.id as string;
    expect((await stranger.get('Topic', { id: members })).status).toBe(200);
    expect((await anonymous.get('Topic', { id: members })).status).toBe(404);
    expect((await friend.get('Topic', { id: mine })).status).toBe(404);
    expect((await author.get('Topic', { id: mine })).status).toBe(200);
    expect(listedIds(await stranger.get('Topic/recent', { author: author.who.screenName!, count: 10 }))).toEqual([members]);
  });
});
