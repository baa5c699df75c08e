// Story: members join, post and comment; the feed shows it all newest first, with the fields
// and resources a client renders, filters by author and type, counts it, and an
// administrator removes an event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { ISO_DATE, listedIds } from '../../test/expect-api';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const URN = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const feedOf = (client: Client, query: Record<string, string | number | string[]>) =>
  client.get('Activity/recent', { count: 100, ...query });

describe('the activity feed', () => {
  it('shows joins, posts and comments newest first, with their fields and resources', async () => {
    const ada = await server.signUp('Ada Feed');
    const bob = await server.signUp('Bob Feed');
    const post = (await ada.post('BlogPost', { title: 'First light', description: '<p>Morning</p>' })).body.id as string;
    const comment = (await bob.post('Comment', { attachedTo: post, description: 'Lovely' })).body.id as string;

    const res = await feedOf(server.anonymous(), {});
    listedIds(res);
    const [commented, posted, bobJoined, adaJoined] = res.body.entry;
    expect(res.body.entry.slice(0, 4).map((e: { type: string }) => e.type)).toEqual([
      'CreateBlogPostComment',
      'CreateBlogPost',
      'JoinNetwork',
      'JoinNetwork',
    ]);
    for (const e of res.body.entry) expect(e.id).toMatch(URN);

    expect(commented).toEqual({
      id: expect.stringMatching(URN),
      author: bob.who.screenName,
      createdDate: expect.stringMatching(ISO_DATE),
      type: 'CreateBlogPostComment',
      contentId: comment,
      title: null,
      description: 'Lovely',
      url: expect.stringMatching(new RegExp(`/n/apiexample/blog/${encodeURIComponent(post)}$`)),
      attachedTo: post,
      attachedToType: 'BlogPost',
      attachedToAuthor: ada.who.screenName,
      image: null,
    });
    expect(posted).toMatchObject({
      author: ada.who.screenName,
      type: 'CreateBlogPost',
      contentId: post,
      title: 'First light',
      url: commented.url,
      attachedTo: null,
      attachedToType: null,
      attachedToAuthor: null,
    });
    expect(bobJoined).toMatchObject({ author: bob.who.screenName, contentId: null, url: expect.stringContaining(`/members/${bob.who.screenName}`) });
    expect(adaJoined).toMatchObject({ author: ada.who.screenName, type: 'JoinNetwork' });

    expect(res.body.resources[ada.who.screenName!]).toEqual({
      fullName: 'Ada Feed',
      iconUrl: expect.stringMatching(/^http/),
      url: expect.stringContaining(`/members/${ada.who.screenName}`),
    });
    expect(res.body.resources[bob.who.screenName!]).toMatchObject({ fullName: 'Bob Feed' });
  });

  it('reads a single event by either form of its id', async () => {
    const cy = await server.signUp('Cy Single');
    const [event] = (await feedOf(cy, { author: cy.who.screenName!, count: 1 })).body.entry;
    const row = await server.db.selectFrom('activities').select('id').where('uuid', '=', event.id.slice('urn:uuid:'.length)).executeTakeFirstOrThrow();
    const numeric = `${server.networkId}:Activity:${row.id}`;

    for (const id of [event.id, numeric]) {
      const got = await cy.get('Activity', { id, fields: 'type,author' });
      expect(got.body).toEqual({ success: true, entry: { id: event.id, type: 'JoinNetwork', author: cy.who.screenName }, resources: {} });
    }
    const both = await cy.get('Activity', { id: [numeric, `urn:uuid:${crypto.randomUUID()}`], fields: 'type' });
    expect(both.body.entry).toEqual([{ id: event.id, type: 'JoinNetwork' }]);
  });

  it('pages with anchors, newest first, without gaps or repeats', async () => {
    const dee = await server.signUp('Dee Pager');
    for (const title of ['one', 'two', 'three']) await dee.post('BlogPost', { title });
    const all = listedIds(await feedOf(dee, { author: dee.who.screenName! }));
    expect(all).toHaveLength(4);

    const first = await dee.get('Activity/recent', { author: dee.who.screenName!, count: 3 });
    expect(listedIds(first)).toEqual(all.slice(0, 3));
    expect(first.body).toMatchObject({ firstPage: true, lastPage: false });
    const second = await dee.get('Activity/recent', { author: dee.who.screenName!, count: 3, anchor: first.body.anchor });
    expect(listedIds(second)).toEqual(all.slice(3));
    expect(second.body).toMatchObject({ firstPage: false, lastPage: true });
    const back = await dee.get('Activity/recent', { author: dee.who.screenName!, count: -2, anchor: second.body.anchor });
    expect(listedIds(back)).toEqual(all.slice(2));
  });

  it('filters by author and type, and counts what it lists', async () => {
    const eve = await server.signUp('Eve Filter');
    const fay = await server.signUp('Fay Filter');
    const post = (await eve.post('BlogPost', { title: 'Eve writes' })).body.id as string;
    await fay.post('Comment', { attachedTo: post, description: 'Fay replies' });
    const since = new Date(Date.now() - 60_000).toISOString();

    const byEve = await feedOf(fay, { author: eve.who.screenName! });
    expect(byEve.body.entry.map((e: { type: string }) => e.type)).toEqual(['CreateBlogPost', 'JoinNetwork']);
    const posts = await feedOf(fay, { type: 'CreateBlogPost', author: eve.who.screenName! });
    expect(posts.body.entry.map((e: { title: string }) => e.title)).toEqual(['Eve writes']);
    const twoTypes = await feedOf(fay, { type: ['CreateBlogPost', 'CreateBlogPostComment'], createdAfter: since });
    expect(twoTypes.body.entry.slice(0, 2).map((e: { type: string }) => e.type)).toEqual(['CreateBlogPostComment', 'CreateBlogPost']);
    expect((await feedOf(fay, { author: 'nobody-at-all' })).body.entry).toEqual([]);

    expect((await fay.get('Activity/count', { author: eve.who.screenName! })).body).toEqual({ success: true, count: 2 });
    expect((await fay.get('Activity/count', { author: fay.who.screenName!, type: 'CreateBlogPostComment' })).body).toEqual({ success: true, count: 1 });
    const recent = await fay.get('Activity/count', { createdAfter: since });
    const listed = await feedOf(fay, {});
    const newer = listed.body.entry.filter((e: { createdDate: string }) => e.createdDate > since);
    expect(recent.body).toEqual({ success: true, count: newer.length });
    expect((await fay.get('Activity/count', { createdAfter: new Date(Date.now() + 60_000).toISOString() })).body.count).toBe(0);
  });

  it('drops the events of deleted content, and lets an administrator remove an event', async () => {
    const gus = await server.signUp('Gus Gone');
    const post = (await gus.post('BlogPost', { title: 'Short-lived' })).body.id as string;
    await gus.post('Comment', { attachedTo: post, description: 'Talking to myself' });
    expect((await gus.get('Activity/count', { author: gus.who.screenName! })).body.count).toBe(3);
    await gus.del('BlogPost', { id: post });
    const left = await feedOf(gus, { author: gus.who.screenName! });
    expect(left.body.entry.map((e: { type: string }) => e.type)).toEqual(['JoinNetwork']);

    const owner = await server.owner();
    const joined = left.body.entry[0].id as string;
    expect((await gus.del('Activity', { id: joined })).status).toBe(403);
    expect((await owner.del('Activity', { id: joined })).body).toEqual({ success: true });
    expect((await feedOf(gus, { author: gus.who.screenName! })).body.entry).toEqual([]);
    expect((await owner.get('Activity', { id: joined })).status).toBe(404);
    expect((await owner.del('Activity', { id: joined })).status).toBe(404);
  });

  it('records featuring, about the featured item', async () => {
    const hal = await server.signUp('Hal Featured');
    const ivy = await server.signUp('Ivy Stranger');
    const post = (await hal.post('BlogPost', { title: 'Worth a look' })).body.id as string;
    const comment = (await hal.post('Comment', { attachedTo: post, description: 'Worth a word' })).body.id as string;
    const hidden = (await hal.post('BlogPost', { title: 'Mine alone', visibility: 'me' })).body.id as string;
    const owner = await server.owner();
    const member = (await hal.get('User', { author: hal.who.screenName!, fields: 'id' })).body.entry.id as string;
    for (const [type, id] of [['BlogPost', post], ['Comment', comment], ['User', member], ['BlogPost', hidden]] as const) {
      expect((await owner.post(`${type}/feature`, { id })).body).toEqual({ success: true });
    }

    const featured = async (type: string) => (await feedOf(ivy, { type })).body.entry;
    expect(await featured('FeatureBlogPost')).toMatchObject([{ contentId: post, url: expect.stringContaining('/blog/') }]);
    expect(await featured('FeatureComment')).toMatchObject([
      { contentId: comment, attachedTo: post, attachedToType: 'BlogPost', attachedToAuthor: hal.who.screenName, url: expect.stringContaining('/blog/') },
    ]);
    expect(await featured('FeatureUser')).toMatchObject([{ contentId: member, url: expect.stringContaining(`/members/${hal.who.screenName}`) }]);
    expect((await feedOf(hal, { type: 'FeatureBlogPost' })).body.entry.map((e: { contentId: string }) => e.contentId)).toEqual([hidden, post]);
  });

  it('records an accepted friendship as AddFriend, about the member who asked', async () => {
    const jo = await server.signUp('Jo Asker');
    const kim = await server.signUp('Kim Accepter');
    await jo.post('Friend', {}, { friend: kim.who.screenName! });
    expect((await feedOf(jo, { type: 'AddFriend', author: kim.who.screenName! })).body.entry).toEqual([]);
    await kim.post('Friend', {}, { friend: jo.who.screenName! });
    const jos = (await jo.get('User', { author: jo.who.screenName!, fields: 'id' })).body.entry.id as string;
    const [added] = (await feedOf(server.anonymous(), { type: 'AddFriend', author: kim.who.screenName! })).body.entry;
    expect(added).toMatchObject({ author: kim.who.screenName, contentId: jos, url: expect.stringContaining(`/members/${jo.who.screenName}`) });
  });
});
