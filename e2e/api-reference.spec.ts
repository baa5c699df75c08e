// The API reference page as the real server's OpenAPI document fills it: a programmer finds an
// endpoint, reads its reply, narrows the list down, and opens a shared link to one operation.
import { expect, test } from '@playwright/test';
import { NETWORK } from './fixtures';
import { expectAccessible } from './page-checks';

test('a programmer finds an endpoint in the API reference and shares a link to it', async ({ page }) => {
  // axe reads every one of the reference's few thousand table cells, in both colour schemes.
  test.setTimeout(180_000);
  const recent = page.getByRole('article', { name: 'GET BlogPost/recent', exact: true });

  await test.step('the footer leads to the reference, with this network in the base address', async () => {
    await page.goto(`/n/${NETWORK}`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'API' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    // The descriptions' Markdown renderer arrives after the page.
    await expect(page.getByRole('heading', { level: 2, name: 'Errors' })).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);
    await expect(page.getByRole('region', { name: 'Base address' })).toContainText(`/xn/rest/${NETWORK}/1.0/`);
    await expect(page.getByRole('region', { name: 'Authentication' })).toContainText('OAuth 1.0a');
  });

  await test.step('an operation shows its parameters and the fields of its entries', async () => {
    await expect(recent).toBeVisible();
    await expect(recent.getByRole('table', { name: 'Parameters' }).getByRole('rowheader')).toContainText([
      'author',
      'tag',
      'anchor',
      'count',
    ]);
    await recent.getByText('Fields of').click();
    await expect(recent.getByRole('table', { name: 'BlogPost' })).toContainText('publishStatus');
    const popular = page.getByRole('article', { name: 'GET Tag/popular' });
    await expect(popular.getByTitle('Ours, not part of the historical API')).toHaveText('Extension');
    await expect(recent.getByTitle('Ours, not part of the historical API')).toHaveCount(0);
  });

  await test.step('the filter keeps only the matching operations, and stays in the URL', async () => {
    await page.getByRole('searchbox', { name: 'Find an endpoint' }).fill('BlogPost/recent');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(recent).toBeVisible();
    await expect(page).toHaveURL(/\?q=BlogPost%2Frecent$/);
  });

  await test.step('a link to one operation opens the page there', async () => {
    await page.goto(`/n/${NETWORK}/api#get-BlogPost-recent`);
    await expect(recent).toBeInViewport();
    await expect(page.getByRole('article', { name: 'POST Token' })).not.toBeInViewport();
  });
});
