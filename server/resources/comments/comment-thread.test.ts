// Story: members discuss a post. They comment, page through the thread, and comments are
// removed by their author, by the post's author or by an administrator; when the post goes,
// its comments go with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, ISO_DATE, listedIds } from '../../test/expect-api';

let server: TestServer;
let owner: Client;
let poster: Client;
let carol: Client;
let dave: Client;
let admin: Client;
let postId: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, poster, carol, dave, admin] = await Promise.all([
    server.owner(),
    server.signUp('Paul Poster'),
    server.signUp('Carol Commenter'),
    server.signUp('Dave Debater'),
    server.signUp('Ann Admin'),
  ]);
  await server.setMembership(admin, { role: 'admin' });
  postId = (await poster.post('BlogPost', { title: 'Discuss' })).body.id;
});
afterAll(() => server.stop());

const comment = async (client: Client, description: string, attachedTo = postId) => {
  const res = await client.post('Comment', { attachedTo, description });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, id: expect.stringMatching(new RegExp(`^${server.networkId}:Comment:\\d+$`)) });
  return res.body.id as string;
};
const thread = async (client: Client = server.anonymous()) => listedIds(await client.get('Comment/recent', { attachedTo: postId, count: 100 }));
const commentCount = async () => (await server.anonymous().get('BlogPost', { id: postId, fields: 'commentCount' })).body.entry.commentCount;

describe('a comment thread', () => {
  it('lists comments newest first with their fields and authors', async () => {
    const first = await comment(carol, 'First!');
    const second = await comment(dave, '<p>Second, <b>bold</b></p>');
    const res = await server.anonymous().get('Comment/recent', { attachedTo: postId, count: 10 });
    expect(listedIds(res)).toEqual([second, first]);
    expect(res.body.entry[0]).toEqual({
      id: second,
      author: dave.who.screenName,
      createdDate: expect.stringMatching(ISO_DATE),
      updatedDate: expect.stringMatching(ISO_DATE),
      featuredDate: null,
      description: '<p>Second, <b>bold</b></p>',
      approved: true,
      attachedTo: postId,
      attachedToType: 'BlogPost',
      attachedToAuthor: poster.who.screenName,
    });
    expect(res.body.resources).toEqual({
      [carol.who.screenName!]: { fullName: 'Carol Commenter', iconUrl: expect.any(String), url: expect.stringContaining(carol.who.screenName!) },
      [dave.who.screenName!]: { fullName: 'Dave Debater', iconUrl: expect.any(String), url: expect.stringContaining(dave.who.screenName!) },
    });
    const owners = await server.anonymous().get('Comment/recent', { attachedTo: postId, fields: 'attachedToAuthor,attachedToAuthor.fullName' });
    expect(owners.body.entry).toEqual([{ id: second, attachedToAuthor: poster.who.screenName }]);
    expect(owners.body.resources).toEqual({ [poster.who.screenName!]: { fullName: 'Paul Poster' } });
    expect(await commentCount()).toBe(2);
  });

  it('pages through the thread with anchors, and filters by approval', async () => {
    const all = await thread();
    const page1 = await server.anonymous().get('Comment/recent', { attachedTo: postId, fields: 'id' });
    expect(listedIds(page1)).toEqual(all.slice(0, 1));
    expect(page1.body).toMatchObject({ firstPage: true, lastPage: false });
    const page2 = await server.anonymous().get('Comment/recent', { attachedTo: postId, anchor: page1.body.anchor, count: 5 });
    expect(listedIds(page2)).toEqual(all.slice(1));
    expect(page2.body).toMatchObject({ firstPage: false, lastPage: true });
    const back = await server.anonymous().get('Comment/recent', { attachedTo: postId, anchor: page2.body.anchor, count: -5 });
    expect(listedIds(back)).toEqual(all);
    expect(listedIds(await server.anonymous().get('Comment/recent', { attachedTo: postId, approved: 'true', count: 5 }))).toEqual(all);
    expect(listedIds(await server.anonymous().get('Comment/recent', { attachedTo: postId, approved: 'false', count: 5 }))).toEqual([]);
  });

  it('lets the comment author, the post author and an administrator delete a comment', async () => {
    for (const [remover, writer] of [
      [carol, carol],
      [poster, dave],
      [admin, carol],
      [owner, dave],
    ] as const) {
      const id = await comment(writer, 'To be removed');
      const before = await commentCount();
      expect((await remover.del('Comment', { id })).body).toEqual({ success: true });
      expect(await thread()).not.toContain(id);
      expect(await commentCount()).toBe(before - 1);
      expectError(await remover.del('Comment', { id }), 404, 3, 1);
    }
  });

  it('refuses anyone else, and keeps the comment', async () => {
    const id = await comment(carol, 'Stays');
    expectError(await dave.del('Comment', { id }), 403, 2, 1);
    expectError(await server.anonymous().del('Comment', { id }), 401, 1, 1);
    expect(await thread()).toContain(id);
  });

  it('features comments, most recently featured first', async () => {
    const [a, b] = await thread();
    expect((await owner.post('Comment/feature', {}, { id: b })).status).toBe(200);
    const featuredB = (await server.anonymous().get('Comment/featured', { count: 5, fields: 'featuredDate' })).body.entry[0];
    await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(featuredB.featuredDate));
    expect((await admin.post('Comment/feature', {}, { id: a })).status).toBe(200);
    expect(listedIds(await server.anonymous().get('Comment/featured', { count: 5 }))).toEqual([a, b]);
    expectError(await carol.post('Comment/feature', {}, { id: a }), 403, 2, 1);
    expect((await owner.del('Comment/feature', { id: a })).status).toBe(200);
    expect(listedIds(await server.anonymous().get('Comment/featured', { count: 5 }))).toEqual([b]);
  });

  it('deletes the comments of a post with the post', async () => {
    const remaining = await thread();
    expect(remaining.length).toBeGreaterThan(0);
    expect((await poster.del('BlogPost', { id: postId })).body).toEqual({ success: true });
    expectError(await server.anonymous().get('Comment/recent', { attachedTo: postId }), 404, 3, 1);
    expect(listedIds(await server.anonymous().get('Comment/featured', { count: 5 }))).toEqual([]);
    for (const id of remaining) expectError(await admin.del('Comment', { id }), 404, 3, 1);
    const left = await server.db.selectFrom('comments').select('id').where('network_id', '=', server.networkId).execute();
    expect(left).toEqual([]);
  });
});
