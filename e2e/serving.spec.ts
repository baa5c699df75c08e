// The built app served as it is deployed: the shell names the configured default network and
// is revalidated, hashed assets are immutable and compressed, and with HOST=0.0.0.0 the app
// loads over plain HTTP from an address that is not this machine's loopback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { spawnServer, type ChildServer } from '../server/test/spawn-server';
import { NETWORK } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

test('the shell names the default network and is revalidated; its assets are immutable and compressed', async ({ request }) => {
  const shell = await request.get('/');
  expect(shell.status()).toBe(200);
  expect(shell.headers()['cache-control']).toBe('no-cache');
  expect(shell.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  const html = await shell.text();
  expect(html).toContain(`<meta name="default-network" content="${NETWORK}" />`);

  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
  for (const asset of assets) {
    const res = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status(), asset).toBe(200);
    expect(res.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    // The app's entry script is well over the size worth compressing.
    if (/\/index-[\w-]+\.js$/.test(asset)) expect(res.headers()['content-encoding'], asset).toMatch(/^(br|gzip)$/);
  }
  expect((await request.get('/assets/index-from-an-older-build.js')).status()).toBe(404);
});

test.describe('HOST=0.0.0.0 over plain HTTP on a LAN address', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-lan-'));
  let server: ChildServer;

  test.beforeAll(async () => {
    server = await spawnServer({
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEFAULT_NETWORK: 'lanparty',
      ADMIN_PASSWORD: 'lan-party-password',
    });
  });
  test.afterAll(async () => {
    server?.process.kill('SIGTERM');
    await server?.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('/ loads the app and opens the configured default network', async ({ browserName }, testInfo) => {
    expect(browserName).toBe('chromium');
    // A name that is not localhost, resolved to this machine's LAN address when it has one:
    // a page from it is not a secure context, as on any LAN.
    const lan = Object.values(os.networkInterfaces()).flat().find((a) => a?.family === 'IPv4' && !a.internal)?.address ?? '127.0.0.1';
    const port = new URL(server.url).port;
    const launchOptions = testInfo.project.use.launchOptions ?? {};
    const browser = await chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP community.lan ${lan}`],
    });
    try {
      const page = await (await browser.newContext()).newPage();
      const failures: string[] = [];
      page.on('requestfailed', (r) => failures.push(`${r.url()}: ${r.failure()?.errorText}`));
      await page.goto(`http://community.lan:${port}/`);
      await expect(page).toHaveURL(`http://community.lan:${port}/n/lanparty`);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await expect(page.getByRole('banner')).toContainText('API Example');
      // A new network's feed already says who started it.
      await expect(page.getByText('joined the network')).toBeVisible();
      expect(failures).toEqual([]);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
    } finally {
      await browser.close();
    }
  });
});
