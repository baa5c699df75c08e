// Who may use AccessToken: every signed-in caller lists and revokes their own tokens (so a
// member who is blocked or awaiting approval can still clean up); only active members create
// them; anonymous visitors must sign in. A token acts with exactly its member's role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { castOf, expectForEveryRole, MEMBERS, OK, SIGN_IN, type Cast, type RoleName, type Outcome } from '../../test/roles';
import { expectError } from '../../test/expect-api';

let server: TestServer;
let cast: Cast;

beforeAll(async () => {
  server = await startTestServer();
  cast = await castOf(server);
});
afterAll(() => server.stop());

const SIGNED_IN: Record<RoleName, Outcome> = { ...MEMBERS, pending: OK, blocked: OK };

describe('AccessToken', () => {
  it('is created by active members only', async () => {
    await expectForEveryRole(cast, 'POST AccessToken', MEMBERS, (client) => client.post('AccessToken', { name: 'perm' }));
  });

  it('is listed by every signed-in caller, each seeing their own', async () => {
    await expectForEveryRole(cast, 'GET AccessToken', SIGNED_IN, (client) => client.get('AccessToken'));
    const names = (await cast.member.get('AccessToken')).body.entry.map((t: { name: string }) => t.name);
    expect(names).toEqual(['perm']);
  });

  it('is revoked by every signed-in caller, their own tokens only', async () => {
    const tokens = new Map<string, string>();
    for (const role of ['member', 'otherMember', 'admin', 'owner'] as const) {
      tokens.set(role, (await cast[role].post('AccessToken', { name: 'to revoke' })).body.entry.id);
    }
    // Pending and blocked members revoke tokens made before their state changed.
    for (const role of ['pending', 'blocked'] as const) {
      const accountId = await server.accountIdOf(cast[role]);
      const row = await server.db
        .insertInto('access_tokens')
        .values({ network_id: server.networkId, account_id: accountId, name: 'old', token_hash: `hash-${role}`, created_at: Date.now(), last_used_at: null, revoked_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      tokens.set(role, `${server.networkId}:AccessToken:${row.id}`);
    }
    await expectForEveryRole(cast, 'DELETE AccessToken', { ...SIGNED_IN, anonymous: SIGN_IN }, (client, role) =>
      client.del('AccessToken', { id: tokens.get(role) ?? tokens.get('member')! }),
    );
    // An administrator revokes nobody else's token.
    const memberToken = (await cast.member.post('AccessToken', { name: 'not yours' })).body.entry.id;
    expectError(await cast.admin.del('AccessToken', { id: memberToken }), 404, 3, 1);
    expectError(await cast.owner.del('AccessToken', { id: memberToken }), 404, 3, 1);
  });

  it('acts with its member’s role: blocked or pending members’ tokens may not write', async () => {
    const { entry } = (await cast.member.post('AccessToken', { name: 'role check' })).body;
    const script = cast.member.withBearer(entry.token);
    expect((await script.post('BlogPost', { title: 'as a member' })).status).toBe(200);
    expectError(await script.get('BlogPost/recent', { private: 'true' }), 403, 2, 2);

    await server.setMembership(cast.member, { state: 'blocked' });
    try {
      expectError(await script.post('BlogPost', { title: 'blocked now' }), 403, 2, 3);
    } finally {
      await server.setMembership(cast.member, { state: 'active' });
    }
    const owner = (await cast.owner.post('AccessToken', { name: 'creator' })).body.entry;
    expect((await cast.owner.withBearer(owner.token).get('BlogPost/recent', { private: 'true' })).status).toBe(200);
  });
});
