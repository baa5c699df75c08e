// How PostgreSQL reads on a database of many networks. A listing's statement is planned once
// per connection for any values (db/prepared.ts, `anyValues`): its plan cannot know which
// network it reads, and takes each for one of the many small ones. Here many small networks
// and a large one are planted and analysed, and the plans PostgreSQL keeps for the large
// one's reads are read back (EXPLAIN EXECUTE under force_generic_plan).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScopeContext } from '../lib/scope';
import { listActivity } from '../resources/activity/store';
import { startTestServer, type TestServer } from '../test/harness';
import type { Db } from './database';

/** Small networks planted beside the test's, with a few events each, and the events of the test's own. */
const SMALL_NETWORKS = 2000;
const EVENTS_PER_SMALL_NETWORK = 5;
const LARGE_NETWORK_EVENTS = 20_000;

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
    const [network] = await server.db.selectFrom('networks').select(['id', 'is_private']).where('id', '=', server.networkId).execute();
    const [member] = await server.db.selectFrom('accounts').select('id').where('full_name', '=', 'Bob').execute();
    const scope = (now: number) =>
      ({ viewer: { accountId: member!.id, screenName: null, role: 'member', state: 'active', via: 'session' }, network: network!, now }) as ScopeContext;
    await server.db.connection().execute(async (db) => {
      const before = await statementsOn(db);
      // A page from the start and the next from its anchor (with the other side's check), at times that differ.
      const read = async (n: number) => {
        const first = await listActivity(db, scope(Date.now() + n), {}, 20, { start: true });
        const next = await listActivity(db, scope(Date.now() + n), {}, 20, first.position);
        return [first.rows.map((r) => r.id), next.rows.map((r) => r.id), next.firstPage, next.lastPage];
      };
      const results = [];
      for (let n = 0; n < 6; n++) results.push(await read(n));
      const warm = await statementsOn(db);
      for (let n = 6; n < 9; n++) results.push(await read(n));
      const after = await statementsOn(db);
      const used = [...after.values()].filter((s) => s.generic + s.custom > (before.get(s.name)?.generic ?? 0) + (before.get(s.name)?.custom ?? 0));
      // The window from the start and from the anchor, and the other side's check.
      expect(used).toHaveLength(3);
      for (const statement of used) {
        // Past the fifth run, each is run from its plan for any values, not planned again.
        expect(statement.custom, statement.statement).toBe(warm.get(statement.name)!.custom);
        const plan = await genericPlanOf(db, statement);
        // The network's events are read in the order of their index, as far as the page goes...
        expect(plan, plan).toMatch(/Index (Only )?Scan( Backward)? using activities_recent on activities e(_\d+)?\b/);
        // ...and none is sorted by time: at most the page's own rows, by their keys.
        for (const [, key] of plan.matchAll(/Sort Key: (.*)/g)) expect(key, plan).not.toMatch(/created_at/);
      }
      // The newest events first, the same on every run.
      const newest = await server.db.selectFrom('activities').select('id').where('network_id', '=', server.networkId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(40).execute();
      expect(results[0]).toEqual([newest.slice(0, 20).map((r) => r.id), newest.slice(20).map((r) => r.id), false, false]);
      expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    });
  });
});
