// WORKERS: several server processes on one port (SQLite, or PostgreSQL when
// TEST_DATABASE_URL is set). Whichever worker a connection lands on, a visitor's next read
// after a write is answered sees it though every worker keeps replies, a session made on one
// works on the others and, once signed out of on one, is nobody on every worker from then on,
// and the rate limit counts each caller once for the whole machine. (change-relay.test.ts
// shows the waiting for every worker that makes it so, with workers that hang or exit.)
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childData, startChildServer, type ChildData, type ChildServer } from './test/child-server';
import { OWNER } from './test/harness';

let data: ChildData;
let server: ChildServer;
const LIMIT = 40;

beforeAll(async () => {
  data = await childData();
  server = await startChildServer(data, { WORKERS: '2', RATE_LIMIT_PER_MINUTE: String(LIMIT) });
}, 120_000);
afterAll(async () => {
  server?.process.kill('SIGTERM');
  await server?.exited;
  await data?.remove();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** One request on a connection of its own, so successive requests reach different workers. */
function request(method: string, path: string, headers: Record<string, string> = {}, form?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}/xn/rest/apiexample/1.0/${path}`, { method, agent: false, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    if (form) {
      req.setHeader('content-type', 'application/x-www-form-urlencoded');
      req.end(form);
    } else req.end();
  });
}

const TITLES = 'BlogPost/recent?count=50&fields=title';
const titles = (a: Answer): string[] => a.body.entry.map((e: { title: string }) => e.title);

describe('several workers', () => {
  it('run as separate processes on one port', async () => {
    const pids = server.output.join('\n');
    expect(pids).not.toMatch(/Failed to start/);
    // The workers are the primary's children.
    const { execSync } = await import('node:child_process');
    const children = execSync(`ps -o pid= --ppid ${server.process.pid}`).toString().trim().split(/\s+/);
    expect(children.length).toBeGreaterThanOrEqual(2);
    expect(pids).toMatch(/Serving on http:\S+ with 2 workers/);
  });

  it('share sessions, and show a write to visitors of every worker as soon as it is answered', async () => {
    const signIn = await request('POST', 'Session', {}, new URLSearchParams({ email: OWNER.email, password: OWNER.password }).toString());
    expect(signIn.status).toBe(200);
    const cookie = String(signIn.headers['set-cookie']![0]).split(';')[0]!;
    const csrf = signIn.body.entry.csrfToken as string;
    // Every worker keeps the visitor's listing.
    for (let i = 0; i < 6; i++) expect((await request('GET', TITLES)).status).toBe(200);
    const kept = await Promise.all(Array.from({ length: 6 }, () => request('GET', TITLES)));
    expect(kept.filter((a) => a.headers['x-cache'] === 'hit').length).toBeGreaterThan(3);

    for (const title of ['Written on one worker', 'And another']) {
      const made = await request('POST', 'BlogPost', { cookie, 'x-csrf-token': csrf }, new URLSearchParams({ title, description: 'x' }).toString());
      expect(made.status).toBe(200);
      // At once, every read on every worker lists it.
      const reads = await Promise.all(Array.from({ length: 8 }, () => request('GET', TITLES)));
      for (const read of reads) expect(titles(read)).toContain(title);
    }
  });

  it('forget a session signed out of on one worker on all, as soon as the sign-out is answered', async () => {
    const signIn = await request('POST', 'Session', {}, new URLSearchParams({ email: OWNER.email, password: OWNER.password }).toString());
    const cookie = String(signIn.headers['set-cookie']![0]).split(';')[0]!;
    const csrf = signIn.body.entry.csrfToken as string;
    // Every worker has answered the session.
    for (let i = 0; i < 4; i++) expect((await request('GET', 'AccessToken', { cookie })).status).toBe(200);
    expect((await request('DELETE', 'Session', { cookie, 'x-csrf-token': csrf })).status).toBe(200);
    const after = await Promise.all(Array.from({ length: 4 }, () => request('GET', 'AccessToken', { cookie })));
    expect(after.map((a) => a.status)).toEqual([401, 401, 401, 401]);
  });

  it('count the rate limit once per caller for the whole machine', async () => {
    // A fresh key: the visitor's address; what the tests above sent counts too.
    const answers: Answer[] = [];
    for (let i = 0; i < LIMIT + 5; i++) answers.push(await request('GET', `BlogPost/count?createdAfter=${encodeURIComponent(new Date(Date.now() - 1000).toISOString())}`));
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused[0]!.body).toMatchObject({ success: false, code: 5, subcode: 1 });
  });
});
