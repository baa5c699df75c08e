// Every Activity endpoint for every role: reading the feed is for whoever may read the
// network; removing an event is for administrators and the Network Creator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type Reply, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';

let server: TestServer;
const roles: Record<string, Client> = {};

beforeAll(async () => {
  server = await startTestServer();
  roles.anonymous = server.anonymous();
  roles.member = await server.signUp('Perm Member');
  roles.friend = await server.signUp('Perm Friend');
  await server.befriend(roles.member, roles.friend);
  roles.blocked = await server.signUp('Perm Blocked');
  await server.setMembership(roles.blocked, { state: 'blocked' });
  roles.pending = await server.signUp('Perm Pending');
  await server.setMembership(roles.pending, { state: 'pending' });
  roles.admin = await server.signUp('Perm Admin');
  await server.setMembership(roles.admin, { role: 'admin' });
  roles.owner = await server.owner();
});
afterAll(() => server.stop());

/** A fresh event to read or remove: a new member's JoinNetwork. */
async function freshEvent(): Promise<string> {
  const joiner = await server.signUp('Perm Joiner');
  return (await joiner.get('Activity/recent', { author: joiner.who.screenName! })).body.entry[0].id;
}

const reads: [string, (c: Client, id: string) => Promise<Reply>][] = [
  ['GET Activity', (c, id) => c.get('Activity', { id })],
  ['GET Activity/recent', (c) => c.get('Activity/recent')],
  ['GET Activity/count', (c) => c.get('Activity/count')],
];

describe('Activity permissions', () => {
  it('lets every role read the feed of a public network', async () => {
    const id = await freshEvent();
    for (const [role, client] of Object.entries(roles)) {
      for (const [name, read] of reads) {
        const res = await read(client, id);
        expect({ role, name, status: res.status, success: res.body.success }).toEqual({ role, name, status: 200, success: true });
      }
    }
  });

  it('lets only administrators and the Network Creator delete an event', async () => {
    const id = await freshEvent();
    expectError(await roles.anonymous!.del('Activity', { id }), 401, 1, 1);
    expectError(await roles.member!.del('Activity', { id }), 403, 2, 1);
    expectError(await roles.friend!.del('Activity', { id }), 403, 2, 1);
    expectError(await roles.blocked!.del('Activity', { id }), 403, 2, 3);
    expectError(await roles.pending!.del('Activity', { id }), 403, 2, 4);
    expect((await roles.member!.get('Activity', { id })).status).toBe(200);
    for (const role of ['admin', 'owner']) {
      const own = await freshEvent();
      expect((await roles[role]!.del('Activity', { id: own })).body).toEqual({ success: true });
      expect((await roles[role]!.get('Activity', { id: own })).status).toBe(404);
    }
  });

  it('keeps the feed of a private network to its members', async () => {
    const id = await freshEvent();
    await server.updateNetwork({ is_private: 1 });
    try {
      for (const [name, read] of reads) {
        expectError(await read(roles.anonymous!, id), 401, 1, 1);
        expectError(await read(roles.blocked!, id), 403, 2, 3);
        expectError(await read(roles.pending!, id), 403, 2, 4);
        for (const role of ['member', 'friend', 'admin', 'owner']) {
          expect({ name, role, status: (await read(roles[role]!, id)).status }).toEqual({ name, role, status: 200 });
        }
      }
    } finally {
      await server.updateNetwork({ is_private: 0 });
    }
  });
});
