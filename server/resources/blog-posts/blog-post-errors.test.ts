// Errors of the BlogPost endpoints: every bad input gets its code and subcode in the error
// envelope, and a refused write changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';

let server: TestServer;
let author: Client;
let postId: string;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  author = await server.signUp('Erin Error');
  postId = (await author.post('BlogPost', { title: 'Target', tag: 't' })).body.id;
});
afterAll(() => server.stop());

describe('count (the listing size)', () => {
  it.each(['0', '101', '-101', 'abc', '', '1.5', '1e2'])('refuses count=%j with 400 4-6', async (count) => {
    expectError(await author.get('BlogPost/recent', { count }), 400, 4, 6);
    expectError(await author.get('BlogPost/featured', { count }), 400, 4, 6);
  });

  it('accepts the bounds', async () => {
    for (const count of ['100', '-100', '1', '-1', ' 7 ']) expect((await author.get('BlogPost/recent', { count })).status).toBe(200);
  });
});

describe('anchor', () => {
  it('refuses a tampered or made-up anchor with 400 4-7', async () => {
    const { anchor } = (await author.get('BlogPost/recent', { count: 1 })).body;
    const [payload, mac] = anchor.split('.');
    const forged = Buffer.from(JSON.stringify([1, Date.now() + DAY, 1])).toString('base64url');
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    for (const bad of [
      `${forged}.${mac}`,
      `${flip(payload)}.${mac}`,
      `${payload}.${flip(mac)}`,
      `${payload}.${mac}x`,
      `${payload}.${'é'.repeat(22)}`,
      payload,
      'garbage',
      '.',
      '..',
    ]) {
      expectError(await author.get('BlogPost/recent', { anchor: bad }), 400, 4, 7);
    }
    expectError(await author.get('BlogPost/featured', { anchor: 'garbage' }), 400, 4, 7);
  });

  it("refuses another listing's anchor, whose sort key is of another kind, with 400 4-7", async () => {
    const byName = (await author.get('User/alpha', { count: 1 })).body.anchor;
    expectError(await author.get('BlogPost/recent', { anchor: byName }), 400, 4, 7);
    const byFeaturing = (await author.get('BlogPost/featured', { count: 1 })).body.anchor;
    expect((await author.get('BlogPost/featured', { anchor: byFeaturing })).status).toBe(200);
  });
});

describe('gets', () => {
  it('needs an id (4-2) that looks like a BlogPost id (4-3)', async () => {
    expectError(await author.get('BlogPost'), 400, 4, 2);
    expectError(await author.get('BlogPost', { id: 'nine' }), 400, 4, 3);
    expectError(await author.get('BlogPost', { id: postId.replace('BlogPost', 'Comment') }), 400, 4, 3);
  });

  it('takes at most 100 ids (4-4) and only known fields (4-1)', async () => {
    const ids = Array.from({ length: 101 }, () => postId);
    expectError(await author.get('BlogPost', { id: ids }), 400, 4, 4);
    expectError(await author.get('BlogPost', { id: postId, fields: 'id,nope' }), 400, 4, 1);
  });
});

describe('filters', () => {
  it('refuses a bad boolean with 4-3', async () => {
    expectError(await author.get('BlogPost/recent', { approved: 'maybe' }), 400, 4, 3);
  });

  it('needs createdAfter on count (4-2), as a date (4-3), at most a week back (4-5)', async () => {
    expectError(await author.get('BlogPost/count'), 400, 4, 2);
    expectError(await author.get('BlogPost/count', { createdAfter: 'yesterday' }), 400, 4, 3);
    expectError(await author.get('BlogPost/count', { createdAfter: '2011-02-30T25:00:00Z' }), 400, 4, 3);
    expectError(await author.get('BlogPost/count', { createdAfter: daysAgo(7.01) }), 400, 4, 5);
    expectError(await author.get('BlogPost/count', { createdAfter: '2011-06-23T18:34:22.123Z' }), 400, 4, 5);
  });

  it('keeps private for the Network Creator (403 2-2), whatever its value', async () => {
    expectError(await author.get('BlogPost/recent', { private: 'true' }), 403, 2, 2);
    expectError(await author.get('BlogPost/count', { private: 'false', createdAfter: daysAgo(1) }), 403, 2, 2);
    expectError(await server.anonymous().get('BlogPost/recent', { private: 'true' }), 403, 2, 2);
  });
});

