// Tag endpoints × every role: a post at each visibility carries a tag of its own, and each
// role lists the tags of exactly the posts it may see, and counts exactly those tags in the
// tag cloud. On a private network, visitors see nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';
import { visibilityCast } from '../../test/roles';

let server: TestServer;
let roles: Record<string, Client>;
const posts: Record<string, string> = {};

const levels = ['all', 'members', 'friends', 'me', 'draft'] as const;

/** Which posts each role may see, by visibility (draft: a post not yet published). */
const sees: Record<string, (typeof levels)[number][]> = {
  anonymous: ['all'],
  stranger: ['all', 'members'],
  friend: ['all', 'members', 'friends'],
  blockedByAuthor: ['all', 'members'],
  pending: ['all'],
  blocked: ['all'],
  admin: ['all', 'members', 'friends', 'me'],
  owner: ['all', 'members', 'friends', 'me'],
  author: ['all', 'members', 'friends', 'me', 'draft'],
};

beforeAll(async () => {
  server = await startTestServer();
  const { author, ...readers } = await visibilityCast(server);
  const [blockedByAuthor, pending, blocked] = await Promise.all([
    server.signUp('Bea Blocked'),
    server.signUp('Penny Pending'),
    server.signUp('Boris Blocked'),
  ]);
  await author.post('Friend', {}, { friend: blockedByAuthor.who.screenName, state: 'blocked' });
  await server.setMembership(pending, { state: 'pending' });
  await server.setMembership(blocked, { state: 'blocked' });
  roles = { ...readers, blockedByAuthor, pending, blocked, author };
  for (const level of levels) {
    const visibility = level === 'draft' ? 'all' : level;
    const res = await author.post('BlogPost', { title: level, visibility, publishStatus: level === 'draft' ? 'draft' : 'publish', tag: `only-${level}` });
    posts[level] = res.body.id;
  }
});
afterAll(() => server.stop());

describe.each(Object.keys(sees))('for the %s', (role) => {
  it('Tag/list lists the tags of the posts it may see, and no others', async () => {
    for (const level of levels) {
      const res = await roles[role]!.get('Tag/list', { attachedTo: posts[level], count: 10, fields: 'value' });
      if (sees[role]!.includes(level)) expect(res.body.entry, level).toEqual([{ value: `only-${level}` }]);
      else expectError(res, 404, 3, 1);
    }
  });

  it('Tag/popular counts the tags of the posts it may see, and no others', async () => {
    const res = await roles[role]!.get('Tag/popular', { count: 100 });
    expect(res.status).toBe(200);
    const counted = res.body.entry.map((t: { value: string; count: number }) => [t.value, t.count]).sort();
    expect(counted).toEqual(sees[role]!.map((level) => [`only-${level}`, 1]).sort());
  });
});

describe('on a private network', () => {
  it('only members read tags; visitors must sign in', async () => {
    await server.updateNetwork({ is_private: 1 });
    expectError(await server.anonymous().get('Tag/list', { attachedTo: posts.all }), 401, 1, 1);
    expectError(await server.anonymous().get('Tag/popular'), 401, 1, 1);
    expectError(await roles.pending!.get('Tag/popular'), 403, 2, 4);
    expect((await roles.stranger!.get('Tag/list', { attachedTo: posts.all })).status).toBe(200);
    expect((await roles.stranger!.get('Tag/popular')).status).toBe(200);
    await server.updateNetwork({ is_private: 0 });
  });
});
