// Stored XSS: every payload of e2e/xss-payloads.ts is written by members through every text
// field they can write (through the REST service, and some through the composer), then a
// reader opens every page that shows those items. A detector installed before the pages'
// own scripts records any payload that runs (`xss(n)`, alert and its kin); the page must also
// report no Content-Security-Policy violation of script (markup that would have run had the
// policy not stopped it) and hold no element or attribute that could run script later
// (event handlers, javascript: or data: links, frames, objects, <base>, refresh).
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { call, csrf, expectOk, rest } from './admin-fixtures';
import { NETWORK, newMember, signUp, unique } from './fixtures';
import { PAYLOADS } from './xss-payloads';

declare global {
  interface Window {
    __xss: string[];
    __csp: string[];
    xss: (n: unknown) => void;
  }
}

/** Runs before any script of the page: the function payloads call, and what CSP stopped. */
function installDetector() {
  window.__xss = [];
  window.__csp = [];
  window.xss = (n) => void window.__xss.push(`xss(${String(n)})`);
  for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
    (window as unknown as Record<string, unknown>)[name] = (message: unknown) => void window.__xss.push(`${name}(${String(message)})`);
  }
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__csp.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`.trim());
  });
}

/** Elements and attributes that could run script, found in the page as it is now. */
function dangerousMarkup(): string[] {
  const found: string[] = [];
  const scriptUrl = /^(javascript|vbscript|data):/i;
  const urlAttributes = new Set(['href', 'xlink:href', 'action', 'formaction', 'data', 'code', 'codebase']);
  const framedHosts = ['https://www.youtube-nocookie.com/', 'https://player.vimeo.com/'];
  for (const element of document.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    const where = `<${tag}${element.id ? `#${element.id}` : ''}>`;
    if (tag === 'script' && !(element as HTMLScriptElement).src.startsWith(`${location.origin}/`)) found.push(`${where} inline or foreign script`);
    if (['object', 'embed', 'applet', 'base', 'isindex'].includes(tag)) found.push(`${where} element`);
    if (tag === 'meta' && element.hasAttribute('http-equiv') && element.closest('body')) found.push(`${where} http-equiv in the body`);
    if (tag === 'iframe' && !framedHosts.some((host) => (element as HTMLIFrameElement).src.startsWith(host))) found.push(`${where} frame of ${element.getAttribute('src')}`);
    for (const { name, value } of element.attributes) {
      const attribute = name.toLowerCase();
      const url = value.replace(/[\u0000-\u0020]/g, '');
      if (attribute.startsWith('on')) found.push(`${where} ${attribute}="${value}"`);
      else if (attribute === 'srcdoc') found.push(`${where} srcdoc`);
      else if (urlAttributes.has(attribute) && scriptUrl.test(url)) found.push(`${where} ${attribute}="${value}"`);
      else if (attribute === 'src' && tag !== 'img' && scriptUrl.test(url)) found.push(`${where} src="${value}"`);
      else if (attribute === 'style' && /expression\(|javascript:|behavior:|-moz-binding/i.test(url)) found.push(`${where} style="${value}"`);
    }
  }
  return found;
}

const fit = (text: string, max: number) => text.slice(0, max);
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

type Written = { n: number; screenName: string; post: string; photo: string; topic: string; video: string };

test('no payload of the XSS corpus runs on any page that shows what members wrote', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(240_000);
  const marker = `xc${unique()}`;
  const title = (n: number, payload: string) => `#${n} ${marker} ${payload}`;
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 110, b: 160 } } }).png().toBuffer();
  const writers: APIRequestContext[] = [];

  /** One member per payload writes it into every text field a member has. */
  async function writeEverywhere(payload: string, index: number): Promise<Written> {
    const n = index + 1;
    const request = await playwright.request.newContext({ baseURL });
    writers.push(request);
    const member = { ...newMember('Writer'), fullName: fit(payload, 100).trim() || `Writer ${n}` };
    await signUp(request, member);
    const screenName = ((await (await request.get(rest('Session'))).json()) as { entry: { author: string } }).entry.author;
    // A comment whose text is all script is refused as empty once cleaned, so each says a word too.
    const reply = `${payload} (${n})`;
    const text = { title: title(n, payload), description: payload, tag: `${fit(payload, 64)},${marker}` };
    const idOf = async (response: Awaited<ReturnType<typeof call>>) => (await expectOk(response)).id as string;
    const post = await idOf(await call(request, 'POST', 'BlogPost', { ...text, publishStatus: 'publish', visibility: 'all' }));
    await expectOk(await call(request, 'POST', 'Comment', { attachedTo: post, description: reply }));
    const photoResponse = await request.post(rest('Photo'), {
      headers: { 'X-CSRF-Token': await csrf(request) },
      multipart: { ...text, file: { name: 'x.png', mimeType: 'image/png', buffer: picture } },
    });
    const photo = await idOf(photoResponse);
    await expectOk(await call(request, 'POST', 'Comment', { attachedTo: photo, description: reply }));
    const topic = await idOf(await call(request, 'POST', 'Topic', text));
    await expectOk(await call(request, 'POST', 'Comment', { attachedTo: topic, description: reply }));
    const video = await idOf(await call(request, 'POST', 'Video', { ...text, url: YOUTUBE }));
    await expectOk(await call(request, 'POST', 'Comment', { attachedTo: video, description: reply }));
    await expectOk(await call(request, 'PUT', 'User', { statusMessage: fit(payload, 140), location: fit(payload, 200) }));
    return { n, screenName, post, photo, topic, video };
  }

  const written: Written[] = [];
  for (let start = 0; start < PAYLOADS.length; start += 8) {
    const batch = PAYLOADS.slice(start, start + 8);
    written.push(...(await Promise.all(batch.map((payload, i) => writeEverywhere(payload, start + i)))));
  }
  await Promise.all(writers.map((request) => request.dispose()));

  const findings: string[] = [];
  let visits = 0;
  let renderings = 0;
  /** Collects what the detector saw on the page, then clears it for the next visit. */
  async function inspect(page: Page, fieldsShown: number) {
    const markup = await page.evaluate(dangerousMarkup);
    const { ran, csp } = await page.evaluate(() => {
      const seen = { ran: [...window.__xss], csp: [...window.__csp] };
      window.__xss.length = 0;
      window.__csp.length = 0;
      return seen;
    });
    const where = new URL(page.url()).pathname + new URL(page.url()).search;
    for (const hit of ran) findings.push(`${where}: ran ${hit}`);
    // An inline handler CSP stopped (script-src-attr) counts too: an attribute got through
    // sanitising, even into a document the app only parsed to read its text.
    const blocked = csp.filter((v) => /^(script|object|frame|child|worker|base)/.test(v));
    for (const violation of blocked) findings.push(`${where}: CSP stopped ${violation}`);
    for (const element of markup) findings.push(`${where}: ${element}`);
    visits += 1;
    renderings += fieldsShown;
  }

  async function readerContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ baseURL });
    await context.addInitScript(installDetector);
    await signUp(context.request, newMember('Reader'));
    return context;
  }

  // Some payloads go in through the composer as a member would: pasted into the editor as
  // HTML, typed into the title and tags, previewed, then published.
  const composer = await readerContext();
  const composing = await composer.newPage();
  composing.on('dialog', (dialog) => void dialog.dismiss().then(() => findings.push(`composer: dialog ${dialog.message()}`)));
  const composed = [1, 5, 19, 22, 52].map((n) => ({ n, payload: PAYLOADS[n - 1] }));
  for (const { n, payload } of composed) {
    await composing.goto(`/n/${NETWORK}/write`);
    await composing.getByLabel('Title').fill(title(n, payload));
    const editor = composing.getByRole('textbox', { name: 'Text' });
    await editor.click();
    await editor.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', html);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, payload);
    await editor.pressSequentially(` ${payload}`);
    const tags = composing.getByRole('combobox', { name: 'Tags' });
    await tags.fill(fit(payload.replaceAll(',', ' '), 64));
    await tags.press('Enter');
    await composing.getByRole('button', { name: 'Preview' }).click();
    await expect(composing.getByRole('region', { name: 'Preview' })).toBeVisible();
    await inspect(composing, 2);
    await composing.getByRole('button', { name: 'Preview' }).click();
    await composing.getByRole('button', { name: 'Publish' }).click();
    await expect(composing.getByRole('article').getByRole('heading', { level: 1 })).toContainText(`#${n} ${marker}`);
    await inspect(composing, 3);
  }
  await composer.close();

  // The reader opens every page that shows what was written, several tabs at a time.
    const visit = async (page: Page, path: string, ready: (page: Page) => Promise<void>, fieldsShown: number) => {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await ready(page);
    await expect(page.locator('.skeleton')).toHaveCount(0);
    await inspect(page, fieldsShown);
  };
  const heading = (text: string) => async (page: Page) => {
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(text);
  };
  const withComment = (text: string) => async (page: Page) => {
    await heading(text)(page);
    await expect(page.locator('.comment-text')).toHaveCount(1);
  };
  const listing = (text: string | RegExp) => async (page: Page) => {
    await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
  };
  const n = (id: string) => encodeURIComponent(id);
  const base = `/n/${NETWORK}`;
  type Visit = [path: string, ready: (page: Page) => Promise<void>, fieldsShown: number];
  const visitsToMake: Visit[] = [];
  const count = PAYLOADS.length;
  // Each payload's post, photo, topic or video page in turn (title, description, tags, its
  // comment, the author's name), and every third member's profile (name, status, location).
  for (const item of written) {
    const shown = `#${item.n} ${marker}`;
    const detail = [`blog/${n(item.post)}`, `photos/${n(item.photo)}`, `forum/topics/${n(item.topic)}`, `videos/${n(item.video)}`];
    visitsToMake.push([`${base}/${detail[item.n % 4]}`, withComment(shown), 5]);
    if (item.n % 3 === 0) {
      visitsToMake.push([`${base}/members/${n(item.screenName)}`, async (page) => void (await expect(page.getByRole('main')).toContainText(marker)), 3]);
    }
  }
  // Listings, each showing many payloads at once (titles, tags, authors' names, excerpts).
  const listingVisits: Visit[] = [
    [base, listing(marker), 2 * Math.min(count, 10)],
    [`${base}/blog`, listing(marker), 3 * Math.min(count, 10)],
    [`${base}/blog?tag=${marker}`, listing(marker), 3 * Math.min(count, 10)],
    [`${base}/photos`, listing(marker), 2 * Math.min(count, 10)],
    [`${base}/forum`, listing(marker), 2 * Math.min(count, 10)],
    [`${base}/videos`, listing(marker), 2 * Math.min(count, 10)],
    [`${base}/members?order=newest`, listing(/./), 2 * Math.min(count, 10)],
    [`${base}/activity`, listing(marker), Math.min(count, 10)],
    [`${base}/tags`, listing(/./), Math.min(count, 20)],
    [`${base}/tags/${n(marker)}`, listing(marker), 2 * Math.min(count, 10)],
    [`${base}/search?q=${marker}`, listing(marker), 2 * Math.min(count, 10)],
  ];
  for (const payload of PAYLOADS.slice(0, 6)) {
    const tag = fit(payload, 64).split(',')[0].trim().replace(/\s+/g, ' ');
    if (tag) listingVisits.push([`${base}/tags/${n(tag)}`, listing(marker), 2]);
  }
  visitsToMake.push(...listingVisits);

  // Readers of their own, so no one session goes past the service's rate limit.
  const readers = await Promise.all([1, 2, 3].map(() => readerContext()));
  const tabs = await Promise.all(readers.map((reader) => reader.newPage()));
  for (const tab of tabs) tab.on('dialog', (dialog) => void dialog.dismiss().then(() => findings.push(`${tab.url()}: dialog ${dialog.message()}`)));
  let next = 0;
  await Promise.all(
    tabs.map(async (tab) => {
      while (next < visitsToMake.length) {
        const [path, ready, fieldsShown] = visitsToMake[next++];
        await visit(tab, path, ready, fieldsShown);
      }
    }),
  );
  await Promise.all(readers.map((reader) => reader.close()));

  console.log(
    `XSS corpus: ${count} payloads × 19 fields (post title/description/tags/comment, photo title/description/tags/comment, ` +
      `topic title/description/tags/reply, video title/description/tags/comment, member name/status/location) + ${composed.length} through the composer; ` +
      `${visits} page visits over 16 page types, ${renderings} payload renderings checked; ${findings.length} ran or could run`,
  );
  expect(findings).toEqual([]);
});
