// A friends-only video is there for its author, the author's friends and administrators,
// and nowhere for anyone else: not by id, in listings, counts, featured, its comments or
// the activity feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';
import { visibilityCast, type VisibilityCast } from '../../test/roles';

let server: TestServer;
let cast: VisibilityCast;

beforeAll(async () => {
  server = await startTestServer();
  cast = await visibilityCast(server);
});
afterAll(() => server.stop());

describe('video visibility', () => {
  it('shows a friends-only video to the author, friends and administrators only', async () => {
    const { author, friend, stranger, admin, owner, anonymous } = cast;
    const video = (await author.post('Video', { url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Holiday', visibility: 'friends', tag: 'family' }))
      .body.id as string;
    expect((await friend.post('Comment', { attachedTo: video, description: 'Great trip' })).status).toBe(200);
    expect((await admin.post('Video/feature', { id: video })).status).toBe(200);

    for (const [who, client] of [['author', author], ['friend', friend], ['admin', admin]] as const) {
      expect({ who, status: (await client.get('Video', { id: video })).status }).toEqual({ who, status: 200 });
      expect(listedIds(await client.get('Video/recent', { tag: 'family', count: 5 }))).toEqual([video]);
      expect(listedIds(await client.get('Video/featured', { count: 5 }))).toEqual([video]);
      expect((await client.get('Video/count', { tag: 'family' })).body.count).toBe(1);
      expect(listedIds(await client.get('Comment/recent', { attachedTo: video, count: 5 }))).toHaveLength(1);
    }

    for (const [who, client] of [['stranger', stranger], ['anonymous', anonymous]] as const) {
      expect({ who, status: (await client.get('Video', { id: video })).status }).toEqual({ who, status: 404 });
      expect(listedIds(await client.get('Video/recent', { tag: 'family', count: 5 }))).toEqual([]);
      expect(listedIds(await client.get('Video/featured', { count: 5 }))).toEqual([]);
      expect((await client.get('Video/count', { author: author.who.screenName! })).body.count).toBe(0);
      expect((await client.get('Comment/recent', { attachedTo: video })).status).toBe(404);
      const feed = await client.get('Activity/recent', { type: ['CreateVideo', 'CreateVideoComment', 'FeatureVideo'], count: 10 });
      expect(feed.body.entry).toEqual([]);
    }
    expectError(await stranger.post('Comment', { attachedTo: video, description: 'Let me see' }), 404, 3, 1);
    expectError(await stranger.put('Video', { id: video, title: 'Mine now' }), 404, 3, 1);
    expectError(await stranger.del('Video', { id: video }), 404, 3, 1);

    expect(listedIds(await owner.get('Video/recent', { private: 'true', count: 10 }))).toEqual([video]);
    expect((await owner.get('Video/count', { private: 'true' })).body.count).toBe(1);
  });

  it('keeps members-only videos from visitors and private ones from friends', async () => {
    const { author, friend, stranger, anonymous } = cast;
    const members = (await author.post('Video', { url: 'https://vimeo.com/76979871', visibility: 'members' })).body.id as string;
    const mine = (await author.post('Video', { url: 'https://vimeo.com/76979871', visibility: 'me' })).body.id as string;
    expect((await stranger.get('Video', { id: members })).status).toBe(200);
    expect((await anonymous.get('Video', { id: members })).status).toBe(404);
    expect((await friend.get('Video', { id: mine })).status).toBe(404);
    expect((await author.get('Video', { id: [mine, members], fields: 'visibility' })).body.entry).toEqual([
      { id: mine, visibility: 'me' },
      { id: members, visibility: 'members' },
    ]);
  });
});
