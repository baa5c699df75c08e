// Attacks on signing in: telling known emails from unknown ones by the answer's time,
// guessing one member's password, signing a victim's browser in from another site (login
// CSRF), a forged sign-out, and a session fixed before sign-in. Passwords hashed at an
// old cost are stored again at the current one.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, fetchToken, startTestServer, type Reply, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';
import { PASSWORD_COST } from '../../lib/passwords';
import { signInThrottle, SIGN_IN_LIMITS } from '../../http/rate-limit';

let server: TestServer;
let member: Client;
beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Sign-in Target');
});
afterAll(() => server.stop());

const cookieOf = (res: Reply) => res.headers.getSetCookie().find((c) => c.startsWith('xn_session='))?.split(';')[0];

// Each sign-in checks a password at full scrypt cost, which takes a while on a busy machine.
describe('an unknown email', { timeout: 120_000 }, () => {
  it('takes as long to refuse as a wrong password, with the same answer', async () => {
    const visitor = server.anonymous();
    const time = async (email: string) => {
      const start = performance.now();
      const res = await visitor.post('Session', { email, password: 'not-the-password' });
      expectError(res, 401, 1, 5);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(member.who.email!));
      unknown.push(await time(`nobody-${i}@test.example`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Without a dummy verification an unknown email was answered ~10× faster; with it, alike.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    await server.signIn(member.who.email!, member.who.password!); // clears the account's failures
  });
});

describe('failed sign-ins', { timeout: 120_000 }, () => {
  it('are throttled per account: after 10, even the right password waits, on the web and for programs', async () => {
    const target = await server.signUp('Guessed At');
    const visitor = server.anonymous();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
      expectError(await visitor.post('Session', { email: target.who.email!, password: `guess-${i}` }), 401, 1, 5);
    }
    const refused = await visitor.post('Session', { email: target.who.email!, password: target.who.password! });
    expectError(refused, 503, 5, 1);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(cookieOf(refused)).toBeUndefined();
    expectError(await fetchToken(server, await server.consumer(), target.who.email!, target.who.password!), 503, 5, 1);
    expectError(await visitor.post('User', { email: target.who.email!, password: target.who.password!, fullName: 'x' }), 503, 5, 1);
    // Other members signing in from the same address are not held up.
    expect((await visitor.post('Session', { email: member.who.email!, password: member.who.password! })).status).toBe(200);
  });

  it('are throttled per address too, and a success clears the account’s count', async () => {
    const throttle = signInThrottle({ enabled: true, keyPrefix: 'test:' });
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) await throttle.failed(`victim-${i}@test.example`, '203.0.113.5');
    await expect(throttle.check('fresh@test.example', '203.0.113.5')).rejects.toMatchObject({ status: 503, code: 5, subcode: 1 });
    await throttle.check('fresh@test.example', '203.0.113.6');

    for (let i = 0; i < SIGN_IN_LIMITS.perAccount - 1; i++) await throttle.failed('Someone@test.example', `198.51.100.${i}`);
    await throttle.succeeded('someone@test.example');
    await throttle.failed('someone@test.example', '198.51.100.99');
    await throttle.check('someone@test.example', '198.51.100.100');
  });
});

describe('a password hashed at an older cost', { timeout: 120_000 }, () => {
  it('is stored again at the current cost when its member signs in', async () => {
    const m = await server.signUp('Old Hash');
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync(m.who.password!, salt, 32, { N: 16384, r: 8, p: 1 });
    const oldHash = `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    const accountId = await server.accountIdOf(m);
    await server.db.updateTable('accounts').set({ password_hash: oldHash }).where('id', '=', accountId).execute();

    await server.signIn(m.who.email!, m.who.password!);
    const stored = (await server.db.selectFrom('accounts').select('password_hash').where('id', '=', accountId).executeTakeFirstOrThrow()).password_hash;
    expect(stored.startsWith(`scrypt$${PASSWORD_COST.N}$${PASSWORD_COST.r}$${PASSWORD_COST.p}$`)).toBe(true);
    expect(PASSWORD_COST.N * PASSWORD_COST.r * PASSWORD_COST.p).toBeGreaterThanOrEqual(2 ** 17 * 8 * 0.75);
    await server.signIn(m.who.email!, m.who.password!);
    expectError(await server.anonymous().post('Session', { email: m.who.email!, password: 'wrong-password' }), 401, 1, 5);
  });
});

describe('signing in from another site (login CSRF)', () => {
  const crossSite = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: 'http://other.127.0.0.1.nip.io' }],
    ['an Origin of another site (an older browser)', { origin: 'https://evil.example' }],
  ] as const;

  it.each(crossSite)('is refused for POST Session with %s, setting no cookie', async (_name, headers) => {
    const res = await server.anonymous().request('POST', 'Session', undefined, { email: member.who.email!, password: member.who.password! }, { ...headers });
    expectError(res, 403, 2, 1);
    expect(cookieOf(res)).toBeUndefined();
  });

  it.each(crossSite)('is refused for POST User with %s, creating nothing', async (_name, headers) => {
    const email = `csrf-${crypto.randomBytes(4).toString('hex')}@test.example`;
    const res = await server.anonymous().request('POST', 'User', undefined, { email, password: 'attacker-password', fullName: 'Attacker' }, { ...headers });
    expectError(res, 403, 2, 1);
    expect(cookieOf(res)).toBeUndefined();
    expect(await server.db.selectFrom('accounts').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('works from the site’s own pages, and for programs that send neither header', async () => {
    const form = { email: member.who.email!, password: member.who.password! };
    for (const headers of <Record<string, string>[]>[{ 'sec-fetch-site': 'same-origin', origin: server.url }, { 'sec-fetch-site': 'none' }, { origin: server.url }, {}]) {
      const res = await server.anonymous().request('POST', 'Session', undefined, form, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe('signing out', () => {
  it('without the anti-forgery header is refused whole: the session and its cookie both stay', async () => {
    const web = await server.signIn(member.who.email!, member.who.password!);
    const forged = await web.withoutCsrf().del('Session');
    expectError(forged, 403, 2, 1);
    expect(forged.headers.getSetCookie()).toEqual([]);
    expect((await web.get('Session')).body.entry.email).toBe(member.who.email);
    const signedOut = await web.del('Session');
    expect(signedOut.status).toBe(200);
    expect((await web.get('Session')).body.entry).toBeNull();
  });

  it('with a cookie of a session that has ended just forgets the cookie', async () => {
    const res = await server.anonymous().request('DELETE', 'Session', undefined, undefined, { cookie: 'xn_session=long-gone' });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/xn_session=;/);
  });
});

describe('a session a browser had before signing in', () => {
  it('ends at sign-in: the new session has a new id, and the old cookie is worth nothing', async () => {
    const web = await server.signIn(member.who.email!, member.who.password!);
    const before = web.credentialHeaders('GET').cookie!;
    const again = await web.post('Session', { email: member.who.email!, password: member.who.password! });
    expect(again.status).toBe(200);
    const after = cookieOf(again)!;
    expect(after).not.toBe(before);
    const stale = await server.anonymous().request('GET', 'Session', undefined, undefined, { cookie: before });
    expect(stale.body.entry).toBeNull();
    const fresh = await server.anonymous().request('GET', 'Session', undefined, undefined, { cookie: after });
    expect(fresh.body.entry.email).toBe(member.who.email);
  });
});
