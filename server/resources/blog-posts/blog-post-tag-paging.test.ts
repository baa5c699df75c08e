// Story: a reader pages through the posts and topics of one tag, forwards and back, with
// anchors; a tag's listing shows what the listing without a tag shows of the tag's items, in
// the same order, also once tags are changed and an item's date moves (the tags carry a copy
// of their item's date, which the database keeps: migration 0087, and 0088 for a tag written
// with it).
import { sql } from 'kysely';
import { isPostgres } from '../../db/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { listedIds } from '../../test/expect-api';

let server: TestServer;
let author: Client;
let reader: Client;
const tagged = new Set<string>();

const numberOf = (id: string) => Number(id.split(':')[2]);

beforeAll(async () => {
  server = await startTestServer();
  author = await server.signUp('Gina Gardener');
  reader = server.anonymous();
  for (let n = 0; n < 24; n++) {
    const tags = n % 3 === 0 ? ['weeds'] : ['garden', n % 2 ? 'roses' : 'beans'];
    const res = await author.post('BlogPost', { title: `Post ${n}`, tag: tags });
    expect(res.status).toBe(200);
    if (tags.includes('garden')) tagged.add(res.body.id);
  }
  // Tagged, but not the reader's to see.
  expect((await author.post('BlogPost', { title: 'Draft', tag: 'garden', publishStatus: 'draft' })).status).toBe(200);
  expect((await author.post('BlogPost', { title: 'Members only', tag: 'garden', visibility: 'members' })).status).toBe(200);
});
afterAll(() => server.stop());

/** Every page of `path` from the start, forwards; then back from the last anchor to the start. */
async function pages(path: string, query: Record<string, string>, count: number) {
  const forwards: string[] = [];
  let anchor: string | undefined;
  for (let n = 0; ; n++) {
    const res = await reader.get(path, { ...query, count, anchor, fields: 'id' });
    expect(res.status).toBe(200);
    expect(res.body.firstPage).toBe(n === 0);
    const ids = listedIds(res);
    forwards.push(...ids);
    anchor = res.body.anchor;
    if (res.body.lastPage) break;
    expect(ids).toHaveLength(count);
  }
  const backwards: string[] = [];
  for (;;) {
    const res = await reader.get(path, { ...query, count: -count, anchor, fields: 'id' });
    expect(res.status).toBe(200);
    backwards.unshift(...listedIds(res));
    anchor = res.body.anchor;
    if (res.body.firstPage) break;
  }
  return { forwards, backwards };
}

/** The posts `recent` lists without a tag that are among `ids`, in its order. */
async function recentAmong(ids: Set<string>): Promise<string[]> {
  const res = await reader.get('BlogPost/recent', { count: 100, fields: 'id' });
  return listedIds(res).filter((id) => ids.has(id));
}

describe("a tag's listing", () => {
  it('pages through the posts of the tag the reader sees, newest first, forwards and back, with anchors', async () => {
    const expected = await recentAmong(tagged);
    expect(expected).toHaveLength(16);
    // From the anchor that ends the listing, back to the start, the anchored post included.
    for (const count of [3, 5, 16]) {
      const { forwards, backwards } = await pages('BlogPost/recent', { tag: 'garden' }, count);
      expect(forwards).toEqual(expected);
      expect(backwards).toEqual(expected);
    }
  });

  it("follows the tags as they change and an item's date as it moves", async () => {
    // The oldest untagged post takes the tag; a tagged one loses it.
    const all = listedIds(await reader.get('BlogPost/recent', { count: 100, fields: 'id' }));
    const joining = all.filter((id) => !tagged.has(id)).at(-1)!;
    const leaving = [...tagged][3]!;
    expect((await author.put('BlogPost', { tag: ['garden', 'weeds'] }, { id: joining })).status).toBe(200);
    expect((await author.put('BlogPost', { tag: 'roses' }, { id: leaving })).status).toBe(200);
    tagged.add(joining);
    tagged.delete(leaving);
    // No request changes an item's date; a write straight to the database may, and the tags follow.
    const newest = numberOf(all.at(-1)!);
    await sql`update blog_posts set created_at = created_at + 86400000 where id = ${newest}`.execute(server.db);
    const expected = await recentAmong(tagged);
    expect(expected[0]).toBe(all.at(-1));
    const { forwards, backwards } = await pages('BlogPost/recent', { tag: 'garden' }, 4);
    expect(forwards).toEqual(expected);
    expect(backwards).toEqual(expected);
    const copies = await server.db
      .selectFrom('item_tags as t')
      .innerJoin('blog_posts as p', 'p.id', 't.item_id')
      .select(['t.created_at as copy', 'p.created_at'])
      .where('t.item_type', '=', 'BlogPost')
      .execute();
    expect(copies.length).toBeGreaterThan(40);
    for (const { copy, created_at } of copies) expect(Number(copy)).toBe(Number(created_at));
  });

  it("gives a tag written with a wrong date or none its item's date, and writes one written with it once", async () => {
    const post = numberOf([...tagged][0]!);
    const { created_at: date } = await server.db.selectFrom('blog_posts').select('created_at').where('id', '=', post).executeTakeFirstOrThrow();
    /** Writes the tag `value` on the post; on SQLite, returns how many rows the write changed, its triggers' included. */
    const write = async (value: string, createdAt?: number) => {
      const changes = async () => (isPostgres(server.db) ? 0 : Number((await sql<{ n: number }>`select total_changes() as n`.execute(server.db)).rows[0]!.n));
      const before = await changes();
      await server.db
        .insertInto('item_tags')
        .values({ network_id: server.networkId, item_type: 'BlogPost', item_id: post, value, position: 9, created_at: createdAt })
        .execute();
      return (await changes()) - before;
    };
    const undated = await write('undated');
    const wrong = await write('dated wrongly', Number(date) - 86_400_000);
    const right = await write('dated rightly', Number(date));
    const copies = await server.db
      .selectFrom('item_tags')
      .select(['value', 'created_at'])
      .where('item_type', '=', 'BlogPost')
      .where('item_id', '=', post)
      .where('position', '=', 9)
      .execute();
    expect(copies.map((c) => [c.value, Number(c.created_at)]).sort()).toEqual([['dated rightly', Number(date)], ['dated wrongly', Number(date)], ['undated', Number(date)]]);
    if (!isPostgres(server.db)) {
      // The same counts and tag clouds change for each; the tag written with its date is not written again.
      expect(wrong).toBe(undated);
      expect(right).toBe(undated - 1);
    }
    await server.db.deleteFrom('item_tags').where('item_type', '=', 'BlogPost').where('item_id', '=', post).where('position', '=', 9).execute();
  });

  it('pages through the topics of a tag alike', async () => {
    const topics = new Set<string>();
    for (let n = 0; n < 7; n++) {
      const res = await author.post('Topic', { title: `Topic ${n}`, tag: n % 3 ? 'garden' : 'weeds' });
      expect(res.status).toBe(200);
      if (n % 3) topics.add(res.body.id);
    }
    const all = listedIds(await reader.get('Topic/recent', { count: 100, fields: 'id' }));
    const { forwards, backwards } = await pages('Topic/recent', { tag: 'garden' }, 2);
    expect(forwards).toEqual(all.filter((id) => topics.has(id)));
    expect(backwards).toEqual(forwards);
  });
});
