// Rate limits: each caller (session, access token, OAuth token, else address) has its own
// budget of requests per minute; beyond it every request is 503 with Retry-After and code
// 5-1, and does nothing. With Redis the budget is shared by every instance.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, startTestServer, type Client, type Reply, type TestServer } from '../test/harness';
import { loadConfig } from '../config';
import { startServer } from '../server';
import { expectError } from '../test/expect-api';
import { uploadPhoto } from '../resources/photos/test-images';

const LIMIT = 5;
// Like PostgreSQL, a Redis server is used when the test command is given one (CI gives the local one).
const REDIS_URL = process.env.TEST_REDIS_URL;

function expectRateLimited(res: Reply) {
  expectError(res, 503, 5, 1);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
}

/** Uses up what is left of a caller's budget with reads that succeed. */
async function spend(client: { get(p: string): Promise<Reply> }, requests: number) {
  for (let i = 0; i < requests; i++) expect((await client.get('BlogPost/recent')).status).toBe(200);
}

describe('in one process', () => {
  let server: TestServer;
  let owner: Client;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    owner = await server.owner();
  });
  afterAll(() => server.stop());

  it('answers 503 with Retry-After and 5-1 beyond the limit, and does nothing then', async () => {
    // Signing in counted once against the address and once (GET Session) against the session.
    await spend(owner, LIMIT - 1);
    expectRateLimited(await owner.get('BlogPost/recent'));
    expectRateLimited(await owner.post('BlogPost', { title: 'Over the limit' }));
    const posts = await server.db.selectFrom('blog_posts').select('id').where('title', '=', 'Over the limit').execute();
    expect(posts).toEqual([]);
  });

  it('counts every caller on its own: sessions, access tokens, OAuth tokens and addresses', async () => {
    const limits = await startTestServer({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    try {
      const creator = await limits.owner();
      const token = (await creator.post('AccessToken', { name: 'script' })).body.entry.token;
      const script = creator.withBearer(token);
      const program = await limits.oauthFor(OWNER);
      const secondSession = await limits.owner();

      await spend(creator, LIMIT - 2);
      expectRateLimited(await creator.get('BlogPost/recent'));
      // The same member through another credential still has its own budget.
      await spend(script, LIMIT);
      expectRateLimited(await script.get('BlogPost/recent'));
      await spend(program, LIMIT);
      expectRateLimited(await program.get('BlogPost/recent'));
      await spend(secondSession, LIMIT - 1);
      expectRateLimited(await secondSession.get('BlogPost/recent'));
    } finally {
      await limits.stop();
    }
  });

  it('counts requests whose credentials fail against the address, so made-up tokens do not dodge it', async () => {
    const limits = await startTestServer({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    try {
      const visitor = limits.anonymous();
      await spend(visitor, 2);
      for (let i = 0; i < LIMIT - 2; i++) expectError(await visitor.withBearer(`xnat_guess-${i}`).get('BlogPost/recent'), 401, 1, 4);
      expectRateLimited(await visitor.withBearer('xnat_one-more-guess').get('BlogPost/recent'));
      expectRateLimited(await visitor.get('BlogPost/recent'));
    } finally {
      await limits.stop();
    }
  });

  it('limits photo images as it limits the REST service, one budget for both', async () => {
    const limits = await startTestServer({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    try {
      const author = await limits.owner();
      const id = await uploadPhoto(author);
      const imagePath = (await author.get('Photo', { id, fields: 'image' })).body.entry.image as string;
      // The owner's sign-in counted once against the address the visitor calls from.
      const visitor = limits.anonymous();
      await spend(visitor, 1);
      for (let i = 0; i < LIMIT - 2; i++) expect((await visitor.bytes(imagePath)).status).toBe(200);
      const refused = await visitor.bytes(imagePath);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(JSON.parse(refused.bytes.toString())).toMatchObject({ success: false, code: 5, subcode: 1 });
      expectRateLimited(await visitor.get('BlogPost/recent'));
    } finally {
      await limits.stop();
    }
  });

  it('is off with RATE_LIMIT_PER_MINUTE=0', async () => {
    const unlimited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '0' });
    try {
      await spend(unlimited.anonymous(), LIMIT * 4);
    } finally {
      await unlimited.stop();
    }
  });
});

describe.skipIf(!REDIS_URL)('with Redis (TEST_REDIS_URL)', () => {
  const started: TestServer[] = [];
  const start = async (prefix: string) => {
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL: REDIS_URL!, REDIS_KEY_PREFIX: prefix });
    started.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });
  const uniquePrefix = () => `test-${crypto.randomBytes(6).toString('hex')}:`;

  it('shares one budget between instances on the same Redis', async () => {
    const prefix = uniquePrefix();
    const [first, second] = await Promise.all([start(prefix), start(prefix)]);
    // Both instances see the test's requests coming from the same address.
    await spend(first.anonymous(), 3);
    await spend(second.anonymous(), LIMIT - 3);
    expectRateLimited(await first.anonymous().get('BlogPost/recent'));
    expectRateLimited(await second.anonymous().get('BlogPost/recent'));
  });

  it('keeps deployments with different key prefixes apart', async () => {
    const [first, second] = await Promise.all([start(uniquePrefix()), start(uniquePrefix())]);
    await spend(first.anonymous(), LIMIT);
    expectRateLimited(await first.anonymous().get('BlogPost/recent'));
    await spend(second.anonymous(), LIMIT);
  });
});

describe('with an unreachable Redis', () => {
  it('refuses to start, before touching the database', async () => {
    const dataDir = path.join(os.tmpdir(), `community-test-${crypto.randomBytes(6).toString('hex')}`);
    const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL: 'redis://127.0.0.1:1' });
    await expect(startServer(config)).rejects.toThrow(/REDIS_URL/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
