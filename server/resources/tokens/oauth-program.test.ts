// Story: a program registered with the network gets a member's token with HTTP Basic
// credentials, then reads and writes as that member with requests signed by an independent
// OAuth 1.0a library (oauth-1.0a from npm), whichever way it carries the OAuth parameters
// (Authorization header, query string, form body) and signature method (HMAC-SHA1, PLAINTEXT).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchToken, OAuthClient, startTestServer, type Client, type OAuthPlacement, type TestServer } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';

let server: TestServer;
let member: Client;
let consumer: { key: string; secret: string };
let program: OAuthClient;
let privatePost: string;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Otto Oauth');
  consumer = await server.consumer('story-app');
  privatePost = (await member.post('BlogPost', { title: 'Only me', visibility: 'me' })).body.id;
});
afterAll(() => server.stop());

describe('getting a token', () => {
  it('returns the token and its secret, the same ones when asked again', async () => {
    const first = await fetchToken(server, consumer, member.who.email!, member.who.password!);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      entry: {
        author: member.who.screenName,
        oauthConsumerKey: consumer.key,
        oauthToken: expect.stringMatching(/^\S{16,}$/),
        oauthTokenSecret: expect.stringMatching(/^\S{16,}$/),
      },
    });
    const again = await fetchToken(server, consumer, member.who.email!.toUpperCase(), member.who.password!);
    expect(again.body).toEqual(first.body);
    program = new OAuthClient(server, consumer, { key: first.body.entry.oauthToken, secret: first.body.entry.oauthTokenSecret });
  });

  it('gives another program another token for the same member', async () => {
    const other = await server.consumer('other-app');
    const token = await fetchToken(server, other, member.who.email!, member.who.password!);
    expect(token.status).toBe(200);
    expect(token.body.entry.oauthConsumerKey).toBe(other.key);
    expect(token.body.entry.oauthToken).not.toBe(program.token!.key);
  });
});

const placements: OAuthPlacement[] = ['header', 'query', 'form'];

describe.each(['HMAC-SHA1', 'PLAINTEXT'] as const)('signed with %s', (method) => {
  it.each(placements)('reads as the member with the OAuth parameters in the %s', async (placement) => {
    const signer = program.using(method);
    if (placement !== 'form') {
      // Only the member may see this post: finding it proves the request acts as the member.
      const got = await signer.request('GET', 'BlogPost', { id: privatePost, fields: 'title' }, { placement });
      expect(got.body).toEqual({ success: true, entry: { id: privatePost, title: 'Only me' }, resources: {} });
    }
    const written = await signer.request('POST', 'BlogPost', { title: `Via ${placement} ${method}`, tag: ['api', 'two words'] }, { placement });
    expect(written.status).toBe(200);
    const id = written.body.id as string;
    const read = await member.get('BlogPost', { id, fields: 'author,title,topTags' });
    expect(read.body.entry).toEqual({ id, author: member.who.screenName, title: `Via ${placement} ${method}`, topTags: ['api', 'two words'] });

    const updated = await signer.request('PUT', `BlogPost?id=${encodeURIComponent(id)}`, { title: 'Changed (by program)!', tag: ['x*y', 'a+b'] }, { placement });
    expect(updated.body).toEqual({ success: true });
    expect((await member.get('BlogPost', { id, fields: 'title,topTags' })).body.entry).toEqual({
      id,
      title: 'Changed (by program)!',
      topTags: ['x*y', 'a+b'],
    });

    if (placement !== 'form') {
      const deleted = await signer.request('DELETE', 'BlogPost', { id, success: '1' }, { placement });
      expect(deleted.body).toEqual({ success: true });
      expect((await member.get('BlogPost', { id })).status).toBe(404);
    }
  });
});

describe('what signed programs may send', () => {
  it('accepts repeated parameters, unknown ones, and a whole entry on DELETE', async () => {
    const created = await program.post('BlogPost', { title: 'Tagged twice', tag: ['first', 'second'], success: '1', xn_extra: 'ignored' });
    expect(created.status).toBe(200);
    const listed = await program.get('BlogPost/recent', { tag: 'second', count: 5, fields: 'topTags', success: '1' });
    expect(listed.body.entry).toEqual([{ id: created.body.id, topTags: ['first', 'second'] }]);
    const entry = (await program.get('BlogPost', { id: created.body.id })).body.entry;
    const deleted = await program.del('BlogPost', { ...entry, success: 'true' });
    expect(deleted.body).toEqual({ success: true });
  });

  it('pretty-prints with xn_pretty=true, signed like any parameter', async () => {
    const res = await program.get('BlogPost', { id: privatePost, fields: 'title', xn_pretty: 'true' });
    expect(res.status).toBe(200);
    const text = await (
      await fetch(`${server.url}/xn/rest/apiexample/1.0/BlogPost/recent?xn_pretty=true&fields=title`, { method: 'GET' })
    ).text();
    expect(text).toMatch(/^\{\n  "success": true,\n/);
  });

  it('reads like an anonymous visitor when signed with the consumer alone', async () => {
    const consumerOnly = new OAuthClient(server, consumer);
    expect((await consumerOnly.get('BlogPost/recent', { count: 5 })).status).toBe(200);
    expectError(await consumerOnly.get('BlogPost', { id: privatePost }), 404, 3, 1);
    expectError(await consumerOnly.post('BlogPost', { title: 'Nobody' }), 401, 1, 1);
  });

  it('counts and lists with signed requests as the web app does with its session', async () => {
    const createdAfter = new Date(Date.now() - 60_000).toISOString();
    const [signed, session] = await Promise.all([
      program.get('BlogPost/count', { createdAfter }),
      member.get('BlogPost/count', { createdAfter }),
    ]);
    expect(signed.body).toEqual(session.body);
    expect(listedIds(await program.get('BlogPost/recent', { count: 100 }))).toEqual(
      listedIds(await member.get('BlogPost/recent', { count: 100 })),
    );
  });
});
