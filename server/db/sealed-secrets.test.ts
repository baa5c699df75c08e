// OAuth consumer and token secrets are stored sealed with the deployment's key: no table holds
// one in plain text, signed requests still verify, a secret that does not open refuses its
// consumer (not a 500), a database from before encryption is sealed by its migration, a key
// that cannot open the database is refused, and SECRETS_KEY_PREVIOUS rotates to a new key.
// The recorded clients' signatures are checked in server/http/recorded-clients.test.ts,
// against secrets stored the same way.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { KEY_FILE, loadSecretBox, SecretBox } from '../lib/secret-box';
import { expectError } from '../test/expect-api';
import { fetchToken, OAuthClient, startTestServer, type TestServer } from '../test/harness';
import { tableNames, tableRows } from '../test/digest';
import { migrateToLatest } from './migrate';
import { checkSecretsKey, openSecret, SEALED_COLUMNS, sealSecret } from './sealed-secrets';

const key = crypto.randomBytes(32);
const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

let server: TestServer;
let program: OAuthClient;
const logged: string[] = [];

/** Every sealed value as stored, with the name of its row. */
async function stored() {
  const consumers = await server.db.selectFrom('oauth_consumers').select(['consumer_key as name', 'consumer_secret as value']).execute();
  const tokens = await server.db.selectFrom('oauth_tokens').select(['token as name', 'token_secret as value']).execute();
  return [...consumers.map((r) => ({ ...r, table: 'oauth_consumers' as const })), ...tokens.map((r) => ({ ...r, table: 'oauth_tokens' as const }))];
}

/** Whether the program's signature is accepted (GET AccessToken wants a signed-in caller; a bad signature is a 401). */
async function signsIn(client: OAuthClient) {
  return (await client.get('AccessToken')).status === 200;
}

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({ SECRETS_KEY: key.toString('base64') }, { log: pino({ level: 'error' }, sink) });
  const member = await server.signUp('Sealed Secrets');
  program = await server.oauthFor(member.who);
});
afterAll(() => server.stop());

