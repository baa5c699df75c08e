// How SQLite reads on a large network. Values are compiled `+?` (db/database.ts), so SQLite plans
// a statement once, by the figures ANALYZE kept of each index (sqlite_stat1) and by nothing else:
// the figures of the benchmark's network (100,000 posts, 1,000,000 comments, 100,000 events, a few items awaiting
// approval) are planted in a small one here, and the plans of its reads are read back. Each read
// below once went astray at that size, through an index that covers most of a table.
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test/harness';

/** [index, figures] per table, as ANALYZE wrote them for the benchmark's network (its events as bench/load.ts writes them). */
const LARGE_NETWORK: Record<string, [string, string][]> = {
  accounts: [['sqlite_autoindex_accounts_1', '10001 1'], ['sqlite_autoindex_accounts_2', '10001 1']],
  activities: [
    ['activities_by_attached', '100000 100000 100000'],
    ['activities_by_author', '100000 100000 10 1'],
    ['activities_by_content', '100000 100000 1'],
    ['activities_recent', '100000 100000 1 1'],
    ['sqlite_autoindex_activities_1', '100000 1'],
  ],
  blog_posts: [
    ['blog_posts_by_author', '100003 100003 11 1 1'],
    ['blog_posts_featured', '100003 100003 496 1'],
    ['blog_posts_friends_only', '10 10 1'],
    ['blog_posts_recent', '100003 100003 1 1'],
    ['blog_posts_scheduled', '100003 100003 50002 1'],
    ['blog_posts_unapproved', '20 20 1 1'],
  ],
  comments: [
    ['comments_by_item', '1000001 1000001 11 1 1'],
    ['comments_counted', '1000001 1000001 11 10'],
    ['comments_featured', '1000001 1000001 1000001 1'],
    ['comments_unapproved', '20 20 1 1'],
  ],
  friendships: [['friendships_recent', '100000 100000 10 10 1'], ['sqlite_autoindex_friendships_1', '100000 100000 10 1']],
  // Three tags on each post, each tag on about 600 posts.
  item_tags: [
    ['item_tags_by_date', '300009 300009 300009 600 1 1'],
    ['item_tags_in_order', '300009 300009 3 1 1'],
    ['sqlite_autoindex_item_tags_1', '300009 300009 3 1'],
  ],
  members: [
    ['members_alpha', '10001 10001 1 1'],
    ['members_by_account', '10001 1 1'],
    ['members_featured', '10001 10001 197 1'],
    ['members_recent', '10001 10001 1 1'],
    ['sqlite_autoindex_members_1', '10001 10001 1'],
  ],
};

let server: TestServer;
let owner: Client;
let member: Client;
/** A post of a friend of `member`'s, with their comment. */
let post: string;
let connection: SQLite.Database | undefined;
/** Every statement the server prepared, by its SQL. */
const prepared = new Set<string>();
const original = SQLite.prototype.prepare;
const prepare = original as (this: SQLite.Database, source: string) => SQLite.Statement<unknown[]>;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return;
  SQLite.prototype.prepare = function (this: SQLite.Database, source: string) {
    connection = this;
    prepared.add(source);
    return prepare.call(this, source);
  } as typeof original;
  server = await startTestServer();
  owner = await server.owner();
  const [writer, reader] = await Promise.all([server.signUp('Wendy Writer'), server.signUp('Rob Reader')]);
  member = reader;
  await server.befriend(writer, reader);
  post = (await writer.post('BlogPost', { title: 'A post', description: 'Text', tag: ['t'] })).body.id as string;
  await reader.post('Comment', { attachedTo: post, description: 'A comment' });
  await reader.post('BlogPost', { title: 'Not yet', publishStatus: 'draft' });

  connection!.exec('analyze');
  const insert = prepare.call(connection!, 'insert into sqlite_stat1 (tbl, idx, stat) values (?, ?, ?)');
  connection!.exec(`delete from sqlite_stat1 where tbl in (${Object.keys(LARGE_NETWORK).map((t) => `'${t}'`).join(', ')})`);
  for (const [table, indexes] of Object.entries(LARGE_NETWORK)) for (const [index, figures] of indexes) insert.run(table, index, figures);
  // Loads the planted figures into the connection's planner.
  connection!.exec('analyze sqlite_schema');
});
afterAll(async () => {
  SQLite.prototype.prepare = original;
  await server?.stop();
});

/** The plan of the one statement the server prepared whose SQL `matches`, bound to nulls (a plan of `+?` values does not depend on them). */
function planOf(matches: (source: string) => boolean): string {
  const sources = [...prepared].filter(matches);
  expect(sources, 'statements matched').toHaveLength(1);
  const explain = prepare.call(connection!, `explain query plan ${sources[0]}`);
  const rows = explain.all(...Array<null>(countParameters(sources[0]!)).fill(null)) as { detail: string }[];
  return rows.map((r) => r.detail).join(' | ');
}

const countParameters = (source: string) => source.split('?').length - 1;

