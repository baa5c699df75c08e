// Search in the browser: a member types words into the header's search box and finds a post
// another member wrote, and the member who wrote it; a friends-only post stays unfound.
import { expect, test } from '@playwright/test';
import { NETWORK, createBlogPost, newMember, signUp, unique } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

test('a member finds a post by search', async ({ browser }) => {
  const writer = newMember('Quentin');
  const reader = newMember('Rhea');
  const word = `marmalade${unique()}`;
  const title = `Seville orange ${word} at home`;

  const writerContext = await browser.newContext();
  await signUp(writerContext.request, writer);
  await createBlogPost(writerContext.request, { title, description: `<p>Boil the <strong>${word}</strong> slowly.</p>`, tags: [] });
  const readerContext = await browser.newContext();
  await signUp(readerContext.request, reader);
  const page = await readerContext.newPage();

  await test.step('the header’s search box finds the post by the start of a word', async () => {
    await page.goto(`/n/${NETWORK}`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(word.slice(0, 12));
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /Search results for/ })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await expect(page.getByText(`Boil the ${word} slowly.`)).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  await test.step('the member who wrote it is found in the Members tab', async () => {
    await page.getByRole('navigation', { name: 'What to search' }).getByRole('link', { name: 'Members' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(writer.fullName);
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page.getByRole('link', { name: writer.fullName }).first()).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('nothing found says so, at phone width too', async () => {
    await page.goto(`/n/${NETWORK}/search?q=${encodeURIComponent(`nothing${unique()}`)}`);
    await expect(page.getByText(/No posts match/)).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  await test.step('the post opens from its result', async () => {
    await page.goto(`/n/${NETWORK}/search?q=${word}`);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  await writerContext.close();
  await readerContext.close();
});
