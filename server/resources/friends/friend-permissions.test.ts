// Friend endpoints × every role, all aimed at one member, Tina: who may list friends, ask,
// and end a relationship, and what a list shows to someone who is not its member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectOutcome, type Outcome } from '../../test/roles';
import { expectError } from '../../test/expect-api';

let server: TestServer;
let tina: Client;
let roles: Record<string, Client>;

/** What each role gets from: its own list, asking Tina, then ending the relationship with her. */
const expected: Record<string, { ownList: Outcome; ask: Outcome; end: Outcome }> = {
  anonymous: { ownList: [401, 1, 1], ask: [401, 1, 1], end: [401, 1, 1] },
  member: { ownList: 200, ask: 200, end: 200 },
  friend: { ownList: 200, ask: [409, 6, 2], end: 200 },
  blockedByTina: { ownList: 200, ask: [403, 2, 3], end: [404, 3, 1] },
  pending: { ownList: 200, ask: [403, 2, 4], end: [403, 2, 4] },
  blockedMember: { ownList: 200, ask: [403, 2, 3], end: [403, 2, 3] },
  administrator: { ownList: 200, ask: 200, end: 200 },
  networkCreator: { ownList: 200, ask: 200, end: 200 },
};

const name = (c: Client) => c.who.screenName!;

beforeAll(async () => {
  server = await startTestServer();
  tina = await server.signUp('Tina Target');
  roles = {
    anonymous: server.anonymous(),
    member: await server.signUp('Max Member'),
    friend: await server.signUp('Fritz Friend'),
    blockedByTina: await server.signUp('Bea Blocked'),
    pending: await server.signUp('Penny Pending'),
    blockedMember: await server.signUp('Boris Blocked'),
    administrator: await server.signUp('Adam Admin'),
    networkCreator: await server.owner(),
  };
  await roles.friend!.post('Friend', {}, { friend: name(tina) });
  await tina.post('Friend', {}, { friend: name(roles.friend!) });
  await tina.post('Friend', {}, { friend: name(roles.blockedByTina!), state: 'blocked' });
  // Tina has asked someone too: a request nobody else should see.
  await tina.post('Friend', {}, { friend: name(roles.member!) });
  await roles.member!.del('Friend', { friend: name(tina), state: 'friend_request' });
  await tina.post('Friend', {}, { friend: name(roles.administrator!) });
  await roles.administrator!.del('Friend', { friend: name(tina) });
  await tina.post('Friend', {}, { friend: name(roles.pending!) });
  await server.setMembership(roles.pending!, { state: 'pending' });
  await server.setMembership(roles.blockedMember!, { state: 'blocked' });
  await server.setMembership(roles.administrator!, { role: 'admin' });
});
afterAll(() => server.stop());

describe.each(Object.keys(expected))("Tina's friend lists, for the %s", (role) => {
  it('show only her accepted friends', async () => {
    for (const listing of ['Friend/recent', 'Friend/alpha']) {
      const res = await roles[role]!.get(listing, { author: name(tina), count: 100, fields: 'author,friend,state' });
      expect(res.status).toBe(200);
      expect(res.body.entry).toEqual([{ author: name(tina), friend: name(roles.friend!), state: 'friend' }]);
    }
  });
});

describe.each(Object.keys(expected))('the %s', (role) => {
  it('reads its own list, asks Tina and ends the relationship as its role allows', async () => {
    const client = roles[role]!;
    expectOutcome(await client.get('Friend/recent'), expected[role]!.ownList);
    expectOutcome(await client.post('Friend', {}, { friend: name(tina) }), expected[role]!.ask);
    expectOutcome(await client.del('Friend', { friend: name(tina) }), expected[role]!.end);
  });
});

describe("Tina's own list", () => {
  it('shows her every state, including the request to a member now pending approval', async () => {
    const res = await tina.get('Friend/recent', { count: 100, fields: 'friend,state' });
    const states = Object.fromEntries(res.body.entry.map((e: { friend: string; state: string }) => [e.friend, e.state]));
    expect(states).toEqual({ [name(roles.blockedByTina!)]: 'blocked', [name(roles.pending!)]: 'pending' });
  });
});

describe('on a private network', () => {
  it('only members read friend lists; visitors must sign in', async () => {
    await server.updateNetwork({ is_private: 1 });
    expectError(await server.anonymous().get('Friend/recent', { author: name(tina) }), 401, 1, 1);
    expectError(await roles.pending!.get('Friend/alpha', { author: name(tina) }), 403, 2, 4);
    expect((await roles.member!.get('Friend/alpha', { author: name(tina) })).status).toBe(200);
    await server.updateNetwork({ is_private: 0 });
  });
});