describe.runIf(!process.env.TEST_DATABASE_URL)('SQLite plans on a large network', () => {
  it('counts posts since a date through the range of their dates, not through every published post', async () => {
    const since = new Date(Date.now() - 6 * 86_400_000).toISOString();
    for (const caller of [member, server.anonymous(), owner]) expect((await caller.get('BlogPost/count', { createdAfter: since })).status).toBe(200);
    const counts = [...prepared].filter((s) => s.startsWith('select count(*) as "n" from "blog_posts"'));
    expect(counts.length).toBeGreaterThanOrEqual(3);
    for (const source of counts) {
      const plan = planOf((s) => s === source);
      expect(plan).toMatch(/blog_posts_recent \(network_id=\? AND created_at>\?\)/);
      expect(plan).not.toMatch(/blog_posts_scheduled/);
    }
  });

  it("reads what a member sees beyond their audience through the index of comments awaiting approval", async () => {
    expect((await member.get('BlogPost/recent', { count: 5 })).status).toBe(200);
    const plan = planOf((s) => s.includes('"c"."attached_to_author_id" = '));
    expect(plan).toMatch(/comments_unapproved/);
    expect(plan).not.toMatch(/SCAN c\b/);
  });

  it("reads the activity feed's pages through the index of the network's events by time, in order", async () => {
    const first = await member.get('Activity/recent', { count: 2 });
    expect(first.status).toBe(200);
    expect((await member.get('Activity/recent', { count: 2, anchor: first.body.anchor })).status).toBe(200);
    const feed = (s: string) => !s.includes('screen_name = ');
    // The window from the start, and from the anchor with its other side's check (db/paging.ts:
    // readPageOnce): the page's keys, read in order; then the events not kept (lib/kept-rows.ts), by id.
    const windows = [...prepared].filter((s) => s.startsWith('select "e"."id", "e"."created_at"') && s.includes('from "activities" as "e"') && feed(s));
    expect(windows).toHaveLength(2);
    expect(windows.filter((s) => s.includes('as "other_side"'))).toHaveLength(1);
    for (const source of windows) {
      const plan = planOf((s) => s === source);
      expect(plan).toMatch(/SEARCH e USING INDEX activities_recent \(network_id=\?( AND created_at<\?)?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
      // The other side's check, nearest the anchor first.
      if (source.includes('as "other_side"')) expect(plan).toMatch(/SEARCH e USING INDEX activities_recent \(network_id=\? AND created_at>\?\)/);
    }
    const events = [...prepared].filter((s) => s.startsWith('select "e"."id", "e"."uuid"') && s.includes('"e"."id" in ('));
    expect(events.length).toBeGreaterThan(0);
    for (const source of events) expect(planOf((s) => s === source)).toMatch(/^SEARCH e USING INTEGER PRIMARY KEY/);
  });

  it("lists a tag's posts by walking the tag's entries in the listing's order, from the start and from an anchor both ways, sorting none", async () => {
    const before = new Set(prepared);
    const first = await member.get('BlogPost/recent', { tag: 't', count: 5 });
    expect(first.status).toBe(200);
    for (const count of [5, -5]) expect((await member.get('BlogPost/recent', { tag: 't', count, anchor: first.body.anchor })).status).toBe(200);
    // What these requests prepared anew: the statements of a listing with a tag, whose windows
    // read the page's keys (its rows are kept: lib/kept-rows.ts), and from an anchor whether its
    // other side holds a post too (db/paging.ts: readPageOnce).
    const windows = [...prepared].filter((s) => !before.has(s) && s.startsWith('select "p"."id" as "id", "p"."created_at" as "created_at"'));
    const otherSides = [...prepared].filter((s) => !before.has(s) && s.startsWith('select 1 as "one"'));
    // From the start; after the anchor; before it.
    expect(windows).toHaveLength(3);
    expect(windows.filter((s) => s.includes('exists (select 1 as "one"'))).toHaveLength(2);
    for (const source of windows) {
      const keys = planOf((s) => s === source);
      expect(keys).toMatch(/SEARCH tagged USING (COVERING )?INDEX item_tags_by_date \(network_id=\? AND item_type=\? AND value=\?/);
      expect(keys).toMatch(/SEARCH p USING INTEGER PRIMARY KEY/);
      expect(keys).not.toMatch(/TEMP B-TREE/);
      // The other side's check walks the tag's entries too.
      if (source.includes('exists (select 1 as "one"')) expect(keys.match(/SEARCH tagged USING (COVERING )?INDEX item_tags_by_date/g)).toHaveLength(2);
    }
    // Apart only for a window that holds nothing (after the last post).
    for (const source of otherSides) {
      const plan = planOf((s) => s === source);
      expect(plan).toMatch(/SEARCH tagged USING (COVERING )?INDEX item_tags_by_date \(network_id=\? AND item_type=\? AND value=\?/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("reads an item's comments through the index of comments by item, in order, having looked the item up once by its id", async () => {
    await member.post('Comment', { attachedTo: post, description: 'Another comment' });
    const first = await member.get('Comment/recent', { attachedTo: post, count: 1 });
    expect(first.body.entry).toHaveLength(1);
    expect((await member.get('Comment/recent', { attachedTo: post, count: 1, anchor: first.body.anchor })).body.entry).toHaveLength(1);
    // The window from the start, and from the anchor with its other side's check; each finds the
    // item the caller may see too (comments/store.ts: ofItem), before it reads a comment.
    const windows = [...prepared].filter((s) => s.startsWith('select "c"."id", "c"."created_at"') && s.includes('"c"."attached_to_id" = '));
    expect(windows).toHaveLength(2);
    for (const source of windows) {
      const plan = planOf((s) => s === source);
      expect(plan).toMatch(/^SEARCH x EXISTS USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(plan).toMatch(/SEARCH c USING INDEX comments_by_item \(attached_to_type=\? AND attached_to_id=\?( AND created_at<\?)?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('reads the moderation queue and its count through the indexes of what awaits approval', async () => {
    expect((await owner.get('ModerationQueue/list', { count: 20 })).status).toBe(200);
    expect((await owner.get('ModerationQueue/count')).status).toBe(200);
    for (const plan of [planOf((s) => s.includes('"queue_key"') && !s.includes('count(*)')), planOf((s) => s.includes('"queue_key"') && s.includes('count(*)'))]) {
      expect(plan).toMatch(/blog_posts_unapproved/);
      expect(plan).toMatch(/comments_unapproved/);
      expect(plan).not.toMatch(/blog_posts_scheduled/);
    }
  });
});
