// Screenshots of the web app's main pages for the README, taken from a running server with
// demo content (`npm start`): `npm run screenshots` writes docs/screenshots/*.png, each page
// at desktop width in the light scheme and at phone width in the dark one. `--all` takes every
// combination (1280/390 px, light/dark, visitor/member) into a folder given by --out, for review.
// The administrators' pages are taken signed in as the Network Creator, when ADMIN_PASSWORD is set.
//   BASE_URL        the running app (default http://127.0.0.1:3000)
//   NETWORK         the network to show (default: the one the server opens at /)
//   ADMIN_EMAIL     the Network Creator's email (default admin@apiexample.example)
//   ADMIN_PASSWORD  the Network Creator's password, as the server was started with
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appPath, paths } from '../web/lib/paths';

const { values: options } = parseArgs({
  options: { all: { type: 'boolean', default: false }, out: { type: 'string' } },
});
const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const outDir = options.out ?? path.join(import.meta.dirname, '..', 'docs', 'screenshots');

/** What a page's address needs: the network and one of each kind of item the demo content has. */
type Sample = { network: string; post: string; photo?: string; member?: string; tag?: string; video?: string; topic?: string; category?: string };
type Viewer = 'visitor' | 'member' | 'admin';
/** `reviewOnly` pages are taken with --all, and not for the README. */
type Shot = { name: string; path: (s: Sample) => string | undefined; as: Viewer; reviewOnly?: boolean };

