// BroadcastMessage endpoints × every role: administrators send, active members read.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { ADMINS, expectOutcome, MEMBERS } from '../../test/roles';
import { MADE_ROLES, makeRoles, type MadeRole } from '../users/test-roles';

let server: TestServer;
let roles: Record<MadeRole, Client>;
beforeAll(async () => {
  server = await startTestServer();
  roles = await makeRoles(server);
});
afterAll(() => server.stop());

describe.each(MADE_ROLES)('for the %s', (role) => {
  it('POST BroadcastMessage is for administrators', async () => {
    const res = await roles[role].post('BroadcastMessage', { subject: `From ${role}`, body: 'Hello all', messageId: `m-${role}` });
    expectOutcome(res, ADMINS[role]);
  });

  it('GET BroadcastMessage/recent is for active members', async () => {
    expectOutcome(await roles[role].get('BroadcastMessage/recent', { count: 10 }), MEMBERS[role]);
  });
});
