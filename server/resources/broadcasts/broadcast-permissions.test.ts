// BroadcastMessage endpoints × every role: administrators send, active members read.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { allow, expectOutcome, makeRoles, ROLES, type Role } from '../users/test-roles';

let server: TestServer;
let roles: Record<Role, Client>;
beforeAll(async () => {
  server = await startTestServer();
  roles = await makeRoles(server);
});
afterAll(() => server.stop());

describe.each(ROLES)('for the %s', (role) => {
  it('POST BroadcastMessage is for administrators', async () => {
    const res = await roles[role].post('BroadcastMessage', { subject: `From ${role}`, body: 'Hello all', messageId: `m-${role}` });
    expectOutcome(res, allow.admins[role]);
  });

  it('GET BroadcastMessage/recent is for active members', async () => {
    expectOutcome(await roles[role].get('BroadcastMessage/recent', { count: 10 }), allow.members[role]);
  });
});
