// Every way a Friend request can be wrong, each answered with the error envelope and its
// code, and none of them changing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';
import { createAccount } from '../users/store';

let server: TestServer;
let ada: Client;
let bob: Client;
let outsider: string;

const name = (c: Client) => c.who.screenName!;

async function relationships(viewer: Client): Promise<Record<string, string>> {
  const res = await viewer.get('Friend/recent', { fields: 'friend,state', count: 100 });
  return Object.fromEntries(res.body.entry.map((e: { friend: string; state: string }) => [e.friend, e.state]));
}

beforeAll(async () => {
  server = await startTestServer();
  [ada, bob] = [await server.signUp('Ada Asker'), await server.signUp('Bob Bystander')];
  // An account of this deployment that never joined this network: no endpoint makes one.
  outsider = (await createAccount(server.db, { email: 'outsider@test.example', password: 'outsider-pw-1', fullName: 'Out Sider' }, Date.now())).screenName;
});
afterAll(() => server.stop());

describe('asking and blocking', () => {
  it('needs a friend, who is another active member of the network', async () => {
    expectError(await ada.post('Friend', {}), 400, 4, 2);
    expectError(await ada.post('Friend', { friend: '' }), 400, 4, 3);
    expectError(await ada.post('Friend', {}, { friend: name(ada) }), 400, 4, 3);
    expectError(await ada.post('Friend', {}, { friend: name(ada), state: 'blocked' }), 400, 4, 3);
    expectError(await ada.post('Friend', {}, { friend: 'nobody-at-all' }), 404, 3, 1);
    expectError(await ada.post('Friend', {}, { friend: outsider }), 404, 3, 1);
    expectError(await ada.post('Friend', {}, { friend: outsider, state: 'blocked' }), 404, 3, 1);

    const waiting = await server.signUp('Wanda Waiting');
    await server.setMembership(waiting, { state: 'pending' });
    expectError(await ada.post('Friend', {}, { friend: name(waiting) }), 404, 3, 1);
    expect(await relationships(ada)).toEqual({});
  });

  it('refuses a state it cannot ask for', async () => {
    expectError(await ada.post('Friend', {}, { friend: name(bob), state: 'friend_request' }), 400, 4, 3);
    expectError(await ada.post('Friend', {}, { friend: name(bob), state: 'enemy' }), 400, 4, 3);
    expect(await relationships(ada)).toEqual({});
  });

  it('is a state conflict when the relationship is already there', async () => {
    await ada.post('Friend', {}, { friend: name(bob) });
    expectError(await ada.post('Friend', {}, { friend: name(bob) }), 409, 6, 2);
    await bob.post('Friend', {}, { friend: name(ada) });
    expectError(await ada.post('Friend', {}, { friend: name(bob) }), 409, 6, 2);
    expectError(await bob.post('Friend', {}, { friend: name(ada) }), 409, 6, 2);
    expect(await relationships(ada)).toEqual({ [name(bob)]: 'friend' });

    await ada.post('Friend', {}, { friend: name(bob), state: 'blocked' });
    expectError(await ada.post('Friend', {}, { friend: name(bob), state: 'blocked' }), 409, 6, 2);
    expectError(await ada.post('Friend', {}, { friend: name(bob) }), 409, 6, 2);
    expectError(await bob.post('Friend', {}, { friend: name(ada) }), 403, 2, 3);
    expect(await relationships(ada)).toEqual({ [name(bob)]: 'blocked' });
    expect(await relationships(bob)).toEqual({});
    await ada.del('Friend', { friend: name(bob) });
  });

  it('ignores parameters it does not know', async () => {
    expect((await ada.post('Friend', { success: 1, xn_pretty: 'true', author: name(bob) }, { friend: name(bob) })).status).toBe(200);
    expect(await relationships(ada)).toEqual({ [name(bob)]: 'pending' });
    await ada.del('Friend', { friend: name(bob), success: 'true', author: name(ada), createdDate: new Date().toISOString() });
    expect(await relationships(ada)).toEqual({});
  });
});

describe('ending a relationship', () => {
  it('needs one to end, in the state named', async () => {
    expectError(await ada.del('Friend', {}), 400, 4, 2);
    expectError(await ada.del('Friend', { friend: name(ada) }), 400, 4, 3);
    expectError(await ada.del('Friend', { friend: 'nobody-at-all' }), 404, 3, 1);
    expectError(await ada.del('Friend', { friend: name(bob) }), 404, 3, 1);
    expectError(await ada.del('Friend', { friend: name(bob), state: 'enemy' }), 400, 4, 3);

    await ada.post('Friend', {}, { friend: name(bob) });
    for (const state of ['friend', 'friend_request', 'blocked']) {
      expectError(await ada.del('Friend', { friend: name(bob), state }), 409, 6, 2);
    }
    // The blocked side has nothing to unblock and learns nothing of the block.
    await bob.del('Friend', { friend: name(ada) });
    await ada.post('Friend', {}, { friend: name(bob), state: 'blocked' });
    expectError(await bob.del('Friend', { friend: name(ada), state: 'blocked' }), 404, 3, 1);
    expect(await relationships(ada)).toEqual({ [name(bob)]: 'blocked' });
    await ada.del('Friend', { friend: name(bob) });
  });
});

describe('friend lists', () => {
  it('need a caller or an author who is a member', async () => {
    expectError(await server.anonymous().get('Friend/recent'), 401, 1, 1);
    expectError(await server.anonymous().get('Friend/alpha'), 401, 1, 1);
    expectError(await ada.get('Friend/recent', { author: 'nobody-at-all' }), 404, 3, 1);
    expectError(await ada.get('Friend/alpha', { author: outsider }), 404, 3, 1);
  });

  it('refuse unknown fields, counts out of range, bad states and anchors of other listings', async () => {
    expectError(await ada.get('Friend/recent', { fields: 'friend,enemy' }), 400, 4, 1);
    expectError(await ada.get('Friend/recent', { fields: 'friend.email' }), 400, 4, 1);
    expectError(await ada.get('Friend/recent', { count: 0 }), 400, 4, 6);
    expectError(await ada.get('Friend/alpha', { count: 101 }), 400, 4, 6);
    expectError(await ada.get('Friend/recent', { state: 'enemy' }), 400, 4, 3);
    expectError(await ada.get('Friend/recent', { anchor: 'not-an-anchor' }), 400, 4, 7);

    await ada.post('Friend', {}, { friend: name(bob) });
    const recent = await ada.get('Friend/recent', { count: 1 });
    const alpha = await ada.get('Friend/alpha', { count: 1 });
    expectError(await ada.get('Friend/alpha', { anchor: recent.body.anchor }), 400, 4, 7);
    expectError(await ada.get('Friend/recent', { anchor: alpha.body.anchor }), 400, 4, 7);
    const tampered = `${alpha.body.anchor.slice(0, -2)}xx`;
    expectError(await ada.get('Friend/alpha', { anchor: tampered }), 400, 4, 7);
    await ada.del('Friend', { friend: name(bob) });
  });
});
