// Every Video endpoint for every role: reading is for whoever may read the network, and
// `private` for the Network Creator; active members add videos and comment on them; only a
// video's author or an administrator changes or deletes it; administrators feature videos.
// A friend of the author is no more than another member here.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import {
  ADMINS, AUTHOR_OR_ADMIN, castOf, CREATOR_ONLY, EVERYONE, expectForEveryRole, expectOutcome, MEMBERS, NOT_ALLOWED, OK, ROLES,
  type Cast, type Outcome, type RoleName,
} from '../../test/roles';

let server: TestServer;
let cast: Cast;
let friend: Client;
let videoId: string;

beforeAll(async () => {
  server = await startTestServer();
  cast = await castOf(server);
  friend = await server.signUp('Fay Friend');
  await server.befriend(cast.member, friend);
  videoId = (await cast.member.post('Video', { url: 'https://vimeo.com/76979871', title: 'Permissions' })).body.id;
});
afterAll(() => server.stop());

const CREATOR_ALONE = Object.fromEntries(ROLES.map((r) => [r, r === 'owner' ? OK : CREATOR_ONLY])) as Record<RoleName, Outcome>;
const addVideo = async () => (await cast.member.post('Video', { url: 'https://youtu.be/dQw4w9WgXcQ', title: 'To change' })).body.id as string;

describe('video permissions', () => {
  it('lets every role read videos and their comments on a public network', async () => {
    await expectForEveryRole(cast, 'GET Video', EVERYONE, (c) => c.get('Video', { id: videoId }));
    await expectForEveryRole(cast, 'GET Video/recent', EVERYONE, (c) => c.get('Video/recent'));
    await expectForEveryRole(cast, 'GET Video/featured', EVERYONE, (c) => c.get('Video/featured'));
    await expectForEveryRole(cast, 'GET Video/count', EVERYONE, (c) => c.get('Video/count'));
    await expectForEveryRole(cast, 'GET Comment/recent', EVERYONE, (c) => c.get('Comment/recent', { attachedTo: videoId }));
  });

  it('lets only the Network Creator filter on private', async () => {
    await expectForEveryRole(cast, 'GET Video/recent private', CREATOR_ALONE, (c) => c.get('Video/recent', { private: 'true' }));
    await expectForEveryRole(cast, 'GET Video/count private', CREATOR_ALONE, (c) => c.get('Video/count', { private: 'true' }));
  });

  it('lets active members add videos and comment on them', async () => {
    await expectForEveryRole(cast, 'POST Video', MEMBERS, (c, role) => c.post('Video', { url: 'https://youtu.be/dQw4w9WgXcQ', title: `By ${role}` }));
    await expectForEveryRole(cast, 'POST Comment', MEMBERS, (c, role) => c.post('Comment', { attachedTo: videoId, description: `Seen by ${role}` }));
  });

  it("lets only a video's author or an administrator change or delete it", async () => {
    await expectForEveryRole(cast, 'PUT Video', AUTHOR_OR_ADMIN, async (c, role) => c.put('Video', { id: await addVideo(), title: `By ${role}`, tag: 'x' }));
    await expectForEveryRole(cast, 'DELETE Video', AUTHOR_OR_ADMIN, async (c) => c.del('Video', { id: await addVideo() }));
    expectOutcome(await friend.put('Video', { id: videoId, title: 'Borrowed' }), NOT_ALLOWED);
    expectOutcome(await friend.del('Video', { id: videoId }), NOT_ALLOWED);
  });

  it('lets only administrators and the Network Creator feature videos', async () => {
    await expectForEveryRole(cast, 'POST Video/feature', ADMINS, (c) => c.post('Video/feature', { id: videoId }));
    await expectForEveryRole(cast, 'DELETE Video/feature', ADMINS, (c) => c.del('Video/feature', { id: videoId }));
  });
});
