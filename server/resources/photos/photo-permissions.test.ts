// Every Photo endpoint (and the image files) for every role: who may read, upload, change,
// delete and feature photos, and the exact refusal everyone else gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { png, uploadPhoto } from './test-images';
import { BLOCKED, NOT_ALLOWED, OK, PENDING, SIGN_IN, expectOutcome, type Outcome } from '../../test/roles';

type Role = 'anonymous' | 'member' | 'friend' | 'blocked' | 'pending' | 'admin' | 'owner';
const ROLES: Role[] = ['anonymous', 'member', 'friend', 'blocked', 'pending', 'admin', 'owner'];

let server: TestServer;
let author: Client;
const as = {} as Record<Role, Client>;

beforeAll(async () => {
  server = await startTestServer();
  author = await server.signUp('Alice Author');
  as.anonymous = server.anonymous();
  as.owner = await server.owner();
  for (const role of ['member', 'friend', 'blocked', 'pending', 'admin'] as const) as[role] = await server.signUp(`A ${role}`);
  await server.befriend(author, as.friend);
  await server.setMembership(as.blocked, { state: 'blocked' });
  await server.setMembership(as.pending, { state: 'pending' });
  await server.setMembership(as.admin, { role: 'admin' });
});
afterAll(() => server.stop());

describe('reading photos on a public network', () => {
  it('is open to every role, in gets, listings, counts and image files', async () => {
    const id = await uploadPhoto(author, { title: 'Open' });
    await as.owner.post('Photo/feature', {}, { id });
    const image = (await author.get('Photo', { id, fields: 'image' })).body.entry.image as string;
    const createdAfter = new Date(Date.now() - 3600_000).toISOString();
    for (const role of ROLES) {
      const client = as[role];
      expectOutcome(await client.get('Photo', { id }), OK, `${role} GET Photo`);
      expectOutcome(await client.get('Photo/recent', { count: 5 }), OK, `${role} Photo/recent`);
      expectOutcome(await client.get('Photo/featured', { count: 5 }), OK, `${role} Photo/featured`);
      expectOutcome(await client.get('Photo/count', { createdAfter }), OK, `${role} Photo/count`);
      expect((await client.bytes(image)).status, `${role} image`).toBe(200);
    }
  });
});

describe('writing photos', () => {
  const uploads: Record<Role, Outcome> = {
    anonymous: SIGN_IN, member: OK, friend: OK, blocked: BLOCKED, pending: PENDING, admin: OK, owner: OK,
  };
  // Changing, deleting or featuring someone else's photo is for administrators and the Network Creator.
  const othersPhoto: Record<Role, Outcome> = {
    anonymous: SIGN_IN, member: NOT_ALLOWED, friend: NOT_ALLOWED, blocked: BLOCKED, pending: PENDING, admin: OK, owner: OK,
  };

  it.each(ROLES)('POST Photo as %s', async (role) => {
    expectOutcome(await as[role].upload('Photo', { title: role }, { file: await png() }), uploads[role], role);
  });

  it.each(ROLES)("PUT Photo of someone else's as %s", async (role) => {
    const id = await uploadPhoto(author);
    expectOutcome(await as[role].put('Photo', { id, title: 'Changed' }), othersPhoto[role], role);
  });

  it.each(ROLES)("DELETE Photo of someone else's as %s", async (role) => {
    const id = await uploadPhoto(author);
    expectOutcome(await as[role].del('Photo', { id }), othersPhoto[role], role);
  });

  it.each(ROLES)('POST and DELETE Photo/feature as %s', async (role) => {
    const id = await uploadPhoto(author);
    expectOutcome(await as[role].post('Photo/feature', {}, { id }), othersPhoto[role], `${role} feature`);
    expectOutcome(await as[role].del('Photo/feature', { id }), othersPhoto[role], `${role} unfeature`);
  });

  it('lets the author change and delete their own photo', async () => {
    const id = await uploadPhoto(author);
    expectOutcome(await author.put('Photo', { id, title: 'Mine' }), OK, 'author PUT');
    expectOutcome(await author.del('Photo', { id }), OK, 'author DELETE');
  });
});

describe('photos on a private network', () => {
  it('are for its members only, image files included', async () => {
    const id = await uploadPhoto(author, { title: 'Inside' });
    const image = (await author.get('Photo', { id, fields: 'image' })).body.entry.image as string;
    await server.updateNetwork({ is_private: 1 });
    try {
      expectOutcome(await as.anonymous.get('Photo', { id }), SIGN_IN, 'anonymous GET Photo');
      expectOutcome(await as.anonymous.get('Photo/recent'), SIGN_IN, 'anonymous Photo/recent');
      expect((await as.anonymous.bytes(image)).status).toBe(404);
      expectOutcome(await as.member.get('Photo', { id }), OK, 'member GET Photo');
      const served = await as.member.bytes(image);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toMatch(/^private,/);
    } finally {
      await server.updateNetwork({ is_private: 0 });
    }
  });
});
