// How PostgreSQL reads on a database of many networks, and on a large one. A listing's statement
// is planned once per connection for any values (db/prepared.ts, `anyValues`): its plan cannot
// know which network it reads, and takes each for one of the many small ones. Here many small
// networks and a large one are planted and analysed, or a network of many tagged posts, and
// the plans PostgreSQL keeps for the large one's reads are read back (EXPLAIN EXECUTE under
// force_generic_plan).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScopeContext } from '../lib/scope';
import { listActivity } from '../resources/activity/store';
import { listComments } from '../resources/comments/store';
import { postStore } from '../resources/blog-posts/store';
import { ChangeBus } from '../lib/changes';
import { KeptRows } from '../lib/kept-rows';
import { extraTagCounts } from '../resources/tags/store';
import { NETWORK, OWNER, startTestServer, type TestServer } from '../test/harness';
import type { Db } from './database';

/** Small networks planted beside the test's, with a few events each, and the events of the test's own. */
const SMALL_NETWORKS = 2000;
const EVENTS_PER_SMALL_NETWORK = 5;
const LARGE_NETWORK_EVENTS = 20_000;
/** Posts of the network with tags, three tags on each, each tag on 600 posts. */
const TAGGED_POSTS = 10_000;
const TAGS = 50;

interface Statement {
  name: string;
  statement: string;
  parameters: number;
  generic: number;
  custom: number;
}

/** The statements prepared on `db`'s connection, by name. */
async function statementsOn(db: Db): Promise<Map<string, Statement>> {
  const { rows } = await sql<Statement>`
    select name, statement, cardinality(parameter_types)::int as parameters, generic_plans::int as generic, custom_plans::int as custom
    from pg_prepared_statements where name like 'q\\_%'`.execute(db);
  return new Map(rows.map((r) => [r.name, r]));
}