const SHOTS: Shot[] = [
  { name: 'front-page', path: (s) => paths.home(s.network), as: 'member' },
  { name: 'blog', path: (s) => paths.blog(s.network), as: 'visitor' },
  { name: 'blog-post', path: (s) => s.post, as: 'member' },
  { name: 'photos', path: (s) => paths.photos(s.network), as: 'member' },
  { name: 'photo', path: (s) => s.photo, as: 'member' },
  { name: 'members', path: (s) => paths.members(s.network), as: 'member' },
  { name: 'member-profile', path: (s) => s.member, as: 'member' },
  { name: 'friends', path: (s) => paths.friends(s.network), as: 'member' },
  { name: 'featured', path: (s) => paths.featured(s.network), as: 'member' },
  { name: 'tags', path: (s) => paths.tags(s.network), as: 'member' },
  { name: 'tag', path: (s) => s.tag && paths.tag(s.network, s.tag), as: 'visitor' },
  { name: 'activity', path: (s) => paths.activity(s.network), as: 'member' },
  { name: 'forum', path: (s) => paths.forum(s.network), as: 'member' },
  { name: 'forum-category', path: (s) => s.category, as: 'member', reviewOnly: true },
  { name: 'topic', path: (s) => s.topic, as: 'member', reviewOnly: true },
  { name: 'videos', path: (s) => paths.videos(s.network), as: 'member' },
  { name: 'video', path: (s) => s.video, as: 'member', reviewOnly: true },
  { name: 'search', path: (s) => paths.search(s.network, 'community'), as: 'member' },
  { name: 'write', path: (s) => paths.write(s.network), as: 'member' },
  { name: 'my-posts', path: (s) => paths.myPosts(s.network), as: 'member' },
  { name: 'settings', path: (s) => paths.profileSettings(s.network), as: 'member' },
  { name: 'access-tokens', path: (s) => paths.accessTokens(s.network), as: 'member', reviewOnly: true },
  { name: 'sign-up', path: (s) => paths.signUp(s.network), as: 'visitor' },
  { name: 'api-reference', path: (s) => paths.apiReference(s.network), as: 'visitor' },
  { name: 'admin-dashboard', path: (s) => paths.admin(s.network), as: 'admin' },
  { name: 'admin-queue', path: (s) => paths.adminQueue(s.network), as: 'admin' },
  { name: 'admin-members', path: (s) => paths.adminMembers(s.network), as: 'admin' },
  { name: 'admin-featured', path: (s) => paths.adminFeatured(s.network), as: 'admin' },
  { name: 'admin-broadcasts', path: (s) => paths.adminBroadcasts(s.network), as: 'admin' },
  { name: 'admin-settings', path: (s) => paths.adminSettings(s.network), as: 'admin' },
  { name: 'admin-audit', path: (s) => paths.adminAudit(s.network), as: 'admin' },
  { name: 'admin-keys', path: (s) => paths.adminKeys(s.network), as: 'admin' },
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

const robin = { fullName: 'Robin Reader', email: `robin-${Date.now().toString(36)}@screenshots.example`, password: `robin-${Date.now().toString(36)}-password` };
let robinJoined = false;

/** A member, signed up through the API like any visitor (once, then signed in), so the shots show a member's view. */
async function memberContext(browser: Browser, network: string, look: Look): Promise<BrowserContext> {
  const context = await newContext(browser, look);
  const reply = robinJoined
    ? await context.request.post(`/xn/rest/${network}/1.0/Session`, { form: { email: robin.email, password: robin.password } })
    : await context.request.post(`/xn/rest/${network}/1.0/User`, { form: robin });
  if (!reply.ok()) throw new Error(`Could not sign in the screenshot member: ${await reply.text()}`);
  robinJoined = true;
  return context;
}

/** The Network Creator (the server's ADMIN_EMAIL and ADMIN_PASSWORD), signed in; none without a password. */
async function adminContext(browser: Browser, network: string, look: Look): Promise<BrowserContext | undefined> {
  const password = process.env.ADMIN_PASSWORD;
  if (!password) return undefined;
  const context = await newContext(browser, look);
  const email = process.env.ADMIN_EMAIL ?? 'admin@apiexample.example';
  const reply = await context.request.post(`/xn/rest/${network}/1.0/Session`, { form: { email, password } });
  if (!reply.ok()) throw new Error(`Could not sign in as ${email}: ${await reply.text()}`);
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

/** The in-app path of the first item a listing returns, if any. */
async function firstPath(network: string, listing: string): Promise<string | undefined> {
  const reply = await fetch(`${baseURL}/xn/rest/${network}/1.0/${listing}`);
  const url = ((await reply.json()) as { entry?: { url?: string }[] }).entry?.[0]?.url;
  return url ? appPath(url) : undefined;
}

async function sample(network: string): Promise<Sample> {
  const tags = (await (await fetch(`${baseURL}/xn/rest/${network}/1.0/Tag/popular?count=1`)).json()) as { entry?: { value: string }[] };
  return {
    network,
    post: (await firstPath(network, 'BlogPost/recent?count=1&fields=url')) ?? paths.blog(network),
    photo: await firstPath(network, 'Photo/recent?count=1&fields=url'),
    member: await firstPath(network, 'User/alpha?count=1&fields=url'),
    tag: tags.entry?.[0]?.value,
    video: await firstPath(network, 'Video/recent?count=1&fields=url'),
    topic: await firstPath(network, 'Topic/recent?count=1&fields=url'),
    category: await firstPath(network, 'Category/alpha?count=1&fields=url'),
  };
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  mkdirSync(outDir, { recursive: true });
  const network = await defaultNetwork();
  const items = await sample(network);
  if (!process.env.ADMIN_PASSWORD) console.log('ADMIN_PASSWORD is not set: no shots of the administrators\' pages.');

  for (const look of LOOKS) {
    const viewers: Record<Viewer, BrowserContext | undefined> = {
      visitor: await newContext(browser, look),
      member: await memberContext(browser, network, look),
      admin: await adminContext(browser, network, look),
    };
    for (const shot of SHOTS) {
      if (shot.reviewOnly && !options.all) continue;
      const address = shot.path(items);
      if (!address) {
        console.log(`skipped ${shot.name}: the network has nothing to show there`);
        continue;
      }
      // Pages a visitor can see are also taken as a member with --all; the others as whoever they are for.
      const who: Viewer[] = options.all && shot.as !== 'admin' ? ['visitor', 'member'] : [shot.as];
      for (const viewer of who) {
        const context = viewers[viewer];
        if (!context) continue;
        const page = await context.newPage();
        await page.goto(address);
        await settle(page);
        const name = options.all
          ? `${shot.name}-${look.width}-${look.colorScheme}-${viewer}.png`
          : `${shot.name}-${look.width === 390 ? 'phone' : 'desktop'}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: look.width === 390 });
        console.log(`wrote ${path.relative(process.cwd(), path.join(outDir, name))}`);
        await page.close();
      }
    }
    for (const context of Object.values(viewers)) await context?.close();
  }
} finally {
  await browser.close();
}
