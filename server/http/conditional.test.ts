// Conditional GETs: a client holding the current reply gets 304 and no body — signed in or
// not, compressed or not, answered by the cache or built anew, from fetch (which adds
// Cache-Control: no-cache to any request with an If-None-Match) or from a plain HTTP client.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test/harness';

let server: TestServer;
let member: Client;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Connie Conditional');
  // Enough text that the listing is compressed.
  for (let i = 0; i < 5; i++) await member.post('BlogPost', { title: `Long ${i}`, description: `<p>${'A sentence of some length. '.repeat(40)}</p>` });
  // A draft of their own: the member's reads are built anew and compressed on the way, never
  // answered from the reply members share.
  await member.post('BlogPost', { title: 'Unfinished', publishStatus: 'draft' });
});
afterAll(() => server.stop());

/** A GET by node:http, which adds no header of its own. */
function plainGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('conditional requests', () => {
  it.each([
    ['a member’s compressed listing', () => member, 'BlogPost/recent'],
    ['a visitor’s listing (the response cache)', () => server.anonymous(), 'BlogPost/recent'],
    ['an Atom feed', () => server.anonymous(), 'BlogPost/feed'],
  ])('%s answers 304 to a matching If-None-Match, and 200 to another', async (_name, client, path) => {
    const url = client().url(path, path === 'BlogPost/feed' ? {} : { count: 5 });
    const credentials = client().credentialHeaders('GET');
    const first = await plainGet(url, { ...credentials, 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    if (client() === member) expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();

    for (const encoding of ['gzip', 'identity']) {
      const again = await plainGet(url, { ...credentials, 'accept-encoding': encoding, 'if-none-match': etag });
      expect([again.status, again.body]).toEqual([304, '']);
      expect(again.headers.etag).toBe(etag);
    }
    // fetch sends Cache-Control: no-cache along with the If-None-Match it is given.
    const fetched = await fetch(url, { headers: { ...credentials, 'if-none-match': `"other", ${etag}` } });
    expect(fetched.status).toBe(304);
    expect(await fetched.text()).toBe('');
    const other = await fetch(url, { headers: { ...credentials, 'if-none-match': 'W/"other"' } });
    expect(other.status).toBe(200);
  });

  it('answers 304 to an If-Modified-Since not older than the feed, and 200 to an older one', async () => {
    const url = server.anonymous().url('BlogPost/feed', { tag: 'none-such' });
    const first = await plainGet(url, {});
    const lastModified = first.headers['last-modified']!;
    expect((await plainGet(url, { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await plainGet(url, { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).status).toBe(200);
  });

  it('answers a write as usual whatever its preconditions say', async () => {
    const res = await fetch(member.url('BlogPost'), {
      method: 'POST',
      headers: { ...member.credentialHeaders('POST'), 'content-type': 'application/x-www-form-urlencoded', 'if-none-match': '*' },
      body: new URLSearchParams({ title: 'Written anyway' }),
    });
    expect(res.status).toBe(200);
  });
});
