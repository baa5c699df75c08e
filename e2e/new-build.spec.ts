// A tab opened before a new version was deployed: the page code it asks for next is gone from
// the server. The tab reloads that address once and shows the page from the new version; code
// that stays missing ends on the error page after that one reload, not in a loop.
import { expect, test, type Page } from '@playwright/test';
import { NETWORK, appRunning } from './fixtures';

/** Answers requests for the photo gallery's code with 404, `times` times; counts page loads. */
async function galleryCodeGone(page: Page, times: number) {
  let refused = 0;
  await page.route(/\/assets\/photos-[\w-]+\.js$/, (route) => {
    if (refused >= times) return route.continue();
    refused++;
    return route.fulfill({ status: 404, body: 'Not found' });
  });
  const loads = { count: 0 };
  page.on('load', () => loads.count++);
  return { loads, refused: () => refused };
}

test('the next page after a deploy loads from the new version, after one reload', async ({ page }) => {
  await page.goto(`/n/${NETWORK}`);
  await appRunning(page);
  const gone = await galleryCodeGone(page, 1);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Photos' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
  expect(page.url()).toMatch(new RegExp(`/n/${NETWORK}/photos$`));
  expect(gone.refused()).toBe(1);
  expect(gone.loads.count).toBe(1);
});

test('code that stays missing ends on the error page after one reload', async ({ page }) => {
  await page.goto(`/n/${NETWORK}`);
  await appRunning(page);
  const gone = await galleryCodeGone(page, Infinity);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Photos' }).click();

  await expect(page.getByRole('alert').getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  expect(gone.loads.count).toBe(1);
  // The frame stays, with its ways out.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
