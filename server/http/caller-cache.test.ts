// Whom a session or access token names is kept for a few seconds, yet every change that ends
// or narrows a caller's rights shows on their very next request: signing out, being blocked,
// removed or made an administrator no more, and a revoked access token. Each case first uses
// the credential, so its answer is kept when the change is made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test/harness';
import { expectError } from '../test/expect-api';
import { memberIdOf } from '../resources/users/test-roles';

let server: TestServer;
let owner: Client;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.owner();
});
afterAll(() => server.stop());

/** A GET by hand with exactly these credentials (the client would forget a cookie cleared by sign-out). */
const getWith = async (headers: Record<string, string>, p: string) => {
  const res = await fetch(`${server.url}/xn/rest/apiexample/1.0/${p}`, { headers });
  return { status: res.status, headers: res.headers, body: await res.json() };
};

describe('who a credential names', () => {
  it('is nobody on the next request after signing out', async () => {
    const member = await server.signUp('Sam Signout');
    const cookie = member.credentialHeaders('GET');
    expect((await getWith(cookie, 'AccessToken')).status).toBe(200);
    expect((await member.del('Session')).status).toBe(200);
    expectError(await getWith(cookie, 'AccessToken'), 401, 1, 1);
    expect((await getWith(cookie, 'Session')).body.entry).toBeNull();
  });

  it('is blocked on the next request after an administrator blocks them, and a member again once unblocked', async () => {
    const member = await server.signUp('Bo Blocked');
    const id = await memberIdOf(member);
    expect((await member.get('BroadcastMessage/recent')).status).toBe(200);
    expect((await owner.put('User', { isBlocked: true }, { id })).status).toBe(200);
    expectError(await member.get('BroadcastMessage/recent'), 403, 2, 3);
    expect((await owner.put('User', { isBlocked: false }, { id })).status).toBe(200);
    expect((await member.get('BroadcastMessage/recent')).status).toBe(200);
  });

  it('is no member on the next request after being removed', async () => {
    const member = await server.signUp('Rae Removed');
    expect((await member.get('BroadcastMessage/recent')).status).toBe(200);
    expect((await owner.del('User', { id: await memberIdOf(member) })).status).toBe(200);
    expectError(await member.get('BroadcastMessage/recent'), 403, 2, 1);
  });

  it('is an administrator from the next request after being made one, and no longer after', async () => {
    const member = await server.signUp('Ada Admin');
    const id = await memberIdOf(member);
    expectError(await member.get('Dashboard'), 403, 2, 1);
    expect((await owner.put('User', { isAdmin: true }, { id })).status).toBe(200);
    expect((await member.get('Dashboard')).status).toBe(200);
    expect((await owner.put('User', { isAdmin: false }, { id })).status).toBe(200);
    expectError(await member.get('Dashboard'), 403, 2, 1);
  });

  it('is refused on the next request with an access token once it is revoked', async () => {
    const member = await server.signUp('Tess Token');
    const created = await member.post('AccessToken', { name: 'script' });
    const script = member.withBearer(created.body.entry.token);
    expect((await script.get('AccessToken')).status).toBe(200);
    expect((await member.del('AccessToken', { id: created.body.entry.id })).status).toBe(200);
    expectError(await script.get('AccessToken'), 401, 1, 4);
  });
});
