// Errors of joining and signing in: taken emails, bad emails and short passwords, wrong
// credentials; none of them signs anybody in or creates anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';

let server: TestServer;
let member: Client;
beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Taken Name');
});
afterAll(() => server.stop());

const accounts = async () => (await server.db.selectFrom('accounts').select('id').execute()).length;

describe('POST User (joining)', () => {
  it('refuses a taken email with 409 6-1, in any case', async () => {
    const before = await accounts();
    const visitor = server.anonymous();
    expectError(await visitor.post('User', { email: member.who.email!, password: 'another-password', fullName: 'Impostor' }), 409, 6, 1);
    expectError(await visitor.post('User', { email: member.who.email!.toUpperCase(), password: 'another-password', fullName: 'Impostor' }), 409, 6, 1);
    expect(await accounts()).toBe(before);
    expect((await visitor.get('Session')).body.entry).toBeNull();
  });

  it.each([
    ['a bad email', 3, { email: 'not-an-email', password: 'long-enough-1', fullName: 'X' }],
    ['a short password', 3, { email: 'short@test.example', password: 'short', fullName: 'X' }],
    ['an empty name', 3, { email: 'noname@test.example', password: 'long-enough-1', fullName: '   ' }],
    ['no email', 2, { password: 'long-enough-1', fullName: 'X' }],
    ['no password', 2, { email: 'nopass@test.example', fullName: 'X' }],
    ['a NUL in the name', 3, { email: 'nul@test.example', password: 'long-enough-1', fullName: 'a\u0000b' }],
  ] as const)('refuses %s with 400 4-%i', async (_what, subcode, form) => {
    const before = await accounts();
    const visitor = server.anonymous();
    expectError(await visitor.post('User', form), 400, 4, subcode);
    expect(await accounts()).toBe(before);
    expect((await visitor.get('Session')).body.entry).toBeNull();
  });
});

describe('POST Session (signing in)', () => {
  it('refuses a wrong password or an unknown email with 401 1-5, the same way', async () => {
    const visitor = server.anonymous();
    const wrong = await visitor.post('Session', { email: member.who.email!, password: 'wrong-password' });
    const unknown = await visitor.post('Session', { email: 'nobody@test.example', password: 'wrong-password' });
    expectError(wrong, 401, 1, 5);
    expectError(unknown, 401, 1, 5);
    expect(wrong.body.reason).toBe(unknown.body.reason);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect((await visitor.get('Session')).body.entry).toBeNull();
  });

  it('refuses a NUL in the email with 4-3 rather than failing on it', async () => {
    expectError(await server.anonymous().post('Session', { email: 'a\u0000b@test.example', password: 'whatever-1' }), 400, 4, 3);
  });

  it('needs email and password (4-2)', async () => {
    expectError(await server.anonymous().post('Session', { email: member.who.email! }), 400, 4, 2);
    expectError(await server.anonymous().post('Session', { password: 'x' }), 400, 4, 2);
  });

  it('ignores a made-up session cookie', async () => {
    const res = await server.anonymous().request('GET', 'Session', undefined, undefined, { cookie: 'xn_session=made-up' });
    expect(res.body).toEqual({ success: true, entry: null });
    const write = await server.anonymous().request('POST', 'BlogPost', undefined, { title: 'x' }, { cookie: 'xn_session=made-up' });
    expectError(write, 401, 1, 1);
  });
});
