// On PostgreSQL a server reads the catalog of its own schema alone: a table of another schema
// of the same database is not listed, so that schema may be dropped while this server starts
// (its migrator looks for its tables through this) without failing it.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce, startTestServer, type TestServer } from '../test/harness';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl)("the catalog of a server's own schema", () => {
  const other = `o_${crypto.randomBytes(5).toString('hex')}`;
  let server: TestServer;
  beforeAll(async () => {
    await runOnce(databaseUrl!, `create schema ${other}; create table ${other}.not_ours (id serial primary key)`);
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
    await runOnce(databaseUrl!, `drop schema if exists ${other} cascade`);
  });

  it('lists the tables of the schema the server works in, and none of another', async () => {
    const tables = await server.db.introspection.getTables();
    const names = tables.map((t) => t.name);
    expect(names).toContain('accounts');
    expect(names).not.toContain('not_ours');
    expect(names).not.toContain('kysely_migration');
    expect(new Set(tables.map((t) => t.schema)).size).toBe(1);
    const accounts = tables.find((t) => t.name === 'accounts')!;
    expect(accounts.columns.find((c) => c.name === 'id')).toMatchObject({ isNullable: false, isAutoIncrementing: expect.any(Boolean) });
  });

  it("names Kysely's own tables when asked, as its migrator asks", async () => {
    const names = (await server.db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'accounts']));
  });
});
