// Paging through a tag's 60 posts with the service's anchors, which the web app keeps in the
// URL: every post once, in order, with no gaps; Back and a reload return to the same place.
import { expect, test } from '@playwright/test';
import { NETWORK, createBlogPost, newMember, signUp, unique } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

const POSTS = 60;
const PER_PAGE = 10;

test('a reader pages through 60 posts without gaps, and Back returns to the same place', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = `paging-${unique()}`;
  const titleOf = (number: number) => `Post ${String(number).padStart(2, '0')} of ${tag}`;
  const authorContext = await browser.newContext();
  await signUp(authorContext.request, newMember('Chen'));
  for (let number = 1; number <= POSTS; number++) {
    await createBlogPost(authorContext.request, { title: titleOf(number), description: `<p>Number ${number}.</p>`, tags: [tag] });
  }
  const newestFirst = Array.from({ length: POSTS }, (_, index) => titleOf(POSTS - index));
  const pageOf = (index: number) => newestFirst.slice(index * PER_PAGE, (index + 1) * PER_PAGE);

  const readerContext = await browser.newContext();
  const page = await readerContext.newPage();
  const titles = page.getByRole('article').getByRole('heading');
  const older = page.getByRole('link', { name: /older posts/i });
  const newer = page.getByRole('link', { name: /newer posts/i });

  await page.goto(`/n/${NETWORK}/blog?tag=${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: `Posts tagged “${tag}”` })).toBeVisible();
  await expect(titles).toHaveText(pageOf(0));
  await expect(newer).toHaveCount(0);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  const seen = [...(await titles.allTextContents())];
  for (let index = 1; index < POSTS / PER_PAGE; index++) {
    await older.click();
    await expect(titles).toHaveText(pageOf(index));
    await expect(page).toHaveURL(/[?&]anchor=/);
    seen.push(...(await titles.allTextContents()));
  }
  expect(seen).toEqual(newestFirst);
  await expect(older).toHaveCount(0);

  await page.goBack();
  await expect(titles).toHaveText(pageOf(POSTS / PER_PAGE - 2));
  await page.reload();
  await expect(titles).toHaveText(pageOf(POSTS / PER_PAGE - 2));

  await newer.click();
  await expect(titles).toHaveText(pageOf(POSTS / PER_PAGE - 3));
  await page.goto(`/n/${NETWORK}/blog?tag=${tag}`);
  await expect(titles).toHaveText(pageOf(0));

  await authorContext.close();
  await readerContext.close();
});
