// Permissions of every Comment endpoint for every role. Each write runs against a post and a
// comment made for it, so no row depends on another.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type Client, type Reply, type TestServer } from '../../test/harness';
import { ADMINS, AUTHOR_OR_ADMIN, castOf, EVERYONE, expectOutcome, MEMBERS, OK, ROLES, type Cast, type Outcome, type RoleName } from '../../test/roles';

let server: TestServer;
let cast: Cast;

beforeAll(async () => {
  server = await startTestServer();
  cast = await castOf(server);
});
afterAll(() => server.stop());

/** A fresh post by the member, and on it a comment by `commenter`. */
async function fresh(commenter: RoleName = 'member') {
  const postId = (await cast.member.post('BlogPost', { title: 'Commented' })).body.id as string;
  const commentId = (await cast[commenter].post('Comment', { attachedTo: postId, description: 'A comment' })).body.id as string;
  return { postId, commentId };
}

const rows: [string, (c: Client) => Promise<Reply>, Record<RoleName, Outcome>][] = [
  ['GET Comment/recent', async (c) => c.get('Comment/recent', { attachedTo: (await fresh()).postId }), EVERYONE],
  ['GET Comment/featured', (c) => c.get('Comment/featured', { count: 5 }), EVERYONE],
  ['POST Comment', async (c) => c.post('Comment', { attachedTo: (await fresh()).postId, description: 'Me too' }), MEMBERS],
  ['DELETE Comment (the member comments on her own post)', async (c) => c.del('Comment', { id: (await fresh()).commentId }), AUTHOR_OR_ADMIN],
  // Written by the other member on the member's post: both the comment's and the post's author may remove it.
  ['DELETE Comment (the other member comments on the post)', async (c) => c.del('Comment', { id: (await fresh('otherMember')).commentId }), { ...MEMBERS, otherMember: OK }],
  ['DELETE Comment (an administrator comments on the post)', async (c) => c.del('Comment', { id: (await fresh('admin')).commentId }), AUTHOR_OR_ADMIN],
  ['POST Comment/feature', async (c) => c.post('Comment/feature', {}, { id: (await fresh()).commentId }), ADMINS],
  ['DELETE Comment/feature', async (c) => c.del('Comment/feature', { id: (await fresh()).commentId }), ADMINS],
];

describe.each(rows)('%s', (_name, call, outcomes) => {
  it.each(ROLES)('as %s', async (role) => expectOutcome(await call(cast[role]), outcomes[role]));
});
