// Every documented limit (docs/api.md, "Limits"), sent exactly at the limit and one past it:
// at the limit the request is answered as any other; one past, it is refused with the
// documented status, code and subcode, and nothing is stored. The numbers are written out as
// the documentation states them, so a limit changed in code alone fails here.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type Reply, type TestServer, type UploadFile } from '../test/harness';
import { expectError } from '../test/expect-api';
import { tableDigest } from '../test/digest';
import { png } from './photos/test-images';

const MB = 1024 * 1024;

let server: TestServer;
let member: Client;
let postId: string;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Limit Tester');
  postId = (await member.post('BlogPost', { title: 'Commented on' })).body.id;
});
afterAll(() => server.stop());

/** Runs a request that must be refused, and checks it left every table as it was. */
async function refusedUnchanged(send: () => Promise<Reply>, status: number, code: number, subcode: number) {
  const before = await tableDigest(server.db);
  const res = await send();
  expectError(res, status, code, subcode);
  expect(await tableDigest(server.db)).toEqual(before);
  return res;
}

const accepted = (res: Reply) => {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res;
};

/** A form body of exactly `bytes` bytes: a post's title, and an ignored parameter filling the rest. */
function formOf(bytes: number, title: string) {
  const head = `title=${encodeURIComponent(title)}&pad=`;
  return head + 'x'.repeat(bytes - head.length);
}

async function postForm(body: string) {
  const res = await fetch(member.url('BlogPost'), {
    method: 'POST',
    headers: { ...member.credentialHeaders('POST'), 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const reply = { status: res.status, headers: res.headers, body: await res.json() };
  return server.checkReply('POST', res.url, reply);
}

/** A PNG of exactly `bytes` bytes: a small picture padded with a private chunk, which decoders skip. */
async function pngOfSize(bytes: number): Promise<UploadFile> {
  const base = Buffer.from((await png(16, 12)).bytes);
  const iend = base.length - 12;
  const type = Buffer.from('prVt');
  const data = Buffer.alloc(bytes - base.length - 12, 0x2a);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])));
  const file = Buffer.concat([base.subarray(0, iend), length, type, data, crc, base.subarray(iend)]);
  expect(file.length).toBe(bytes);
  return { name: 'padded.png', type: 'image/png', bytes: file };
}

describe('request bodies', { timeout: 60_000 }, () => {
  it('a form body of 1 MB is read; one byte more is 413 (5-2)', async () => {
    accepted(await postForm(formOf(MB, 'Body at the limit')));
    await refusedUnchanged(() => postForm(formOf(MB + 1, 'Body past the limit')), 413, 5, 2);
  });

  it('multipart text parts of 1 MB together are read; one byte more is 413 (5-2)', async () => {
    // Counted as each part's name and value: `title` + `Text` + `pad` + the padding.
    const fields = (bytes: number) => ({ title: 'Text', pad: 'y'.repeat(bytes - 'title'.length - 'Text'.length - 'pad'.length) });
    const file = await png();
    accepted(await member.upload('Photo', fields(MB), { file }));
    await refusedUnchanged(() => member.upload('Photo', fields(MB + 1), { file }), 413, 5, 2);
  });

  it('a photo of 10 MB is stored; one byte more is 413 (5-2)', async () => {
    const [atLimit, past] = [await pngOfSize(10 * MB), await pngOfSize(10 * MB + 1)];
    const id = accepted(await member.upload('Photo', { title: 'Ten megabytes' }, { file: atLimit })).body.id;
    expect((await member.bytes((await member.get('Photo', { id, fields: 'image' })).body.entry.image)).status).toBe(200);
    await refusedUnchanged(() => member.upload('Photo', { title: 'Past ten' }, { file: past }), 413, 5, 2);
  });

  it('a member picture of 5 MB is taken; one byte more is 413 (5-2)', async () => {
    accepted(await member.upload('User/icon', {}, { file: await pngOfSize(5 * MB) }));
    const past = await pngOfSize(5 * MB + 1);
    await refusedUnchanged(() => member.upload('User/icon', {}, { file: past }), 413, 5, 2);
  });
});

describe('field lengths', () => {
  const cases: [string, string, (value: string) => Promise<Reply>, number][] = [
    ['title', 'a post title', (v) => member.post('BlogPost', { title: v }), 200],
    ['description', 'a post description', (v) => member.post('BlogPost', { title: 'Long', description: v }), 100_000],
    ['comment', 'a comment', (v) => member.post('Comment', { attachedTo: postId, description: v }), 4_000],
    ['tag', 'a tag', (v) => member.post('BlogPost', { title: 'Tagged', tag: v }), 64],
  ];
  for (const [, what, send, max] of cases) {
    it(`${what} of ${max} characters is kept whole; ${max + 1} is 400 (4-3)`, async () => {
      accepted(await send('w'.repeat(max)));
      await refusedUnchanged(() => send('w'.repeat(max + 1)), 400, 4, 3);
    });
  }

  it('twenty tags on an item are kept; twenty-one is 400 (4-3)', async () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `many${i}`);
    const id = accepted(await member.post('BlogPost', { title: 'Twenty tags', tag: tags(20) })).body.id;
    const stored = await member.get('BlogPost', { id, fields: 'topTags' });
    expect(stored.body.entry.topTags).toHaveLength(20);
    await refusedUnchanged(() => member.post('BlogPost', { title: 'Twenty-one tags', tag: tags(21) }), 400, 4, 3);
  });
});

describe('ids and count', () => {
  it('a multi-get of 100 ids is answered; 101 is 400 (4-4)', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? postId : `${server.networkId}:BlogPost:${900_000 + i}`));
    const res = accepted(await member.get('BlogPost', { id: ids(100) }));
    expect(res.body.entry.map((e: { id: string }) => e.id)).toEqual([postId]);
    expectError(await member.get('BlogPost', { id: ids(101) }), 400, 4, 4);
  });

  it('count 100 and -100 are answered; 101 and -101 are 400 (4-6)', async () => {
    for (const count of [100, -100]) accepted(await member.get('BlogPost/recent', { count }));
    for (const count of [101, -101]) expectError(await member.get('BlogPost/recent', { count }), 400, 4, 6);
  });
});

describe('requests per minute', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '10' });
  });
  afterAll(() => limited.stop());

  it('RATE_LIMIT_PER_MINUTE requests are answered; the next is 503 (5-1) with Retry-After, and does nothing', async () => {
    const writer = await limited.signUp('Busy Writer');
    // A personal access token is a caller of its own, with a whole budget.
    const script = writer.withBearer((await writer.post('AccessToken', { name: 'busy' })).body.entry.token);
    for (let i = 0; i < 9; i++) accepted(await script.get('BlogPost/recent'));
    accepted(await script.post('BlogPost', { title: 'The tenth request' }));
    const before = await tableDigest(limited.db);
    const res = await script.post('BlogPost', { title: 'The eleventh request' });
    expectError(res, 503, 5, 1);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await tableDigest(limited.db)).toEqual(before);
  });
});

describe('requests per minute, answered from the kept replies', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '10' });
  });
  afterAll(() => limited.stop());

  it("counts every visitor's read, those that wait for the reply another request is building too", async () => {
    const visitor = limited.anonymous();
    const replies = await Promise.all(Array.from({ length: 15 }, () => visitor.get('BlogPost/recent', { count: 5 })));
    expect(replies.map((r) => r.status).sort()).toEqual([...Array<number>(10).fill(200), ...Array<number>(5).fill(503)]);
  });
});
