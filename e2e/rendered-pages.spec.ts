// The front page and a blog post come rendered by the server for a visitor: their content is
// in the HTML before any script runs, the app hydrates it without a mismatch (the same
// elements stay), a new post is on the next load, members get the app's shell, and what
// members write stays text in the markup and in the state the page hands the app.
import { expect, test, type Page } from '@playwright/test';
import { NETWORK, createBlogPost, newMember, signUp, unique } from './fixtures';

/** Console errors and page errors (a hydration mismatch is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Loads `path` and tells whether the element `selector` found in the served HTML is still the one shown once the app runs. */
async function keepsServedElement(page: Page, path: string, selector: string): Promise<boolean> {
  await page.addInitScript((sel) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { served: Element | null }).served = document.querySelector(sel);
    });
  }, selector);
  await page.goto(path);
  await expect(page.locator(selector)).toBeVisible();
  // React marks the elements it has hydrated as its own.
  await page.waitForFunction((sel) => Object.keys(document.querySelector(sel) ?? {}).some((key) => key.startsWith('__reactFiber')), selector);
  await page.waitForLoadState('networkidle');
  return page.evaluate((sel) => {
    const served = (window as unknown as { served: Element | null }).served;
    return served !== null && served.isConnected && served === document.querySelector(sel);
  }, selector);
}

test('a visitor gets the front page and a post rendered, and the app hydrates them as they are', async ({ browser, request }) => {
  const author = newMember('Rendered');
  const title = `Served with its words </script><script>window.ran = true</script> & <b>more</b> ${unique()}`;
  const authorContext = await browser.newContext();
  await signUp(authorContext.request, author);
  const id = await createBlogPost(authorContext.request, {
    title,
    description: '<p>Text that is there before any script runs.</p>',
    tags: ['rendered'],
  });

  await test.step('the served HTML holds the content, as text, and its state in a JSON block', async () => {
    const front = await request.get(`/n/${NETWORK}`);
    expect(front.headers()['content-security-policy']).toContain("script-src 'self'");
    const html = await front.text();
    expect(html).toContain('<h2 id="recent-posts">Recent blog posts</h2>');
    expect(html).toContain(title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect(html).not.toContain('<script>window.ran');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\/assets\//), '<script type="application/json" id="initial-state">']);
    const state = /<script type="application\/json" id="initial-state">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.stringify(JSON.parse(state!))).toContain(JSON.stringify(title));

    const post = await (await request.get(`/n/${NETWORK}/blog/${encodeURIComponent(id)}`)).text();
    expect(post).toContain('<p>Text that is there before any script runs.</p>');
    // The author card, whose query follows the post's, is there too: nothing moves in later.
    expect(post).toContain('aria-label="About the author"');
    expect(post).toMatch(/<title>Served with its words &lt;\/script&gt;/);
  });

  await test.step('the app hydrates both pages without an error, keeping the served elements', async () => {
    const context = await browser.newContext();
    for (const [path, selector] of [
      [`/n/${NETWORK}`, '#recent-posts'],
      [`/n/${NETWORK}/blog/${encodeURIComponent(id)}`, '#post-title'],
    ] as const) {
      const page = await context.newPage();
      const errors = collectErrors(page);
      expect(await keepsServedElement(page, path, selector), path).toBe(true);
      await expect(page.locator('#root')).toContainText(title);
      expect(await page.evaluate(() => (window as unknown as { ran?: boolean }).ran)).toBeUndefined();
      expect(errors, path).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  await test.step('a new post is on the front page at the next load', async () => {
    const next = `Written a moment later ${unique()}`;
    await createBlogPost(authorContext.request, { title: next, description: '<p>New.</p>', tags: [] });
    expect(await (await request.get(`/n/${NETWORK}`)).text()).toContain(next);
  });

  await test.step('a signed-in member gets the shell, and the app renders their own view', async () => {
    // Signing up signed the author in, in this context.
    const page = await authorContext.newPage();
    const shell = await authorContext.request.get(`/n/${NETWORK}`);
    const html = await shell.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('initial-state');
    await page.goto(`/n/${NETWORK}`);
    await expect(page.getByRole('region', { name: 'Recent blog posts' }).getByRole('link', { name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });
  await authorContext.close();
});
