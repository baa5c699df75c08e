// Network endpoints × every role: anyone reads the network, signed-in callers list their own
// networks, and only the Network Creator changes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { listedIds } from '../../test/expect-api';
import { EVERYONE, expectOutcome, NETWORK_CREATOR, OK, SIGN_IN } from '../../test/roles';
import { MADE_ROLES, makeRoles, type MadeRole } from '../users/test-roles';

let server: TestServer;
let roles: Record<MadeRole, Client>;
beforeAll(async () => {
  server = await startTestServer();
  roles = await makeRoles(server);
});
afterAll(() => server.stop());

describe.each(MADE_ROLES)('for the %s', (role) => {
  it('GET Network reads the network, public or private', async () => {
    expectOutcome(await roles[role].get('Network'), OK);
    await roles.owner.put('Network', { isPrivate: true });
    try {
      const res = await roles[role].get('Network', { fields: 'isPrivate' });
      expect(res.body.entry).toEqual({ id: String(server.networkId), isPrivate: true });
    } finally {
      await roles.owner.put('Network', { isPrivate: false });
    }
  });

  it('GET Network/alpha lists the networks the caller is an active member of', async () => {
    const res = await roles[role].get('Network/alpha', { count: 10 });
    expectOutcome(res, { ...EVERYONE, anonymous: SIGN_IN }[role]);
    if (res.status === 200) {
      const active = role === 'member' || role === 'admin' || role === 'owner';
      expect(listedIds(res)).toEqual(active ? [String(server.networkId)] : []);
    }
  });

  it('PUT Network changes it for the Network Creator alone', async () => {
    const name = `Renamed by ${role}`;
    expectOutcome(await roles[role].put('Network', { name }), NETWORK_CREATOR[role]);
    const now = (await server.anonymous().get('Network', { fields: 'name' })).body.entry.name;
    expect(now === name).toBe(role === 'owner');
  });
});