describe('writes', () => {
  it('needs a title to create a post (4-2), and refuses a blank one (4-3), changing nothing', async () => {
    const before = (await author.get('BlogPost/recent', { count: 100, fields: 'id' })).body.entry.length;
    const missing = await author.post('BlogPost', { description: '<p>No title</p>' });
    expectError(missing, 400, 4, 2);
    expect(missing.body.reason).toMatch(/'title'/);
    for (const title of ['', ' ', '   ', '\t\n', '\u00a0\u2003']) {
      const blank = await author.post('BlogPost', { title, description: '<p>Body</p>' });
      expectError(blank, 400, 4, 3);
      expect(blank.body.reason).toMatch(/'title'.*blank/);
    }
    expect((await author.get('BlogPost/recent', { count: 100, fields: 'id' })).body.entry.length).toBe(before);
  });

  it('refuses to change a title to a blank one (4-3), changing nothing', async () => {
    for (const title of ['', '  ', '\n']) {
      expectError(await author.put('BlogPost', { title, description: '<p>New body</p>' }, { id: postId }), 400, 4, 3);
    }
    const got = await author.get('BlogPost', { id: postId, fields: 'title,description' });
    expect(got.body.entry).toEqual({ id: postId, title: 'Target', description: '' });
    expect((await author.put('BlogPost', { description: '<p>Only the body</p>' }, { id: postId })).status).toBe(200);
    expect((await author.get('BlogPost', { id: postId, fields: 'title' })).body.entry.title).toBe('Target');
    await author.put('BlogPost', { description: '' }, { id: postId });
  });

  it.each([
    ['visibility', { visibility: 'everyone' }],
    ['publishStatus', { publishStatus: 'later' }],
    ['publishTime', { publishTime: 'tomorrow' }],
    ['approved', { approved: 'yes please' }],
    ['a long title', { title: 'x'.repeat(201) }],
    ['a long description', { description: 'x'.repeat(100_001) }],
    ['a long tag', { tag: 'x'.repeat(65) }],
    ['too many tags', { tag: Array.from({ length: 21 }, (_, i) => `tag${i}`) }],
  ])('refuses %s with 400 4-3 and changes nothing', async (_what, form) => {
    const before = (await author.get('BlogPost/recent', { count: 100, fields: 'id' })).body.entry.length;
    expectError(await author.post('BlogPost', { title: 'New', ...form }), 400, 4, 3);
    expect((await author.get('BlogPost/recent', { count: 100, fields: 'id' })).body.entry.length).toBe(before);

    expectError(await author.put('BlogPost', { title: 'Changed', ...form }, { id: postId }), 400, 4, 3);
    const got = await author.get('BlogPost', { id: postId, fields: 'title,topTags,visibility' });
    expect(got.body.entry).toEqual({ id: postId, title: 'Target', topTags: ['t'], visibility: 'all' });
  });

  it('refuses NUL characters in any parameter with 4-3, on both databases', async () => {
    for (const form of [{ title: 'a\u0000b' }, { description: 'a\u0000b' }, { tag: ['ok', 'a\u0000b'] }]) {
      expectError(await author.post('BlogPost', { title: 'New', ...form }), 400, 4, 3);
      expectError(await author.put('BlogPost', form, { id: postId }), 400, 4, 3);
    }
    expectError(await author.get('BlogPost/recent', { author: 'a\u0000b' }), 400, 4, 3);
    expectError(await author.get('BlogPost/recent', { tag: 'a\u0000b' }), 400, 4, 3);
    expect((await author.get('BlogPost', { id: postId, fields: 'title' })).body.entry.title).toBe('Target');
  });

  it('needs the id of an existing post to update or delete it', async () => {
    expectError(await author.put('BlogPost', { title: 'x' }), 400, 4, 2);
    expectError(await author.del('BlogPost'), 400, 4, 2);
    expectError(await author.del('BlogPost', { id: 'x' }), 400, 4, 3);
    const missing = `${server.networkId}:BlogPost:999999`;
    expectError(await author.put('BlogPost', { title: 'x' }, { id: missing }), 404, 3, 1);
    expectError(await author.del('BlogPost', { id: missing }), 404, 3, 1);
    const elsewhere = `1:BlogPost:${postId.split(':')[2]}`;
    expectError(await author.del('BlogPost', { id: elsewhere }), 404, 3, 1);
    expect((await author.get('BlogPost', { id: postId })).status).toBe(200);
  });

  it('features only existing posts', async () => {
    const owner = await server.owner();
    expectError(await owner.post('BlogPost/feature', {}, { id: `${server.networkId}:BlogPost:999999` }), 404, 3, 1);
    expectError(await owner.post('BlogPost/feature'), 400, 4, 2);
  });
});
