// On PostgreSQL, the queries compiled once per shape are named statements: prepared once on
// a connection and run again from there (pg_prepared_statements counts their runs), with the
// rows the same query gives unnamed; the rest stays unnamed; a list of ids is one value, so one
// statement reads any number of them; a statement whose columns a migration changed is sent
// unnamed instead of failing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScopeContext } from '../lib/scope';
import { postStore } from '../resources/blog-posts/store';
import { OWNER, startTestServer, type TestServer } from '../test/harness';
import type { Db } from './database';
import { listOf, oneOfIds, opaqueValues, preparedQuery } from './prepared';

interface Prepared {
  name: string;
  statement: string;
  runs: number;
}

/** The statements prepared on `db`'s connection whose text starts with `prefix`. */
async function preparedOn(db: Db, prefix: string): Promise<Prepared[]> {
  const { rows } = await sql<Prepared>`
    select name, statement, (generic_plans + custom_plans)::int as runs
    from pg_prepared_statements where statement like ${`${prefix}%`} and not from_sql`.execute(db);
  return rows;
}

describe.runIf(process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    for (const name of ['Ann', 'Bob', 'Cat']) await server.signUp(name);
  });
  afterAll(() => server.stop());

  const byIds = preparedQuery((db: Db, s: { ids: number }, v: { ids: number[] }) =>
    db.selectFrom('accounts').select(['id', 'screen_name', 'email']).where('id', 'in', listOf(v.ids, s.ids)).orderBy('id'),
  );

  it('prepares a shape once per connection and runs it again from there, with the rows of the unnamed query', async () => {
    const all = await server.db.selectFrom('accounts').select('id').orderBy('id').execute();
    const ids = all.map((r) => r.id);
    await server.db.connection().execute(async (db) => {
      const runs = [];
      for (let n = 0; n < 7; n++) runs.push(await byIds(db, { ids: 2 }, { ids: ids.slice(n % 2, (n % 2) + 2) }));
      // The same read written by hand: a query not compiled once per shape stays unnamed.
      const { rows: unnamed } = await sql`select id, screen_name, email from accounts where id in (${ids[0]}, ${ids[1]}) order by id`.execute(db);
      expect(runs[0]).toEqual(unnamed);
      expect(runs[0]!.map((r) => r.id)).toEqual(ids.slice(0, 2));
      expect(runs[1]!.map((r) => r.id)).toEqual(ids.slice(1, 3));
      // Past the fifth run PostgreSQL may plan it generically: the rows stay the same.
      expect(runs[6]).toEqual(unnamed);

      const prepared = await preparedOn(db, 'select "id", "screen_name", "email" from "accounts"');
      // One statement for the shape, run seven times; the unnamed query left none.
      expect(prepared).toHaveLength(1);
      expect(await preparedOn(db, 'select id, screen_name')).toEqual([]);
      expect(prepared[0]!.name).toMatch(/^q_/);
      expect(prepared[0]!.runs).toBe(7);

      // Another shape is another statement.
      expect(await byIds(db, { ids: 3 }, { ids: ids.slice(0, 3) })).toHaveLength(3);
      expect(await preparedOn(db, 'select "id", "screen_name", "email" from "accounts"')).toHaveLength(2);
    });
  });

  it('reads ids of any number through one statement, the ids as one value, planned for any ids', async () => {
    const byAnyIds = preparedQuery(
      (db: Db, s: { ids: number }, v: { ids: number[] }) => db.selectFrom('accounts').select(['id', 'full_name']).where(oneOfIds(db, 'id', v.ids, s.ids)).orderBy('id'),
      { anyValues: true },
    );
    const ids = (await server.db.selectFrom('accounts').select('id').orderBy('id').execute()).map((r) => r.id);
    await server.db.connection().execute(async (db) => {
      const runs = [];
      for (let n = 0; n < 8; n++) runs.push(await byAnyIds(db, { ids: 1 + (n % 3) }, { ids: ids.slice(0, 1 + (n % 3)) }));
      expect(runs.slice(0, 3).map((rows) => rows.map((r) => r.id))).toEqual([ids.slice(0, 1), ids.slice(0, 2), ids.slice(0, 3)]);
      const [statement, ...others] = await preparedOn(db, 'select "id", "full_name" from "accounts"');
      expect(others).toEqual([]);
      expect(statement!.statement).toContain('"id" = any((select $1::bigint[])::bigint[])');
      expect(statement!.runs).toBe(8);
      const [plans] = (await sql<{ generic: number }>`select generic_plans::int as generic from pg_prepared_statements where name = ${statement!.name}`.execute(db)).rows;
      expect(plans!.generic).toBeGreaterThan(0);
    });
  });

  it('prepares the reads of the stores: a listing of posts runs from its statements the second time', async () => {
    const ann = await server.signIn(OWNER.email, OWNER.password);
    for (let n = 0; n < 3; n++) expect((await ann.post('BlogPost', { title: `Post ${n}`, description: 'Text.' })).status).toBe(200);
    const [network] = await server.db.selectFrom('networks').select(['id', 'is_private']).where('subdomain', '=', 'apiexample').execute();
    const scope = { viewer: { accountId: null, screenName: null, role: null, state: null, via: 'anonymous' }, network: network!, now: Date.now() } as ScopeContext;
    await server.db.connection().execute(async (db) => {
      // The connection may have served requests before: what the listing adds is compared.
      const runs = async () => {
        const { rows } = await sql<Prepared>`select name, (generic_plans + custom_plans)::int as runs from pg_prepared_statements where name like 'q\\_%'`.execute(db);
        return new Map(rows.map((r) => [r.name, r.runs]));
      };
      const before = await runs();
      const first = await postStore.list(db, scope, {}, 'created', 2, { start: true });
      const once = await runs();
      const used = [...once].filter(([name, n]) => n > (before.get(name) ?? 0)).map(([name]) => name);
      expect(used.length).toBeGreaterThan(0);
      const again = await postStore.list(db, scope, {}, 'created', 2, { start: true });
      const twice = await runs();
      // The same statements, each run once more, and none prepared anew.
      expect([...twice.keys()].sort()).toEqual([...once.keys()].sort());
      for (const name of used) expect(twice.get(name)).toBe(once.get(name)! + 1);
      expect(first.rows.map((r) => r.title)).toEqual(['Post 2', 'Post 1']);
      expect(again).toEqual(first);
    });
  });

  it('plans a listing once per connection for any values, a page of posts as the first of a large network', async () => {
    const ann = await server.signIn(OWNER.email, OWNER.password);
    for (let n = 0; n < 3; n++) expect((await ann.post('BlogPost', { title: `Planned ${n}`, description: 'Text.' })).status).toBe(200);
    const [network] = await server.db.selectFrom('networks').select(['id', 'is_private']).where('subdomain', '=', 'apiexample').execute();
    const [member] = await server.db.selectFrom('accounts').select('id').where('full_name', '=', 'Bob').execute();
    const scope = (now: number) =>
      ({ viewer: { accountId: member!.id, screenName: null, role: 'member', state: 'active', via: 'session' }, network: network!, now }) as ScopeContext;
    await server.db.connection().execute(async (db) => {
      const plans = async () => {
        const { rows } = await sql<{ name: string; statement: string; generic: number; custom: number }>`
          select name, statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'q\\_%'`.execute(db);
        return new Map(rows.map((r) => [r.name, r]));
      };
      const before = await plans();
      // A page from the start, one from an anchor (with the other side's check), and a read by ids, at times that differ.
      const read = async (n: number) => {
        const first = await postStore.list(db, scope(Date.now() + n), {}, 'created', 2, { start: true });
        const next = await postStore.list(db, scope(Date.now() + n), {}, 'created', 2, first.position);
        await postStore.get(db, scope(Date.now() + n), first.rows.map((r) => r.id));
        return [first.rows.map((r) => r.title), next.rows.length, next.firstPage];
      };
      const results = [];
      for (let n = 0; n < 6; n++) results.push(await read(n));
      const warm = await plans();
      for (let n = 6; n < 9; n++) results.push(await read(n));
      const after = await plans();
      const used = [...after.keys()].filter((name) => after.get(name)!.generic + after.get(name)!.custom > (before.get(name)?.generic ?? 0) + (before.get(name)?.custom ?? 0));
      // The window from the start and from the anchor, the other side's check and the read by ids.
      expect(used.length).toBeGreaterThanOrEqual(4);
      // The windows' size is in their SQL, beside the keys' (a value).
      expect(used.filter((name) => after.get(name)!.statement.includes(' as "k" limit 3)'))).toHaveLength(2);
      for (const name of used) {
        // Its values hidden from the planner, whatever the data, so that a plan for them looks no cheaper.
        expect(after.get(name)!.statement).toContain('"p"."network_id" = (select $');
        // Past the fifth run, each is run from its plan for any values, not planned again.
        expect(after.get(name)!.custom, name).toBe(warm.get(name)!.custom);
        expect(after.get(name)!.generic, name).toBe(warm.get(name)!.generic + 3);
      }
      expect(results[0]![0]).toEqual(['Planned 2', 'Planned 1']);
      expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    });
  });

  it('sends a statement unnamed once a migration changed the columns it reads', async () => {
    const everything = preparedQuery((db: Db, _s: null, v: { id: number }) => db.selectFrom('networks').selectAll().where('id', '=', v.id));
    const [network] = await server.db.selectFrom('networks').select('id').execute();
    await server.db.connection().execute(async (db) => {
      const first = await everything(db, null, { id: network!.id });
      await sql`alter table networks add column pg_statements_test integer`.execute(db);
      try {
        const after = await everything(db, null, { id: network!.id });
        expect(after[0]).toEqual({ ...first[0], pg_statements_test: null });
        // And again, unnamed from now on.
        expect(await everything(db, null, { id: network!.id })).toEqual(after);
      } finally {
        await sql`alter table networks drop column pg_statements_test`.execute(db);
      }
    });
  });
});

describe('values hidden from the planner', () => {
  it('reads each value through a sub-select of its type, outside quoted text and names', () => {
    expect(opaqueValues(`select '$1', "a$2" from t where a = $1 and b in ($2, $10) and c = 'it''s $3' limit $3`, ['bigint', 'text', null, ...Array(6).fill(null), 'bigint'])).toBe(
      `select '$1', "a$2" from t where a = (select $1::bigint) and b in ((select $2::text), (select $10::bigint)) and c = 'it''s $3' limit $3`,
    );
  });
});
