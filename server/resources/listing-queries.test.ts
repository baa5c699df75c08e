// A listing costs a fixed, small number of database queries, whatever it holds: one page of
// 1 or 100 posts with their tags, comment counts and authors takes as many queries as the
// other (no query per item), and so do the other busy listings. Counted from the server's
// own query metric, for a signed-in member with a draft of their own, whom no reply shared by
// their audience can answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test/harness';

let server: TestServer;
let member: Client;
let post: string;

beforeAll(async () => {
  server = await startTestServer();
  const [writer, reader, other] = await Promise.all([server.signUp('Wendy Writer'), server.signUp('Rob Reader'), server.signUp('Olga Other')]);
  member = reader;
  await server.befriend(writer, reader);
  await server.befriend(other, reader);
  for (let i = 0; i < 30; i++) {
    const id = (await writer.post('BlogPost', { title: `Post ${i}`, description: 'Text', tag: [`t${i % 4}`, `u${i % 7}`] })).body.id as string;
    await reader.post('Comment', { attachedTo: id, description: `Comment on ${i}` });
    if (i === 0) post = id;
  }
  for (let i = 0; i < 20; i++) await reader.post('Comment', { attachedTo: post, description: `More ${i}` });
  await reader.post('BlogPost', { title: 'Not yet', publishStatus: 'draft' });
});
afterAll(() => server.stop());

async function queriesSoFar(): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('db_query_duration_seconds_count{outcome="ok"}'));
  return Number(line?.slice(line.lastIndexOf(' ') + 1) ?? 0);
}

/**
 * Queries one request costs (the metrics request itself runs none): the fewest of three tries,
 * as a request may also refill what the service keeps for a few seconds (whom the member's
 * session names), which a slow machine lets lapse between two requests.
 */
async function queriesOf(path: string, query: Record<string, string | number>, status = 200): Promise<number> {
  let fewest = Infinity;
  for (let i = 0; i < 3; i++) {
    const before = await queriesSoFar();
    const res = await member.get(path, query);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    fewest = Math.min(fewest, (await queriesSoFar()) - before);
  }
  return fewest;
}

const FIELDS = 'id,title,author,createdDate,topTags,commentCount,url,author.fullName,author.iconUrl';

describe('queries per listing', () => {
  it.each([
    ['BlogPost/recent', { fields: FIELDS }],
    ['BlogPost/recent', { fields: FIELDS, tag: 't1' }],
    ['Comment/recent', {}],
    ['Activity/recent', {}],
    ['User/recent', {}],
    ['Tag/popular', { type: 'BlogPost' }],
  ] as const)('%s %j costs the same few queries for 1, 20 or 100 items', async (path, extra) => {
    const params = path === 'Comment/recent' ? { ...extra, attachedTo: post } : extra;
    // The first read may fill what the service keeps between requests (the tag counts an audience shares).
    await queriesOf(path, { ...params, count: 1 });
    const counts = [];
    for (const count of [1, 20, 100]) counts.push(await queriesOf(path, { ...params, count }));
    expect(new Set(counts).size, `queries for 1, 20 and 100 items: ${counts.join(', ')}`).toBe(1);
    expect(counts[0]).toBeLessThanOrEqual(8);
  });

  it('pages by anchor with the same queries however deep the anchor is', async () => {
    const query = { count: 5, fields: FIELDS };
    const first = await member.get('BlogPost/recent', query);
    const second = await member.get('BlogPost/recent', { ...query, anchor: first.body.anchor });
    const third = await member.get('BlogPost/recent', { ...query, anchor: second.body.anchor });
    const fifth = await member.get('BlogPost/recent', { ...query, anchor: (await member.get('BlogPost/recent', { ...query, anchor: third.body.anchor })).body.anchor });
    expect(fifth.body.entry.length).toBe(5);
    const atStart = await queriesOf('BlogPost/recent', query);
    const shallow = await queriesOf('BlogPost/recent', { ...query, anchor: first.body.anchor });
    const deep = await queriesOf('BlogPost/recent', { ...query, anchor: fifth.body.anchor });
    expect(deep).toBe(shallow);
    // At most one more than the first page: whether anything comes before the anchor.
    expect(shallow).toBeLessThanOrEqual(atStart + 1);
  });

  // A page from an anchor reads its window and whether anything lies before it in one
  // statement: as many as the first page, which has nothing before it to look for. Asked with
  // a parameter the replies shared by an audience do not model (http/extras-in-reply.ts), so
  // that every request reads the database.
  it.each([
    ['BlogPost/recent', { fields: FIELDS }],
    ['Comment/recent', {}],
    ['Activity/recent', {}],
    ['User/recent', {}],
    ['Friend/recent', {}],
  ] as const)('%s pages from an anchor, either way, with the queries of its first page', async (path, extra) => {
    const params = { ...extra, ...(path === 'Comment/recent' && { attachedTo: post }), xn_pretty: 'false' };
    const first = await member.get(path, { ...params, count: 1 });
    expect(first.body.lastPage, JSON.stringify(first.body)).toBe(false);
    const next = await member.get(path, { ...params, count: 1, anchor: first.body.anchor });
    expect(next.body.entry).toHaveLength(1);
    expect(next.body.firstPage).toBe(false);
    expect(JSON.stringify(next.body)).not.toContain('other_side');
    // Backward from the anchor after that entry: the entry again, with the first one before it.
    const back = await member.get(path, { ...params, count: -1, anchor: next.body.anchor });
    expect(back.body.entry).toEqual(next.body.entry);
    expect(back.body.firstPage).toBe(false);
    const atStart = await queriesOf(path, { ...params, count: 1 });
    // One statement, its rows kept; for comments, it also finds the item the caller may see.
    expect(atStart).toBe(1);
    expect(await queriesOf(path, { ...params, count: 1, anchor: first.body.anchor })).toBe(atStart);
    expect(await queriesOf(path, { ...params, count: -1, anchor: next.body.anchor })).toBe(atStart);
  });
});

describe("a page after a member's own draft", () => {
  // No reply of the audience's can be kept after a row the audience does not see: once the
  // first request has found so, the others go the whole way at once, with the page's own
  // queries, and not those of finding it again (http/response-cache.ts: `unshared`).
  it('costs the queries of the page alone, but for the first time it is asked', async () => {
    const first = await member.get('BlogPost/recent', { count: 1, fields: FIELDS });
    expect(first.body.entry[0].title).toBe('Not yet');
    const query = { count: 1, fields: FIELDS, anchor: first.body.anchor };
    const page = await queriesOf('BlogPost/recent', { ...query, xn_pretty: 'false' });
    expect(await queriesOf('BlogPost/recent', query)).toBe(page);
    const whole = await member.get('BlogPost/recent', { ...query, xn_pretty: 'false' });
    expect((await member.get('BlogPost/recent', query)).body).toEqual(whole.body);
    expect(whole.body.entry[0].title).toBe('Post 29');
  });
});

describe('a field the entries do not have', () => {
  /** Queries a refused request costs: identifying the caller, nothing of the listing. */
  const refusedQueries = (path: string, query: Record<string, string | number>) => queriesOf(path, query, 400);

  it.each(['BlogPost/recent', 'BlogPost/featured', 'BlogPost'])('is refused by %s before any query of the reply runs', async (path) => {
    const get = path === 'BlogPost';
    const malformed = await refusedQueries(path, get ? { id: 'not-an-id' } : { count: 'many' });
    const wrongField = await refusedQueries(path, { ...(get && { id: post }), fields: 'title,author.nosuch' });
    expect(wrongField).toBe(malformed);
  });
});
