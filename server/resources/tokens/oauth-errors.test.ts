// Errors of OAuth: every request that is not exactly what the consumer and token signed, or
// that replays an earlier one, is refused with 401 and the subcode that says why, and does
// nothing. Token requests with bad credentials are refused the same way.
import crypto from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchToken, NETWORK, OAuthClient, startTestServer, toSearchParams, type Client, type TestServer } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';

let server: TestServer;
let member: Client;
let consumer: { key: string; secret: string };
let program: OAuthClient;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Eve Errant');
  program = await server.oauthFor(member.who);
  consumer = program.consumer;
});
afterAll(() => server.stop());

const postCount = async () => listedIds(await member.get('BlogPost/recent', { count: 100 })).length;
const swapSignature = (carried: string) => carried.replace(/oauth_signature=("?)[^",&]+/, 'oauth_signature=$1AAAAAAAAAAAAAAAAAAAAAAAAAA%3D');

describe('signed requests', () => {
  it('refuses a tampered signature with 401 1-2, wherever the OAuth parameters are', async () => {
    const before = await postCount();
    for (const placement of ['header', 'query', 'form'] as const) {
      expectError(await program.request('POST', 'BlogPost', { title: 'Forged' }, { placement, tamper: swapSignature }), 401, 1, 2);
    }
    expect(await postCount()).toBe(before);
  });

  it('refuses a parameter added after signing, a wrong token secret and an unknown method with 1-2', async () => {
    const added = await program.request('GET', 'BlogPost/recent', {}, { placement: 'query', tamper: (q) => `${q}&count=5` });
    expectError(added, 401, 1, 2);
    const wrongSecret = new OAuthClient(server, consumer, { key: program.token!.key, secret: 'not-the-secret' });
    expectError(await wrongSecret.get('BlogPost/recent'), 401, 1, 2);
    const rsa = await program.request('GET', 'BlogPost/recent', {}, { tamper: (h) => h.replace('HMAC-SHA1', 'RSA-SHA1') });
    expectError(rsa, 401, 1, 2);
  });

  it('refuses a reused nonce with 401 1-3, and nothing happens twice', async () => {
    const nonce = crypto.randomBytes(16).toString('hex');
    const before = await postCount();
    expect((await program.request('POST', 'BlogPost', { title: 'Once' }, { nonce })).status).toBe(200);
    expectError(await program.request('POST', 'BlogPost', { title: 'Once' }, { nonce }), 401, 1, 3);
    expectError(await program.request('GET', 'BlogPost/recent', {}, { nonce, placement: 'query' }), 401, 1, 3);
    expect(await postCount()).toBe(before + 1);
  });

  it('does not burn a nonce on a request it refuses', async () => {
    const nonce = crypto.randomBytes(16).toString('hex');
    expectError(await program.request('GET', 'BlogPost/recent', {}, { nonce, tamper: swapSignature }), 401, 1, 2);
    expect((await program.request('GET', 'BlogPost/recent', {}, { nonce })).status).toBe(200);
  });

  it('refuses a timestamp more than five minutes off with 401 1-3', async () => {
    const now = Math.floor(Date.now() / 1000);
    expectError(await program.request('GET', 'BlogPost/recent', {}, { timestamp: now - 301 - 5 }), 401, 1, 3);
    expectError(await program.request('GET', 'BlogPost/recent', {}, { timestamp: now + 301 + 5 }), 401, 1, 3);
    expect((await program.request('GET', 'BlogPost/recent', {}, { timestamp: now - 200 })).status).toBe(200);
  });

  it('refuses an unknown consumer or token with 401 1-4', async () => {
    const stranger = new OAuthClient(server, { key: 'no-such-consumer', secret: 'x' }, program.token);
    expectError(await stranger.get('BlogPost/recent'), 401, 1, 4);
    const unknownToken = new OAuthClient(server, consumer, { key: 'no-such-token', secret: 'x' });
    expectError(await unknownToken.get('BlogPost/recent'), 401, 1, 4);
    const otherConsumer = await server.consumer('other-app');
    const crossed = new OAuthClient(server, otherConsumer, program.token);
    expectError(await crossed.get('BlogPost/recent'), 401, 1, 4);
  });

  it('refuses NUL characters in credentials without failing on them', async () => {
    const nulConsumer = new OAuthClient(server, { key: 'ab\u0000cd', secret: 'x' }, program.token);
    const signed = await nulConsumer.get('BlogPost/recent');
    expect(signed.body.success).toBe(false);
    expect([400, 401]).toContain(signed.status);
    const token = await fetchToken(server, consumer, 'a\u0000b@test.example', 'whatever-1');
    expect(token.body.success).toBe(false);
    expect([400, 401]).toContain(token.status);
  });

  it('refuses missing OAuth parameters with 401 1-1', async () => {
    const partial = await fetch(`${server.url}/xn/rest/${NETWORK}/1.0/BlogPost/recent?oauth_consumer_key=${consumer.key}`);
    expectError({ status: partial.status, headers: partial.headers, body: await partial.json() }, 401, 1, 1);
    const noNonce = await program.request('GET', 'BlogPost/recent', {}, { tamper: (h) => h.replace(/oauth_nonce="[^"]*",\s*/, '') });
    expectError(noNonce, 401, 1, 1);
  });
});

describe('Token', () => {
  it('refuses a wrong password or an unknown email with 401 1-5', async () => {
    expectError(await fetchToken(server, consumer, member.who.email!, 'wrong-password'), 401, 1, 5);
    expectError(await fetchToken(server, consumer, 'nobody@test.example', 'whatever-1'), 401, 1, 5);
  });

  it('needs Basic credentials (1-1) and a request signed by a known consumer (1-1, 1-4)', async () => {
    const url = `${server.url}/xn/rest/${NETWORK}/1.0/Token`;
    const basic = `Basic ${Buffer.from(`${member.who.email}:${member.who.password}`).toString('base64')}`;
    const unsigned = await fetch(url, { method: 'POST', headers: { authorization: basic } });
    expectError({ status: unsigned.status, headers: unsigned.headers, body: await unsigned.json() }, 401, 1, 1);

    const oauth = new OAuth({ consumer, signature_method: 'PLAINTEXT' });
    const signed = toSearchParams(oauth.authorize({ url, method: 'POST', data: {} }) as never).toString();
    const noBasic = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: signed });
    expectError({ status: noBasic.status, headers: noBasic.headers, body: await noBasic.json() }, 401, 1, 1);

    expectError(await fetchToken(server, { key: 'unknown', secret: 'x' }, member.who.email!, member.who.password!), 401, 1, 4);
  });

  it('refuses a blocked member (403 2-3), whose existing token stops working too', async () => {
    const blocked = await server.signUp('Bo Blocked');
    const blockedProgram = await server.oauthFor(blocked.who);
    await server.setMembership(blocked, { state: 'blocked' });
    expectError(await fetchToken(server, consumer, blocked.who.email!, blocked.who.password!), 403, 2, 3);
    expectError(await blockedProgram.post('BlogPost', { title: 'Still here?' }), 403, 2, 3);
  });
});
