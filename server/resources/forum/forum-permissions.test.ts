// Every Category and Topic endpoint for every role: reading is for whoever may read the
// network; categories are kept by administrators; members start topics and reply, and only a
// topic's author or an administrator changes, closes or deletes it; administrators feature
// topics. A friend of the author is no more than another member here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { ADMINS, AUTHOR_OR_ADMIN, castOf, EVERYONE, expectForEveryRole, expectOutcome, MEMBERS, NOT_ALLOWED, type Cast } from '../../test/roles';

let server: TestServer;
let cast: Cast;
let friend: Client;
let categoryId: string;
let topicId: string;

beforeAll(async () => {
  server = await startTestServer();
  cast = await castOf(server);
  friend = await server.signUp('Fay Friend');
  await server.befriend(cast.member, friend);
  categoryId = (await cast.admin.post('Category', { title: 'Permissions' })).body.id;
  topicId = (await cast.member.post('Topic', { title: 'Permissions topic', categoryId })).body.id;
});
afterAll(() => server.stop());

describe('forum permissions', () => {
  it('lets every role read categories, topics and replies of a public network', async () => {
    await expectForEveryRole(cast, 'GET Category', EVERYONE, (c) => c.get('Category', { id: categoryId }));
    await expectForEveryRole(cast, 'GET Category/recent', EVERYONE, (c) => c.get('Category/recent'));
    await expectForEveryRole(cast, 'GET Category/alpha', EVERYONE, (c) => c.get('Category/alpha'));
    await expectForEveryRole(cast, 'GET Topic', EVERYONE, (c) => c.get('Topic', { id: topicId }));
    await expectForEveryRole(cast, 'GET Topic/recent', EVERYONE, (c) => c.get('Topic/recent', { categoryId }));
    await expectForEveryRole(cast, 'GET Topic/alpha', EVERYONE, (c) => c.get('Topic/alpha'));
    await expectForEveryRole(cast, 'GET Topic/featured', EVERYONE, (c) => c.get('Topic/featured'));
    await expectForEveryRole(cast, 'GET Comment/recent', EVERYONE, (c) => c.get('Comment/recent', { attachedTo: topicId }));
  });

  it('lets only administrators and the Network Creator create, change and delete categories', async () => {
    await expectForEveryRole(cast, 'POST Category', ADMINS, (c, role) => c.post('Category', { title: `By ${role}` }));
    const fresh = async () => (await cast.admin.post('Category', { title: 'Fresh' })).body.id as string;
    await expectForEveryRole(cast, 'PUT Category', ADMINS, async (c, role) => c.put('Category', { id: await fresh(), title: `Renamed by ${role}` }));
    await expectForEveryRole(cast, 'DELETE Category', ADMINS, async (c) => c.del('Category', { id: await fresh() }));
    expect((await cast.member.get('Category', { id: categoryId, fields: 'title' })).body.entry.title).toBe('Permissions');
  });

  it('lets active members start topics and reply to them', async () => {
    await expectForEveryRole(cast, 'POST Topic', MEMBERS, (c, role) => c.post('Topic', { title: `Started by ${role}`, categoryId }));
    await expectForEveryRole(cast, 'POST Comment', MEMBERS, (c, role) => c.post('Comment', { attachedTo: topicId, description: `Reply by ${role}` }));
  });

  it("lets only a topic's author or an administrator change, close or delete it", async () => {
    const fresh = async () => (await cast.member.post('Topic', { title: 'To change' })).body.id as string;
    await expectForEveryRole(cast, 'PUT Topic', AUTHOR_OR_ADMIN, async (c, role) => c.put('Topic', { id: await fresh(), title: `Changed by ${role}` }));
    await expectForEveryRole(cast, 'PUT Topic isClosed', AUTHOR_OR_ADMIN, async (c) => c.put('Topic', { id: await fresh(), isClosed: 'true' }));
    await expectForEveryRole(cast, 'DELETE Topic', AUTHOR_OR_ADMIN, async (c) => c.del('Topic', { id: await fresh() }));
    expectOutcome(await friend.put('Topic', { id: topicId, isClosed: 'true' }), NOT_ALLOWED);
    expectOutcome(await friend.del('Topic', { id: topicId }), NOT_ALLOWED);
    expectOutcome(await cast.member.put('Topic', { id: topicId, approved: 'true' }), NOT_ALLOWED);
  });

  it('lets only administrators and the Network Creator feature topics', async () => {
    await expectForEveryRole(cast, 'POST Topic/feature', ADMINS, (c) => c.post('Topic/feature', { id: topicId }));
    await expectForEveryRole(cast, 'DELETE Topic/feature', ADMINS, (c) => c.del('Topic/feature', { id: topicId }));
  });
});
