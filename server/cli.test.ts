// The operator command line, run as a real process against a throwaway database.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce } from './test/harness';
import { openDatabase } from './db/database';
import { openSecret } from './db/sealed-secrets';
import { KEY_FILE, parseKey, SecretBox } from './lib/secret-box';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '..');
const tsx = path.join(repo, 'node_modules', '.bin', 'tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-cli-'));
const databaseUrl = process.env.TEST_DATABASE_URL;
const schema = `cli_${crypto.randomBytes(5).toString('hex')}`;

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  PGOPTIONS: databaseUrl ? `-c search_path=${schema}` : '',
  DEMO_CONTENT: 'off',
  ADMIN_EMAIL: 'operator@cli.example',
  ADMIN_PASSWORD: 'operator-password',
};

async function cli(...args: string[]) {
  return run(tsx, ['server/cli.ts', ...args], { cwd: repo, env });
}

beforeAll(async () => {
  if (databaseUrl) await runOnce(databaseUrl, `create schema ${schema}`);
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await runOnce(databaseUrl, `drop schema ${schema} cascade`);
});

describe('npm run cli', () => {
  it('creates an OAuth consumer for the default network and prints it as JSON', async () => {
    const { stdout } = await cli('consumer', 'create', '--network', 'apiexample', '--name', 'myapp', '--json');
    const result = JSON.parse(stdout);
    expect(result).toEqual({
      network: 'apiexample',
      name: 'myapp',
      consumerKey: expect.stringMatching(/^[\w-]{16,}$/),
      consumerSecret: expect.stringMatching(/^[\w-]{24,}$/),
    });
  });

  // Four processes, one of which renders the demo photos: on a busy machine that takes a while.
  it('creates a network with its creator, a member, and demo content', { timeout: 120_000 }, async () => {
    const network = JSON.parse((await cli('network', 'create', '--subdomain', 'gardeners', '--email', 'g@cli.example', '--json')).stdout);
    expect(network).toMatchObject({ network: 'gardeners', networkId: expect.any(Number), screenName: expect.stringMatching(/^[0-9][a-z0-9]+$/), password: expect.any(String) });
    // Its activity feed is not empty: it starts with the creator joining.
    const { db } = openDatabase({ dataDir, databaseUrl, pgSchema: databaseUrl ? schema : undefined });
    try {
      const events = await db
        .selectFrom('activities as e')
        .innerJoin('accounts as a', 'a.id', 'e.author_id')
        .select(['e.type', 'a.screen_name'])
        .where('e.network_id', '=', network.networkId)
        .execute();
      expect(events).toEqual([{ type: 'JoinNetwork', screen_name: network.screenName }]);
    } finally {
      await db.destroy();
    }

    const member = JSON.parse((await cli('member', 'create', '--network', 'gardeners', '--email', 'm@cli.example', '--role', 'admin', '--json')).stdout);
    expect(member).toMatchObject({ id: expect.stringMatching(new RegExp(`^${network.networkId}:User:\\d+$`)), role: 'admin' });

    const seeded = JSON.parse((await cli('seed', '--network', 'gardeners', '--json')).stdout);
    expect(seeded).toMatchObject({ network: 'gardeners', demoMemberPassword: expect.any(String) });
    // Every kind of page has something on it: posts, photos, forum, videos and featured items.
    const demo = openDatabase({ dataDir, databaseUrl, pgSchema: databaseUrl ? schema : undefined });
    try {
      const tables = ['blog_posts', 'photos', 'forum_categories', 'forum_topics', 'videos', 'comments'] as const;
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const row = await demo.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('network_id', '=', network.networkId)
          .executeTakeFirstOrThrow();
        counts[table] = Number(row.n);
      }
      expect(counts).toEqual({ blog_posts: 8, photos: 4, forum_categories: 2, forum_topics: 3, videos: 3, comments: expect.any(Number) });
      expect(counts.comments).toBeGreaterThan(20);
      const featured = await demo.db
        .selectFrom('activities')
        .select('type')
        .where('network_id', '=', network.networkId)
        .where('type', 'like', 'Feature%')
        .execute();
      expect(featured.map((e) => e.type).sort()).toEqual(['FeatureBlogPost', 'FeatureBlogPost', 'FeaturePhoto', 'FeaturePhoto', 'FeatureVideo']);
    } finally {
      await demo.db.destroy();
    }
  });

  it('encrypts the OAuth secrets again with a new key, after which only the new key opens them', async () => {
    const made = JSON.parse((await cli('consumer', 'create', '--network', 'apiexample', '--name', 'rekeyed', '--json')).stdout);
    const oldKey = fs.readFileSync(path.join(dataDir, KEY_FILE), 'utf8');
    const newKey = crypto.randomBytes(32);
    const newKeyFile = path.join(dataDir, 'new.key');
    fs.writeFileSync(newKeyFile, `${newKey.toString('base64')}\n`);

    const rekeyed = JSON.parse((await cli('secrets', 'rekey', '--new-key-file', newKeyFile, '--json')).stdout);
    const box = new SecretBox(newKey);
    expect(rekeyed).toEqual({ keyId: box.keyId, previousKeyId: new SecretBox(parseKey(oldKey)!).keyId, secrets: expect.any(Number) });
    expect(rekeyed.secrets).toBeGreaterThanOrEqual(1);
    const { db } = openDatabase({ dataDir, databaseUrl, pgSchema: databaseUrl ? schema : undefined });
    try {
      const row = await db.selectFrom('oauth_consumers').select('consumer_secret').where('consumer_key', '=', made.consumerKey).executeTakeFirstOrThrow();
      expect(row.consumer_secret.startsWith(`v1:${box.keyId}:`)).toBe(true);
      expect(openSecret(box, 'oauth_consumers', made.consumerKey, row.consumer_secret)).toBe(made.consumerSecret);
    } finally {
      await db.destroy();
    }

    // The old key is refused now; the new one, put in place of the key file, opens the database.
    await expect(cli('secrets', 'rekey', '--new-key-file', newKeyFile)).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: This server's key \w+ was rotated out/) });
    fs.copyFileSync(newKeyFile, path.join(dataDir, KEY_FILE));
    await expect(cli('secrets', 'rekey', '--new-key-file', newKeyFile)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('already') });
    await expect(cli('secrets', 'rekey', '--new-key-file', path.join(dataDir, 'missing.key'))).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('does not hold a 32-byte key'),
    });
  });

  it('explains itself and refuses bad input with a clear message', async () => {
    const help = await cli('--help');
    expect(help.stdout).toContain('consumer create --network NAME --name APP [--json]');
    await expect(cli('consumer', 'create', '--network', 'nowhere', '--name', 'x')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("no network 'nowhere'"),
    });
    await expect(cli('network', 'create', '--subdomain', 'apiexample', '--email', 'x@cli.example')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('already exists'),
    });
  });
});
