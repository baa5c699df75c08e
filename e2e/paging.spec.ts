// Paging through a tag's posts with the service's anchors, which the web app keeps in the URL.
import { expect, test } from '@playwright/test';
import { createBlogPost, newMember, signUp, unique } from './fixtures';
import { expectAccessible } from './page-checks';

test('a reader pages to older posts and back', async ({ browser }) => {
  const tag = `paging-${unique()}`;
  const authorContext = await browser.newContext();
  await signUp(authorContext.request, newMember('Chen'));
  for (let number = 1; number <= 11; number++) {
    await createBlogPost(authorContext.request, {
      title: `Post ${number} of ${tag}`,
      description: `<p>Number ${number}.</p>`,
      tags: [tag],
    });
  }

  const readerContext = await browser.newContext();
  const page = await readerContext.newPage();
  const titles = page.getByRole('article').getByRole('heading');

  await page.goto(`/n/apiexample/blog?tag=${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: `Posts tagged “${tag}”` })).toBeVisible();
  await expect(titles).toHaveCount(10);
  await expect(titles.first()).toHaveText(`Post 11 of ${tag}`);
  await expect(page.getByRole('link', { name: /newer posts/i })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: /older posts/i }).click();
  await expect(titles).toHaveText([`Post 1 of ${tag}`]);
  await expect(page).toHaveURL(/[?&]anchor=/);
  await expect(page.getByRole('link', { name: /older posts/i })).toHaveCount(0);

  await page.reload();
  await expect(titles).toHaveText([`Post 1 of ${tag}`]);

  await page.getByRole('link', { name: /newer posts/i }).click();
  await expect(titles).toHaveCount(10);
  await expect(titles.first()).toHaveText(`Post 11 of ${tag}`);
  await expect(page.getByRole('link', { name: /newer posts/i })).toHaveCount(0);

  await authorContext.close();
  await readerContext.close();
});
