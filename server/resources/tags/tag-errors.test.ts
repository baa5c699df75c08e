// Every way a Tag request can be wrong, each answered with the error envelope and its code;
// an item the caller may not see is as absent as one that does not exist.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';

let server: TestServer;
let author: Client;
let reader: Client;
let post: string;

beforeAll(async () => {
  server = await startTestServer();
  [author, reader] = [await server.signUp('Tom Tagger'), await server.signUp('Rita Reader')];
  post = (await author.post('BlogPost', { title: 'Tagged', tag: ['a', 'b'] })).body.id;
});
afterAll(() => server.stop());

describe('Tag/list', () => {
  it('needs the id of an item the caller can see', async () => {
    expectError(await reader.get('Tag/list'), 400, 4, 2);
    expectError(await reader.get('Tag/list', { attachedTo: 'BlogPost 12' }), 400, 4, 3);
    expectError(await reader.get('Tag/list', { attachedTo: `${server.networkId}:BlogPost:999999` }), 404, 3, 1);
    expectError(await reader.get('Tag/list', { attachedTo: post.replace(/^\d+/, '1234') }), 404, 3, 1);
    expectError(await reader.get('Tag/list', { attachedTo: post.replace('BlogPost', 'Spaceship') }), 404, 3, 1);

    const comment = (await reader.post('Comment', { attachedTo: post, description: 'Nice tags.' })).body.id;
    expectError(await reader.get('Tag/list', { attachedTo: comment }), 404, 3, 1);

    const draft = (await author.post('BlogPost', { title: 'Draft', publishStatus: 'draft', tag: 'secret' })).body.id;
    const mine = (await author.post('BlogPost', { title: 'Mine', visibility: 'me', tag: 'secret' })).body.id;
    expectError(await reader.get('Tag/list', { attachedTo: draft }), 404, 3, 1);
    expectError(await reader.get('Tag/list', { attachedTo: mine }), 404, 3, 1);
    expectError(await server.anonymous().get('Tag/list', { attachedTo: mine }), 404, 3, 1);
  });

  it('refuses unknown fields, counts out of range and anchors that are not its own', async () => {
    expectError(await reader.get('Tag/list', { attachedTo: post, fields: 'value,colour' }), 400, 4, 1);
    expectError(await reader.get('Tag/list', { attachedTo: post, fields: 'author.fullName' }), 400, 4, 1);
    expectError(await reader.get('Tag/list', { attachedTo: post, count: 0 }), 400, 4, 6);
    expectError(await reader.get('Tag/list', { attachedTo: post, count: -101 }), 400, 4, 6);
    expectError(await reader.get('Tag/list', { attachedTo: post, anchor: 'bogus.anchor' }), 400, 4, 7);

    await reader.post('Friend', {}, { friend: author.who.screenName });
    const alpha = await reader.get('Friend/alpha', { count: 1 });
    expectError(await reader.get('Tag/list', { attachedTo: post, anchor: alpha.body.anchor }), 400, 4, 7);
  });
});

describe('Tag/popular', () => {
  it('refuses counts out of range, unknown types and fields it does not have', async () => {
    for (const count of ['0', '101', '-5', 'many', '2.5']) expectError(await reader.get('Tag/popular', { count }), 400, 4, 6);
    expectError(await reader.get('Tag/popular', { type: 'Spaceship' }), 400, 4, 3);
    expectError(await reader.get('Tag/popular', { type: 'Comment' }), 400, 4, 3);
    expectError(await reader.get('Tag/popular', { type: 'constructor' }), 400, 4, 3);
    expectError(await reader.get('Tag/popular', { fields: 'value,attachedTo' }), 400, 4, 1);
  });
});
