// Errors of the Comment endpoints: missing and malformed parameters, items that do not exist
// or cannot be seen, and limits; a refused write changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';

let server: TestServer;
let member: Client;
let postId: string;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Connie Comment');
  postId = (await member.post('BlogPost', { title: 'Commented' })).body.id;
});
afterAll(() => server.stop());

const thread = async () => listedIds(await member.get('Comment/recent', { attachedTo: postId, count: 100 }));

describe('Comment/recent', () => {
  it('needs attachedTo (4-2) naming a content item (4-3)', async () => {
    expectError(await member.get('Comment/recent'), 400, 4, 2);
    expectError(await member.get('Comment/recent', { attachedTo: 'the post' }), 400, 4, 3);
    expectError(await member.get('Comment/recent', { attachedTo: postId, count: 0 }), 400, 4, 6);
    expectError(await member.get('Comment/recent', { attachedTo: postId, count: 101 }), 400, 4, 6);
    expectError(await member.get('Comment/recent', { attachedTo: postId, anchor: 'forged' }), 400, 4, 7);
    expectError(await member.get('Comment/recent', { attachedTo: postId, fields: 'title' }), 400, 4, 1);
    expectError(await member.get('Comment/recent', { attachedTo: postId, approved: 'perhaps' }), 400, 4, 3);
  });

  it('answers 404 for an item that does not exist, is of another network or of no commentable type', async () => {
    expectError(await member.get('Comment/recent', { attachedTo: `${server.networkId}:BlogPost:999999` }), 404, 3, 1);
    expectError(await member.get('Comment/recent', { attachedTo: postId.replace(/^\d+/, '1') }), 404, 3, 1);
    expectError(await member.get('Comment/recent', { attachedTo: `${server.networkId}:Gizmo:1` }), 404, 3, 1);
    for (const type of ['constructor', 'toString', 'hasOwnProperty']) {
      expectError(await member.get('Comment/recent', { attachedTo: `${server.networkId}:${type}:1` }), 404, 3, 1);
      expectError(await member.post('Comment', { attachedTo: `${server.networkId}:${type}:1`, description: 'x' }), 404, 3, 1);
    }
  });

  it('answers for the item before the anchor, when both are wrong', async () => {
    for (const attachedTo of [`${server.networkId}:BlogPost:999999`, postId.replace(/^\d+/, '1'), `${server.networkId}:Gizmo:1`]) {
      expectError(await member.get('Comment/recent', { attachedTo, anchor: 'forged' }), 404, 3, 1);
    }
  });
});

describe('Comment/featured', () => {
  it('checks count, anchor and fields', async () => {
    expectError(await member.get('Comment/featured', { count: -101 }), 400, 4, 6);
    expectError(await member.get('Comment/featured', { anchor: 'x.y' }), 400, 4, 7);
    expectError(await member.get('Comment/featured', { fields: 'author.shoeSize' }), 400, 4, 1);
  });
});

describe('POST Comment', () => {
  it('needs attachedTo and description (4-2), and changes nothing without them', async () => {
    expectError(await member.post('Comment', { description: 'Orphan' }), 400, 4, 2);
    expectError(await member.post('Comment', { attachedTo: postId }), 400, 4, 2);
    expectError(await member.post('Comment', { attachedTo: postId, description: '   ' }), 400, 4, 2);
    expectError(await member.post('Comment', { attachedTo: postId, description: '<script>only script</script>' }), 400, 4, 2);
    expectError(await member.post('Comment', { attachedTo: 'nope', description: 'x' }), 400, 4, 3);
    expectError(await member.post('Comment', { attachedTo: postId, description: 'x'.repeat(4_001) }), 400, 4, 3);
    expectError(await member.post('Comment', { attachedTo: postId, description: 'nul\u0000byte' }), 400, 4, 3);
    expect(await thread()).toEqual([]);
  });

  it('answers 404 for an item that cannot be commented on', async () => {
    expectError(await member.post('Comment', { attachedTo: `${server.networkId}:BlogPost:999999`, description: 'x' }), 404, 3, 1);
    expectError(await member.post('Comment', { attachedTo: `${server.networkId}:Gizmo:1`, description: 'x' }), 404, 3, 1);
    expect((await member.post('Comment', { attachedTo: postId, description: 'x'.repeat(4_000) })).status).toBe(200);
  });
});

describe('DELETE Comment', () => {
  it('needs the id of an existing comment', async () => {
    expectError(await member.del('Comment'), 400, 4, 2);
    expectError(await member.del('Comment', { id: postId }), 400, 4, 3);
    expectError(await member.del('Comment', { id: `${server.networkId}:Comment:999999` }), 404, 3, 1);
    const [id] = await thread();
    expectError(await member.del('Comment', { id: id!.replace(/^\d+/, '1') }), 404, 3, 1);
    expect(await thread()).toEqual([id]);
  });

  it('answers 404, not 403, for a comment on an item the caller cannot see', async () => {
    const hidden = (await member.post('BlogPost', { title: 'Mine only', visibility: 'me' })).body.id;
    const commentId = (await member.post('Comment', { attachedTo: hidden, description: 'Note to self' })).body.id;
    const stranger = await server.signUp('Sid Stranger');
    expectError(await stranger.del('Comment', { id: commentId }), 404, 3, 1);
    expect(listedIds(await member.get('Comment/recent', { attachedTo: hidden }))).toEqual([commentId]);
  });
});
