// What operators see and rely on: liveness and readiness, Prometheus metrics, one JSON log
// line per request with its id and never a secret, and a stop that finishes the requests in
// flight (SIGTERM to a real server process).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { childData, startChildServer, type ChildData } from '../test/child-server';
import { redactUrl } from './request-log';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const metricsText = async (base: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The value of one sample line, e.g. `http_requests_in_flight`, or undefined. */
const sample = (text: string, line: RegExp) => {
  const m = text.split('\n').find((l) => line.test(l));
  return m === undefined ? undefined : Number(m.slice(m.lastIndexOf(' ') + 1));
};

describe('health checks', () => {
  it('answers liveness, readiness and the historical /healthz', async () => {
    for (const path of ['/livez', '/readyz', '/healthz']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
  });
});

describe('metrics', () => {
  it('counts and times requests by route pattern and status, and reports the database', async () => {
    const anonymous = server.anonymous();
    await anonymous.get('BlogPost/recent');
    await anonymous.get('BlogPost', { id: `${server.networkId}:BlogPost:999999` });
    await anonymous.get('NoSuchThing');
    const { status, type, text } = await metricsText(server.url);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    const route = (path: string, code: number) => new RegExp(`^http_requests_total\\{method="GET",route="${path}",status="${code}"\\} `);
    expect(sample(text, route('/xn/rest/:network/1\\.0/BlogPost/recent', 200))).toBeGreaterThanOrEqual(1);
    expect(sample(text, route('/xn/rest/:network/1\\.0/BlogPost', 404))).toBeGreaterThanOrEqual(1);
    expect(sample(text, route('unmatched', 404))).toBeGreaterThanOrEqual(1);
    // No series is made from a raw URL with its ids.
    expect(text).not.toContain('BlogPost:999999');
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/xn\/rest\/:network\/1\.0\/BlogPost\/recent",status="200"\} \d+/m);
    expect(sample(text, /^http_requests_in_flight /)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^db_query_duration_seconds_count\{outcome="ok"\} /)).toBeGreaterThan(3);
    expect(sample(text, /^db_pool_connections\{state="total"\} /)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^db_pool_max_connections /)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^process_resident_memory_bytes /)).toBeGreaterThan(0);
    expect(sample(text, /^nodejs_eventloop_lag_seconds /)).toBeGreaterThanOrEqual(0);
  });

  it('are refused to requests through a proxy when no token is configured', async () => {
    const res = await metricsText(server.url, { 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('http_requests_total');
  });

  it('want the bearer token when one is configured', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await startTestServer({ METRICS_TOKEN: token });
    try {
      expect((await metricsText(guarded.url)).status).toBe(403);
      expect((await metricsText(guarded.url, { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(403);
      const ok = await metricsText(guarded.url, { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('http_requests_total');
    } finally {
      await guarded.stop();
    }
  });
});

describe('request log', () => {
  it('replaces the values of secret-bearing query parameters', () => {
    expect(redactUrl('/xn/rest/a/1.0/Session?email=a%40b&password=hunter2&oauth_signature=abc%3D&oauth_token=t&count=2')).toBe(
      '/xn/rest/a/1.0/Session?email=a%40b&password=[redacted]&oauth_signature=[redacted]&oauth_token=[redacted]&count=2',
    );
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});

describe('a server process', () => {
  let data: ChildData;
  beforeAll(async () => {
    data = await childData();
  });
  afterAll(() => data.remove());

  it('logs one JSON line per request with its id, and never a password, token or cookie', async () => {
    const child = await startChildServer(data);
    const base = `${child.url}/xn/rest/apiexample/1.0`;
    const password = 'pw-Secret-7f3a9c';
    const join = await fetch(`${base}/User`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'join-request-1' },
      body: new URLSearchParams({ email: 'logged@test.example', password, fullName: 'Logged' }),
    });
    expect(join.status).toBe(200);
    const cookie = join.headers.getSetCookie()[0]!.split(';')[0]!;
    const session = (await (await fetch(`${base}/Session`, { headers: { cookie } })).json()).entry;
    const created = await fetch(`${base}/AccessToken`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': session.csrfToken, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=script',
    });
    const token = (await created.json()).entry.token as string;
    await fetch(`${base}/User`, { headers: { authorization: `Bearer ${token}` } });
    await fetch(`${base}/Session?password=${password}`, { method: 'POST' });
    await fetch(`${base}/Token`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`logged@test.example:${password}`).toString('base64')}` } });
    child.process.kill('SIGTERM');
    expect(await child.exited).toEqual({ code: 0, signal: null });

    const lines = child.output.filter((l) => l.trim());
    const entries = lines.map((l) => JSON.parse(l) as Record<string, any>);
    const joined = entries.find((e) => e.reqId === 'join-request-1');
    expect(joined).toMatchObject({
      level: 30,
      msg: 'POST /xn/rest/apiexample/1.0/User 200',
      req: { method: 'POST', url: '/xn/rest/apiexample/1.0/User' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(entries.filter((e) => e.req).every((e) => typeof e.reqId === 'string' && e.reqId.length > 0)).toBe(true);
    const all = lines.join('\n');
    for (const secret of [password, token, cookie.split('=')[1]!, session.csrfToken, Buffer.from(`logged@test.example:${password}`).toString('base64')]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('Session?password=[redacted]');
  });

  it('finishes the requests in flight on SIGTERM, refuses new connections, and exits', async () => {
    const child = await startChildServer(data);
    const base = `${child.url}/xn/rest/apiexample/1.0`;
    const signIn = await fetch(`${base}/Session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'logged@test.example', password: 'pw-Secret-7f3a9c' }),
    });
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const csrf = (await signIn.json()).entry.csrfToken as string;

    // A write whose body is still arriving when the signal comes.
    const body = 'title=Written+while+stopping&tag=drain';
    const inFlight: http.ClientRequest[] = [];
    const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${base}/BlogPost`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      inFlight.push(req);
    });
    // The metrics request itself is one in flight; the write is the second.
    await expect.poll(async () => sample((await metricsText(child.url)).text, /^http_requests_in_flight /), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

    child.process.kill('SIGTERM');
    await expect.poll(() => child.output.some((l) => l.includes('stopping')), { timeout: 10_000 }).toBe(true);
    await expect(fetch(`${child.url}/livez`)).rejects.toThrow();

    inFlight[0]!.end(body.slice(10));
    const done = await reply;
    expect(done.status).toBe(200);
    const id = JSON.parse(done.text).id as string;
    expect(await child.exited).toEqual({ code: 0, signal: null });

    const again = await startChildServer(data);
    try {
      const post = await (await fetch(`${again.url}/xn/rest/apiexample/1.0/BlogPost?id=${encodeURIComponent(id)}&fields=title,topTags`)).json();
      expect(post.entry).toEqual({ id, title: 'Written while stopping', topTags: ['drain'] });
    } finally {
      again.process.kill('SIGTERM');
      await again.exited;
    }
  });
});
