// Screenshots of the web app's main pages for the README, taken from a running server with
// demo content (`npm start`): `npm run screenshots` writes docs/screenshots/*.png, each page
// at desktop width in the light scheme and at phone width in the dark one. `--all` takes every
// combination (1280/390 px, light/dark, visitor/member) into a folder given by --out, for review.
//   BASE_URL   the running app (default http://127.0.0.1:3000)
//   NETWORK    the network to show (default: the one the server opens at /)
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({
  options: { all: { type: 'boolean', default: false }, out: { type: 'string' } },
});
const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const outDir = options.out ?? path.join(import.meta.dirname, '..', 'docs', 'screenshots');

type Shot = { name: string; path: (network: string, postPath: string) => string; signedIn: boolean };

const SHOTS: Shot[] = [
  { name: 'front-page', path: (n) => `/n/${n}`, signedIn: true },
  { name: 'blog', path: (n) => `/n/${n}/blog`, signedIn: false },
  { name: 'blog-post', path: (_n, post) => post, signedIn: true },
  { name: 'sign-up', path: (n) => `/n/${n}/signup`, signedIn: false },
  { name: 'api-reference', path: (n) => `/n/${n}/api`, signedIn: false },
];

type Look = { width: number; height: number; colorScheme: 'light' | 'dark' };
const DESKTOP_LIGHT: Look = { width: 1280, height: 900, colorScheme: 'light' };
const PHONE_DARK: Look = { width: 390, height: 844, colorScheme: 'dark' };
const LOOKS = options.all
  ? [DESKTOP_LIGHT, { ...DESKTOP_LIGHT, colorScheme: 'dark' as const }, { ...PHONE_DARK, colorScheme: 'light' as const }, PHONE_DARK]
  : [DESKTOP_LIGHT, PHONE_DARK];

async function defaultNetwork(): Promise<string> {
  if (process.env.NETWORK) return process.env.NETWORK;
  const html = await (await fetch(baseURL)).text();
  const named = /<meta name="default-network" content="([^"]+)"/.exec(html)?.[1];
  const redirected = /\/n\/([^/?#]+)/.exec((await fetch(baseURL, { redirect: 'manual' })).headers.get('location') ?? '')?.[1];
  return named ?? redirected ?? 'apiexample';
}

/** A member to be, signed up through the API like any visitor, so the shots show a member's view. */
async function memberContext(browser: Browser, network: string, look: Look): Promise<BrowserContext> {
  const context = await newContext(browser, look);
  const id = Date.now().toString(36);
  const reply = await context.request.post(`/xn/rest/${network}/1.0/User`, {
    form: { fullName: 'Robin Reader', email: `robin-${id}@screenshots.example`, password: `robin-${id}-password` },
  });
  if (!reply.ok()) throw new Error(`Could not sign up the screenshot member: ${await reply.text()}`);
  return context;
}

function newContext(browser: Browser, look: Look) {
  return browser.newContext({
    baseURL,
    viewport: { width: look.width, height: look.height },
    colorScheme: look.colorScheme,
    deviceScaleFactor: 1,
  });
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[role="status"]').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  mkdirSync(outDir, { recursive: true });
  const network = await defaultNetwork();
  const listing = await (await fetch(`${baseURL}/xn/rest/${network}/1.0/BlogPost/recent?count=1&fields=url`)).json();
  const postPath = new URL(listing.entry[0]?.url ?? `${baseURL}/n/${network}/blog`).pathname;

  for (const look of LOOKS) {
    const visitor = await newContext(browser, look);
    const member = await memberContext(browser, network, look);
    for (const shot of SHOTS) {
      for (const signedIn of options.all ? [false, true] : [shot.signedIn]) {
        const page = await (signedIn ? member : visitor).newPage();
        await page.goto(shot.path(network, postPath));
        await settle(page);
        const name = options.all
          ? `${shot.name}-${look.width}-${look.colorScheme}-${signedIn ? 'member' : 'visitor'}.png`
          : `${shot.name}-${look.width === 390 ? 'phone' : 'desktop'}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: look.width === 390 });
        console.log(`wrote ${path.relative(process.cwd(), path.join(outDir, name))}`);
        await page.close();
      }
    }
    await visitor.close();
    await member.close();
  }
} finally {
  await browser.close();
}
