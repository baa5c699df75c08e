// Story: the Network Creator renames the network, gives it an icon, makes it private and turns
// moderation on; members read the settings, and each account lists the networks it belongs to.
// A new network's activity feed starts with its creator joining it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { expectError, ISO_DATE, listedIds } from '../../test/expect-api';
import { createNetwork } from './service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('the network', () => {
  it('is read by anyone with every field clients ask for', async () => {
    const res = await server.anonymous().get('Network');
    expect(res.status).toBe(200);
    const owner = await server.owner();
    expect(res.body.entry).toEqual({
      id: String(server.networkId),
      author: owner.who.screenName,
      createdDate: expect.stringMatching(ISO_DATE),
      updatedDate: expect.stringMatching(ISO_DATE),
      subdomain: 'apiexample',
      name: expect.any(String),
      description: null,
      url: expect.stringMatching(/\/n\/apiexample$/),
      iconUrl: null,
      defaultUserIconUrl: expect.stringMatching(/^http.*default-user-icon\.svg$/),
      isPrivate: false,
      blogPostModeration: false,
      commentModeration: false,
      photoModeration: false,
      userModeration: false,
      videoModeration: false,
      eventModeration: false,
      groupModeration: false,
      xapiStatus: 'enabled',
    });
    expect(res.body.resources[owner.who.screenName!]).toEqual({
      fullName: expect.any(String),
      iconUrl: expect.stringMatching(/^http/),
      url: expect.stringContaining('/members/'),
    });
    const some = await server.anonymous().get('Network', { fields: 'name,xapiStatus,author.fullName' });
    expect(Object.keys(some.body.entry)).toEqual(['id', 'name', 'xapiStatus']);
  });

  it('is changed by the Network Creator alone', async () => {
    const owner = await server.owner();
    const member = await server.signUp('Mel Member');
    expectError(await member.put('Network', { name: 'Taken over' }), 403, 2, 1);

    const changed = await owner.put('Network', {
      name: 'Makers of Lisbon',
      description: 'People who make things.',
      iconUrl: 'https://images.example/lisbon.png',
      blogPostModeration: true,
      photoModeration: 'true',
      isPrivate: true,
    });
    expect(changed.body).toEqual({ success: true });
    const read = await member.get('Network', { fields: 'name,description,iconUrl,blogPostModeration,photoModeration,videoModeration,isPrivate' });
    expect(read.body.entry).toEqual({
      id: String(server.networkId),
      name: 'Makers of Lisbon',
      description: 'People who make things.',
      iconUrl: 'https://images.example/lisbon.png',
      blogPostModeration: true,
      photoModeration: true,
      videoModeration: false,
      isPrivate: true,
    });
    // Private now: visitors must sign in to read content, but still see the network itself.
    expectError(await server.anonymous().get('BlogPost/recent'), 401, 1, 1);
    expectError(await server.anonymous().get('User/recent'), 401, 1, 1);
    expect((await server.anonymous().get('Network', { fields: 'name' })).body.entry.name).toBe('Makers of Lisbon');
    // Moderation applies at once.
    const post = await member.post('BlogPost', { title: 'Awaiting approval' });
    expect((await member.get('BlogPost', { id: post.body.id, fields: 'approved' })).body.entry.approved).toBe(false);

    await owner.put('Network', { isPrivate: false, blogPostModeration: false, photoModeration: false, iconUrl: '', description: '' });
    const back = await member.get('Network', { fields: 'iconUrl,description,isPrivate' });
    expect(back.body.entry).toEqual({ id: String(server.networkId), iconUrl: null, description: null, isPrivate: false });
  });

  it('Network/alpha lists the networks the caller belongs to', async () => {
    const member = await server.signUp('Nia Networks');
    const stranger = await server.signUp('Sol Stranger');
    // Setup no endpoint does: networks are created by the operator.
    const other = await createNetwork(server.db, { subdomain: 'aardvarks', name: 'aardvark fans', ownerAccountId: await server.accountIdOf(member) }, Date.now());
    const mine = await member.get('Network/alpha', { count: 10, fields: 'subdomain,name' });
    expect(mine.body.entry).toEqual([
      { id: String(other), subdomain: 'aardvarks', name: 'aardvark fans' },
      { id: String(server.networkId), subdomain: 'apiexample', name: expect.any(String) },
    ]);
    const paged = await member.get('Network/alpha', { count: 1, anchor: mine.body.anchor });
    expect(paged.body.entry).toEqual([]);
    expect(listedIds(await stranger.get('Network/alpha', { count: 10 }))).toEqual([String(server.networkId)]);
    expectError(await server.anonymous().get('Network/alpha'), 401, 1, 1);
  });

  it("starts its activity feed with its creator joining it, on first start and when created later", async () => {
    const owner = await server.owner();
    const feed = (network: string) => server.anonymous().get(`/xn/rest/${network}/1.0/Activity/recent`, { count: 100, fields: 'type,author,contentId' });
    const first = await feed('apiexample');
    expect(first.status).toBe(200);
    expect(first.body.entry.at(-1)).toEqual({ id: expect.any(String), type: 'JoinNetwork', author: owner.who.screenName, contentId: null });

    const founder = await server.signUp('Fay Founder');
    const created = Date.now();
    await createNetwork(server.db, { subdomain: 'beekeepers', name: 'Beekeepers', ownerAccountId: await server.accountIdOf(founder) }, created);
    const fresh = await server.anonymous().get('/xn/rest/beekeepers/1.0/Activity/recent', { count: 100, fields: 'type,author,createdDate' });
    expect(fresh.body.entry).toEqual([
      { id: expect.any(String), type: 'JoinNetwork', author: founder.who.screenName, createdDate: new Date(created).toISOString() },
    ]);
    const counted = await server.anonymous().get('/xn/rest/beekeepers/1.0/Activity/count', { createdAfter: new Date(created - 1000).toISOString() });
    expect(counted.body.count).toBe(1);
  });

  it('is created whole or not at all: a taken subdomain is refused and records nothing', async () => {
    const member = await server.signUp('Tam Twice');
    const accountId = await server.accountIdOf(member);
    await expect(createNetwork(server.db, { subdomain: 'ApiExample', name: 'Again', ownerAccountId: accountId }, Date.now())).rejects.toMatchObject({ status: 409, code: 6, subcode: 1 });
    const joins = await server.db.selectFrom('activities').select('id').where('author_id', '=', accountId).where('type', '=', 'JoinNetwork').execute();
    expect(joins).toHaveLength(1);
  });
});