describe('OAuth secrets at rest', () => {
  it('are in no table in plain text, and signed requests verify with them', async () => {
    const plain = [program.consumer.secret, program.token!.secret];
    for (const table of await tableNames(server.db)) {
      const rows = (await tableRows(server.db, table)).join('\n');
      for (const secret of plain) expect(rows.includes(secret), `${table} holds a secret`).toBe(false);
    }
    const rows = await stored();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.value).toMatch(new RegExp(`^v1:${server.secrets.keyId}:[\\w-]+$`));
    expect(await signsIn(program)).toBe(true);
  });

  it('do not open for another row, nor once altered', async () => {
    const [consumer] = await stored();
    expect(() => openSecret(server.secrets, 'oauth_consumers', 'another-key', consumer!.value)).toThrow();
    const altered = consumer!.value.slice(0, -2) + (consumer!.value.endsWith('A') ? 'BB' : 'AA');
    expect(() => openSecret(server.secrets, 'oauth_consumers', consumer!.name, altered)).toThrow();
  });

  it("that do not open refuse their consumer's requests as unusable (401, 1-4) and are logged by consumer key", async () => {
    const broken = await server.consumer('hand-edited');
    const member = await server.signUp('Unlucky Program');
    const rows = await stored();
    const sealed = rows.find((r) => r.name === broken.key)!.value;
    // Another row's sealed secret, copied over by hand: it is bound to the other row.
    const copied = rows.find((r) => r.table === 'oauth_consumers' && r.name !== broken.key)!.value;
    await server.db.updateTable('oauth_consumers').set({ consumer_secret: copied }).where('consumer_key', '=', broken.key).execute();

    const token = await fetchToken(server, broken, member.who.email!, member.who.password!);
    expectError(token, 401, 1, 4);
    expect(token.body.reason).toMatch(/consumer key cannot be used/);
    expectError(await new OAuthClient(server, broken).post('BlogPost', { title: 'Never posted' }), 401, 1, 4);
    const errors = logged.map((line) => JSON.parse(line) as { level: number; msg: string; consumer_key?: string }).filter((e) => e.level === 50);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    for (const e of errors) {
      expect(e.consumer_key).toBe(broken.key);
      expect(e.msg).toContain(`oauth_consumers '${broken.key}' cannot be opened`);
    }
    expect(logged.join('').includes(broken.secret)).toBe(false);
    // Other consumers sign as before, and the key signs again once its secret is put back.
    expect(await signsIn(program)).toBe(true);
    await server.db.updateTable('oauth_consumers').set({ consumer_secret: sealed }).where('consumer_key', '=', broken.key).execute();
    expect((await fetchToken(server, broken, member.who.email!, member.who.password!)).status).toBe(200);
  });

  it('left plain by an older version are sealed by the migration, and still sign', async () => {
    await server.db.updateTable('oauth_consumers').set({ consumer_secret: program.consumer.secret }).where('consumer_key', '=', program.consumer.key).execute();
    await server.db.updateTable('oauth_tokens').set({ token_secret: program.token!.secret }).where('token', '=', program.token!.key).execute();
    await sql`delete from kysely_migration where name = '0075-sealed-oauth-secrets'`.execute(server.db);
    expect((await stored()).some((r) => r.value === program.consumer.secret)).toBe(true);

    await migrateToLatest(server.db, dialect, server.secrets);
    for (const row of await stored()) expect(row.value.startsWith(`v1:${server.secrets.keyId}:`)).toBe(true);
    expect(await signsIn(program)).toBe(true);
  });

  it('refuse a key that cannot open them, and move to a new key given the previous one', async () => {
    const next = crypto.randomBytes(32);
    await expect(checkSecretsKey(server.db, new SecretBox(next))).rejects.toThrow(/encrypted with key \w+, and this server's key is \w+/);
    const before = await stored();

    const rotated = new SecretBox(next, [key]);
    await checkSecretsKey(server.db, rotated);
    const after = await stored();
    expect(after).toHaveLength(before.length);
    for (const row of after) {
      expect(row.value.startsWith(`v1:${rotated.keyId}:`)).toBe(true);
      const was = before.find((b) => b.name === row.name)!;
      expect(openSecret(rotated, row.table, row.name, row.value)).toBe(openSecret(server.secrets, row.table, was.name, was.value));
    }
    // The old key is refused now, even beside the new one: it would seal everything back.
    await expect(checkSecretsKey(server.db, new SecretBox(key, [next]))).rejects.toThrow(/was rotated out/);
    // A secret an instance still on the old key sealed meanwhile is sealed again at the next start.
    const straggler = after[0]!;
    const plain = openSecret(rotated, straggler.table, straggler.name, straggler.value);
    const { column, name } = SEALED_COLUMNS[straggler.table];
    const sealedWithOldKey = sealSecret(new SecretBox(key), straggler.table, straggler.name, plain);
    await sql`update ${sql.table(straggler.table)} set ${sql.ref(column)} = ${sealedWithOldKey} where ${sql.ref(name)} = ${straggler.name}`.execute(server.db);
    await checkSecretsKey(server.db, rotated);
    for (const row of await stored()) expect(openSecret(new SecretBox(next), row.table, row.name, row.value)).toBeTruthy();
  });
});

describe('the secrets key', () => {
  it('is made once in the data folder, readable by its owner only, when SECRETS_KEY is not set', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const first = loadSecretBox(config);
      expect(fs.statSync(path.join(dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(loadSecretBox(config).keyId).toBe(first.keyId);
      const hex = crypto.randomBytes(32);
      expect(loadSecretBox(loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: hex.toString('hex') })).keyId).toBe(new SecretBox(hex).keyId);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is refused at start unless it is 32 bytes as base64 or hex', () => {
    expect(() => loadConfig({ SECRETS_KEY: 'correct horse battery staple' })).toThrow(/SECRETS_KEY: must be 32 random bytes/);
    expect(() => loadConfig({ SECRETS_KEY: crypto.randomBytes(16).toString('base64') })).toThrow(/SECRETS_KEY/);
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: `${key.toString('base64')},nope` })).toThrow(/SECRETS_KEY_PREVIOUS/);
    expect(loadConfig({ SECRETS_KEY: crypto.randomBytes(32).toString('base64url') }).SECRETS_KEY).toHaveLength(32);
  });
});
