// Story: a visitor of the web app joins the network, is signed in by a session cookie that
// scripts cannot read and other sites cannot ride, writes with the session's anti-forgery
// token, signs out, and signs in again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../../test/harness';
import { listedIds } from '../../test/expect-api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const email = 'web.visitor@test.example';
const password = 'a-long-password';

describe('a web session', () => {
  it('starts with joining, and shows who is signed in', async () => {
    const visitor = server.anonymous();
    expect((await visitor.get('Session')).body).toEqual({ success: true, entry: null });

    const joined = await visitor.post('User', { email, password, fullName: '  Wendy Web  ' });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ success: true, id: expect.stringMatching(new RegExp(`^${server.networkId}:User:\\d+$`)) });
    const cookie = joined.headers.getSetCookie().find((c) => c.startsWith('xn_session='))!;
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    expect(cookie).toMatch(/;\s*Path=\//i);

    const session = await visitor.get('Session');
    expect(session.body).toEqual({
      success: true,
      entry: {
        author: expect.stringMatching(/^[a-z0-9]+$/),
        fullName: 'Wendy Web',
        iconUrl: expect.stringMatching(/^http/),
        email,
        isOwner: false,
        isAdmin: false,
        isMember: true,
        state: 'active',
        csrfToken: expect.stringMatching(/^\S{16,}$/),
      },
    });
  });

  it('writes with the anti-forgery token, signs out, and signs in again', async () => {
    const web = await server.signIn(email.toUpperCase(), password);
    const written = await web.post('BlogPost', { title: 'From the browser' });
    expect(written.status).toBe(200);
    expect((await web.get('BlogPost', { id: written.body.id, fields: 'author' })).body.entry.author).toBe(web.who.screenName);

    const signedOut = await web.del('Session');
    expect(signedOut.body).toEqual({ success: true });
    expect(signedOut.headers.getSetCookie().join()).toMatch(/xn_session=;.*Expires=Thu, 01 Jan 1970/i);
    // The old cookie is dead on the server too, not only forgotten by the browser.
    expect((await web.get('Session')).body.entry).toBeNull();
    const stale = await web.post('BlogPost', { title: 'After sign-out' });
    expect(stale.status).toBe(401);

    const again = await server.signIn(email, password);
    expect((await again.get('Session')).body.entry.author).toBe(web.who.screenName);
  });

  it('keeps two sessions of one member apart', async () => {
    const laptop = await server.signIn(email, password);
    const phone = await server.signIn(email, password);
    expect((await laptop.del('Session')).status).toBe(200);
    expect((await phone.get('Session')).body.entry.email).toBe(email);
    expect((await laptop.get('Session')).body.entry).toBeNull();
  });

  it('lets the Network Creator see its role in the session', async () => {
    const owner = await server.owner();
    const entry = (await owner.get('Session')).body.entry;
    expect(entry).toMatchObject({ isOwner: true, isAdmin: true, isMember: true, state: 'owner' });
  });

  it('refuses a write whose cookie comes without the anti-forgery header, and creates nothing', async () => {
    const web = await server.signIn(email, password);
    const before = listedIds(await web.get('BlogPost/recent', { count: 100 }));
    const forged = await web.withoutCsrf().post('BlogPost', { title: 'Cross-site' });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ success: false, code: 2, subcode: 1 });
    const wrongToken = await web.withoutCsrf().request('POST', 'BlogPost', undefined, { title: 'Cross-site' }, { 'x-csrf-token': 'guess' });
    expect(wrongToken.status).toBe(403);
    expect(listedIds(await web.get('BlogPost/recent', { count: 100 }))).toEqual(before);
    // Reading needs no token.
    expect((await web.withoutCsrf().get('Session')).body.entry.email).toBe(email);
  });

  it('joins with an existing account on the same network only once', async () => {
    const twice = await new Client(server).post('User', { email, password, fullName: 'Wendy Again' });
    expect(twice.status).toBe(409);
  });
});