/** The plan PostgreSQL makes of a prepared statement for any values (its values do not matter to it). */
async function genericPlanOf(db: Db, statement: Statement): Promise<string> {
  await sql`set plan_cache_mode = force_generic_plan`.execute(db);
  try {
    const values = sql.join(Array.from({ length: statement.parameters }, () => sql`null`));
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain execute ${sql.id(statement.name)} (${values})`.execute(db);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await sql`reset plan_cache_mode`.execute(db);
  }
}

/** The statements run between two readings of statementsOn. */
const ranBetween = (before: Map<string, Statement>, after: Map<string, Statement>) =>
  [...after.values()].filter((s) => s.generic + s.custom > (before.get(s.name)?.generic ?? 0) + (before.get(s.name)?.custom ?? 0));

/** What a store reads for the member named `fullName` on the test's network, at a time. */
async function memberScope(server: TestServer, fullName: string): Promise<(now: number) => ScopeContext> {
  const [network] = await server.db.selectFrom('networks').select(['id', 'is_private']).where('id', '=', server.networkId).execute();
  const [member] = await server.db.selectFrom('accounts').select('id').where('full_name', '=', fullName).execute();
  return (now) => ({ viewer: { accountId: member!.id, screenName: null, role: 'member', state: 'active', via: 'session' }, network: network!, now }) as ScopeContext;
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL plans on a database of many networks', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.signUp('Bob');
    const [owner] = await server.db.selectFrom('accounts').select('id').orderBy('id').limit(1).execute();
    const now = Date.now();
    await sql`
      insert into networks (id, subdomain, name, created_at, updated_at)
      select ${server.networkId}::bigint + n, 'planted-' || n, 'Planted ' || n, ${now}::bigint, ${now}::bigint
      from generate_series(1, ${SMALL_NETWORKS}::int) n`.execute(server.db);
    await sql`
      insert into activities (uuid, network_id, author_id, type, created_at)
      select gen_random_uuid()::text, ${server.networkId}::bigint + 1 + n % ${SMALL_NETWORKS}::int, ${owner!.id}::bigint, 'StatusUpdate', ${now}::bigint - n
      from generate_series(1, ${SMALL_NETWORKS * EVENTS_PER_SMALL_NETWORK}::int) n`.execute(server.db);
    await sql`
      insert into activities (uuid, network_id, author_id, type, created_at)
      select gen_random_uuid()::text, ${server.networkId}::bigint, ${owner!.id}::bigint, 'StatusUpdate', ${now}::bigint - n
      from generate_series(1, ${LARGE_NETWORK_EVENTS}::int) n`.execute(server.db);
    await sql`analyze networks, activities`.execute(server.db);
  });
  afterAll(() => server?.stop());

  it("reads the activity feed's pages by walking its index in order, not by sorting a network's events", async () => {
    const scope = await memberScope(server, 'Bob');
    const kept = new KeptRows(new ChangeBus());
    await server.db.connection().execute(async (db) => {
      const before = await statementsOn(db);
      // A page from the start and the next from its anchor (with the other side's check), at times that differ.
      const read = async (n: number) => {
        const first = await listActivity(db, scope(Date.now() + n), {}, 20, { start: true }, kept);
        const next = await listActivity(db, scope(Date.now() + n), {}, 20, first.position, kept);
        return [first.rows.map((r) => r.id), next.rows.map((r) => r.id), next.firstPage, next.lastPage];
      };
      const results = [];
      for (let n = 0; n < 6; n++) results.push(await read(n));
      const warm = await statementsOn(db);
      for (let n = 6; n < 9; n++) results.push(await read(n));
      const after = await statementsOn(db);
      // The events themselves are read by id once, then kept (lib/kept-rows.ts).
      const used = ranBetween(before, after).filter((s) => !s.statement.includes('"e"."id" = any('));
      // The window's keys from the start, and from the anchor with its other side's check (db/paging.ts: readPageOnce).
      expect(used).toHaveLength(2);
      expect(used.filter((s) => s.statement.includes('as "other_side"'))).toHaveLength(1);
      for (const statement of used) {
        // Past the fifth run, each is run from its plan for any values, not planned again.
        expect(statement.custom, statement.statement).toBe(warm.get(statement.name)!.custom);
        const plan = await genericPlanOf(db, statement);
        // The network's events are read in the order of their index, as far as the page goes...
        expect(plan, plan).toMatch(/Index (Only )?Scan( Backward)? using activities_recent on activities e(_\d+)?\b/);
        // The other side's check too.
        if (statement.statement.includes('as "other_side"')) expect(plan.match(/Index (Only )?Scan( Backward)? using activities_recent\b/g), plan).toHaveLength(2);
        // ...and none is sorted by time: at most the page's own rows, by their keys.
        for (const [, key] of plan.matchAll(/Sort Key: (.*)/g)) expect(key, plan).not.toMatch(/created_at/);
      }
      // The newest events first, the same on every run.
      const newest = await server.db.selectFrom('activities').select('id').where('network_id', '=', server.networkId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(40).execute();
      expect(results[0]).toEqual([newest.slice(0, 20).map((r) => r.id), newest.slice(20).map((r) => r.id), false, false]);
      expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    });
  });

  it("reads an item's comments by walking them in order, having checked once that the caller may see the item", async () => {
    const carol = await server.signUp('Carol');
    const post = Number(String((await carol.post('BlogPost', { title: 'Commented' })).body.id).split(':')[2]);
    for (let i = 0; i < 5; i++) expect((await carol.post('Comment', { attachedTo: `${server.networkId}:BlogPost:${post}`, description: `Comment ${i}` })).status).toBe(200);
    const scope = await memberScope(server, 'Carol');
    const kept = new KeptRows(new ChangeBus());
    await server.db.connection().execute(async (db) => {
      const before = await statementsOn(db);
      const read = async (n: number) => {
        const first = await listComments(db, scope(Date.now() + n), { type: 'BlogPost', id: post }, {}, 2, { start: true }, kept);
        const next = await listComments(db, scope(Date.now() + n), { type: 'BlogPost', id: post }, {}, 2, first.position, kept);
        return [first.rows.map((r) => r.description), next.rows.map((r) => r.description)];
      };
      const results = [];
      for (let n = 0; n < 7; n++) results.push(await read(n));
      const after = await statementsOn(db);
      const used = ranBetween(before, after).filter((s) => s.statement.includes('"c"."attached_to_id" = '));
      // The window from the start, and from the anchor with its other side's check.
      expect(used).toHaveLength(2);
      for (const statement of used) {
        const plan = await genericPlanOf(db, statement);
        // The item, once per run, before any comment (comments/store.ts: ofItem)...
        expect(plan, plan).toMatch(/InitPlan \d+[\s\S]*Index Scan using blog_posts_pkey on blog_posts x[\s\S]*One-Time Filter/);
        // ...then its comments in the order of their index, as far as the page goes.
        expect(plan, plan).toMatch(/Index Scan( Backward)? using comments_by_item on comments c\b/);
        for (const [, key] of plan.matchAll(/Sort Key: (.*)/g)) expect(key, plan).not.toMatch(/created_at/);
      }
      expect(results[0]).toEqual([['Comment 4', 'Comment 3'], ['Comment 2', 'Comment 1']]);
      expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL plans on a network of many tagged posts', () => {
  let server: TestServer;
  let scope: ScopeContext;
  beforeAll(async () => {
    server = await startTestServer();
    const db = server.db;
    const network = await db.selectFrom('networks').select(['id', 'is_private']).where('subdomain', '=', NETWORK).executeTakeFirstOrThrow();
    const owner = await db.selectFrom('accounts').select('id').where('email', '=', OWNER.email).executeTakeFirstOrThrow();
    const now = Date.now();
    await sql`insert into blog_posts (network_id, author_id, title, description, publish_status, publish_time, visibility, approved, featured_at, created_at, updated_at)
      select ${network.id}, ${owner.id}, 'Post ' || n, '<p>Text.</p>', 'publish', t, 'all', 1, null, t, t
      from (select n, ${now}::bigint - n * 60000 as t from generate_series(1, ${TAGGED_POSTS}::int) n) s`.execute(db);
    // The counts of tags, which nothing here reads, are left out of the load: counted row by row
    // in one statement, a few rows updated 30,000 times, they would take it to a minute.
    const counters = ['stat_item_tags', 'tag_audience_counts_tags'];
    for (const trigger of counters) await sql`alter table item_tags disable trigger ${sql.id(trigger)}`.execute(db);
    await sql`insert into item_tags (network_id, item_type, item_id, value, position)
      select p.network_id, 'BlogPost', p.id, 'tag' || ((p.id + k * 17) % ${TAGS}::int), k from blog_posts p, generate_series(0, 2) k where p.network_id = ${network.id}`.execute(db);
    for (const trigger of counters) await sql`alter table item_tags enable trigger ${sql.id(trigger)}`.execute(db);
    await sql`analyze blog_posts, item_tags`.execute(db);
    scope = { viewer: { accountId: null, screenName: null, role: null, state: null, via: 'anonymous' }, network, now } as ScopeContext;
  });
  afterAll(() => server?.stop());

  it("lists a tag's posts by walking the tag's entries in the listing's order, from the start and from an anchor both ways, sorting none", async () => {
    await server.db.connection().execute(async (db) => {
      const before = await statementsOn(db);
      const first = await postStore.list(db, scope, { tag: 'tag7' }, 'created', 5, { start: true });
      expect(first.rows).toHaveLength(5);
      const after = await postStore.list(db, scope, { tag: 'tag7' }, 'created', 5, first.position);
      const back = await postStore.list(db, scope, { tag: 'tag7' }, 'created', -5, after.position);
      // Back from the end of the second page, the anchored post included: the second page again.
      expect(back.rows.map((r) => r.id)).toEqual(after.rows.map((r) => r.id));
      const used = ranBetween(before, await statementsOn(db));
      const windows = used.filter((s) => s.statement.includes(' as "key"'));
      const otherSides = used.filter((s) => s.statement.startsWith('select 1 as "one"'));
      // From the start; after the anchor; before it. Then the other side of each anchor.
      expect(windows).toHaveLength(3);
      expect(otherSides).toHaveLength(2);
      for (const statement of [...windows, ...otherSides]) {
        const plan = await genericPlanOf(db, statement);
        expect(plan, plan).toMatch(/Index (Only )?Scan( Backward)? using item_tags_by_date on item_tags tagged\b/);
        expect(plan, plan).toMatch(/Index Scan using blog_posts_pkey on blog_posts p(_\d+)?\b/);
        // At most the page's own rows are sorted, by their keys.
        for (const [, key] of plan.matchAll(/Sort Key: (.*)/g)) expect(key, plan).toMatch(/^page\./);
      }
    });
  });

  it('reads the keys of a page whose rows are kept by walking the listing\'s index in order, with a tag and without', async () => {
    const kept = new KeptRows(new ChangeBus());
    await server.db.connection().execute(async (db) => {
      const before = await statementsOn(db);
      for (const filters of [{}, { tag: 'tag7' }]) {
        const first = await postStore.list(db, scope, filters, 'created', 5, { start: true }, undefined, kept);
        const after = await postStore.list(db, scope, filters, 'created', 5, first.position, undefined, kept);
        const back = await postStore.list(db, scope, filters, 'created', -5, after.position, undefined, kept);
        expect(back.rows.map((r) => r.id)).toEqual(after.rows.map((r) => r.id));
        expect(after.rows.map((r) => r.id)).toEqual((await postStore.list(db, scope, filters, 'created', 5, first.position)).rows.map((r) => r.id));
      }
      const used = ranBetween(before, await statementsOn(db));
      const keys = used.filter((s) => s.statement.startsWith('select "p"."id" as "id", "p"."created_at" as "created_at"'));
      // From the start, after an anchor and before it; without a tag and with one.
      expect(keys).toHaveLength(6);
      for (const statement of keys) {
        const plan = await genericPlanOf(db, statement);
        const index = statement.statement.includes('"tagged"') ? /Index (Only )?Scan( Backward)? using item_tags_by_date on item_tags tagged\b/ : /Index Scan( Backward)? using blog_posts_recent on blog_posts p\b/;
        expect(plan, plan).toMatch(index);
        expect(plan, plan).not.toMatch(/Sort/);
      }
    });
  });

  it("reads the tags a member sees beyond their audience from their own and their friends' items, planned once for any network", async () => {
    await server.db.connection().execute(async (db) => {
      const owner = await db.selectFrom('accounts').select('id').where('email', '=', OWNER.email).executeTakeFirstOrThrow();
      const member = { ...scope, viewer: { accountId: owner.id, screenName: null, role: 'member', state: 'active', via: 'session' } } as ScopeContext;
      const before = await statementsOn(db);
      // Past the first five runs, PostgreSQL keeps the plan for any values or plans each run anew.
      for (let run = 0; run < 8; run++) await extraTagCounts(db, member, 'members', scope.now, { type: 'BlogPost' });
      const used = [...(await statementsOn(db)).values()].filter((s) => s.statement.includes('join lateral (select "t"."value" from "item_tags"') && !before.has(s.name));
      expect(used).toHaveLength(1);
      expect(used[0]!.generic, 'planned anew on every run').toBeGreaterThan(0);
      const plan = await genericPlanOf(db, used[0]!);
      expect(plan, plan).toMatch(/Index (Only )?Scan using item_tags_in_order on item_tags t\b/);
      expect(plan, plan).toMatch(/using blog_posts_friends_only on blog_posts x_1\b/);
      expect(plan, plan).not.toMatch(/Seq Scan on (item_tags|friendships)/);
    });
  });
});
