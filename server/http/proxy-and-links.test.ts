// Behind a proxy and in links: absolute `url` fields come from PUBLIC_URL, a trusted proxy's
// X-Forwarded-Proto/-Host, or the listening address, never from a Host header a client made
// up; TRUST_PROXY trusts a number of hops or the proxies' addresses, so a client that writes
// its own X-Forwarded-For cannot dodge its rate limit; the CSP lets images come from this
// site and https: hosts only.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestServer, type Client, type TestServer } from '../test/harness';
import { expectError } from '../test/expect-api';

/** A request with headers fetch will not let us set (Host). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
}

const memberUrl = async (member: Client, headers: Record<string, string> = {}) => {
  const res = await rawGet(member.url('User', { fields: 'url,iconUrl' }), { ...member.credentialHeaders('GET'), ...headers });
  expect(res.status).toBe(200);
  return res.body.entry as { url: string; iconUrl: string };
};

describe('links in replies', () => {
  let server: TestServer;
  let member: Client;
  beforeAll(async () => {
    server = await startTestServer();
    member = await server.signUp('Link Checker');
  });
  afterAll(() => server.stop());

  it('point at the listening address whatever Host or X-Forwarded-Host a client sends', async () => {
    for (const headers of <Record<string, string>[]>[{}, { host: 'evil.example' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }]) {
      const entry = await memberUrl(member, headers);
      expect(entry.url.startsWith(`${server.url}/n/`), JSON.stringify(headers)).toBe(true);
      expect(entry.iconUrl.startsWith(`${server.url}/`)).toBe(true);
    }
  });

  it('let images come from this site and https: hosts, not any http: host', async () => {
    const csp = (await rawGet(member.url('Session'), { host: 'evil.example' })).headers['content-security-policy'] as string;
    const imgSrc = /img-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(imgSrc).toEqual(["'self'", 'data:', 'https:', server.url]);
  });
});

describe('with PUBLIC_URL', () => {
  let server: TestServer;
  let member: Client;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: 'https://community.example.org', TRUST_PROXY: '1' });
    member = await server.signUp('Public Linker');
  });
  afterAll(() => server.stop());

  it('every absolute link starts with it, whatever the request says', async () => {
    for (const headers of <Record<string, string>[]>[{}, { host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }]) {
      const entry = await memberUrl(member, headers);
      expect(entry.url).toMatch(/^https:\/\/community\.example\.org\/n\/apiexample\/members\//);
      expect(entry.iconUrl).toMatch(/^https:\/\/community\.example\.org\/xn\/static\//);
    }
  });
});

describe('behind a trusted proxy, without PUBLIC_URL', () => {
  let server: TestServer;
  let member: Client;
  beforeAll(async () => {
    // The test talks to the server from 127.0.0.1, as a proxy on the same machine would.
    server = await startTestServer({ TRUST_PROXY: 'loopback', RATE_LIMIT_PER_MINUTE: '5' });
    member = await server.signUp('Proxied');
  });
  afterAll(() => server.stop());

  it('links use the scheme and host the proxy reports', async () => {
    const entry = await memberUrl(member, { 'x-forwarded-host': 'community.example.org', 'x-forwarded-proto': 'https' });
    expect(entry.url).toMatch(/^https:\/\/community\.example\.org\/n\//);
  });

  it('the CSP lets images come from the host the proxy reports on each request, not one reported before', async () => {
    const imgSrc = async (host: string) => {
      const res = await rawGet(member.url('Session'), { ...member.credentialHeaders('GET'), 'x-forwarded-host': host, 'x-forwarded-proto': 'https' });
      return /img-src ([^;]*)/.exec(res.headers['content-security-policy'] as string)![1]!.split(' ');
    };
    for (const host of ['one.example.org', 'two.example.org', 'one.example.org']) {
      expect(await imgSrc(host)).toEqual(["'self'", 'data:', 'https:', `https://${host}`]);
    }
  });

  it('a client cannot escape its rate limit by writing its own left-most X-Forwarded-For', async () => {
    // The proxy (loopback) appends the address it saw; everything left of it is the client's word.
    const send = (spoofed: string) => rawGet(server.anonymous().url('BlogPost/recent'), { 'x-forwarded-for': `${spoofed}, 198.51.100.7` });
    for (let i = 1; i <= 5; i++) expect((await send(`203.0.113.${i}`)).status).toBe(200);
    const over = await send('203.0.113.99');
    expect(over.status).toBe(503);
    expect(over.body).toMatchObject({ success: false, code: 5, subcode: 1 });
    // Another client behind the same proxy has its own budget.
    expect((await rawGet(server.anonymous().url('BlogPost/recent'), { 'x-forwarded-for': '198.51.100.8' })).status).toBe(200);
  });
});

describe('with a hop count', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '2', RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => server.stop());

  it('counts the address two hops in, whatever the client wrote before it', async () => {
    const send = (spoofed: string) =>
      rawGet(server.anonymous().url('BlogPost/recent'), { 'x-forwarded-for': `${spoofed}, 198.51.100.20, 10.0.0.2` });
    for (let i = 1; i <= 3; i++) expect((await send(`203.0.113.${i}`)).status).toBe(200);
    expectError(await send('203.0.113.4').then((r) => ({ ...r, headers: new Headers(r.headers as Record<string, string>) })), 503, 5, 1);
  });
});

describe('TRUST_PROXY and PUBLIC_URL settings', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('take off, a hop count (on is one) or addresses and subnets', () => {
    expect(trust('off')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('on')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('loopback, 10.0.0.0/8, 2001:db8::1')).toEqual(['loopback', '10.0.0.0/8', '2001:db8::1']);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it('refuse anything else with a message naming the setting', () => {
    for (const bad of ['everything', '10.0.0.0/33', '10.0.0.300', 'loopback,*']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
    for (const bad of ['community.example.org', 'ftp://x.example', 'https://x.example/path']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(loadConfig({ PUBLIC_URL: 'https://x.example:8443/' }).PUBLIC_URL).toBe('https://x.example:8443');
  });
});
