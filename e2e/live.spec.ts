// Live updates in the browser: with a post open in one member's browser, a comment another
// member writes appears there without reloading, and a post published meanwhile appears on
// the first member's front page.
import { expect, test } from '@playwright/test';
import { NETWORK, commentsSection, createBlogPost, newMember, postSummary, signUp, unique } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

test('a comment by one member appears live on another member’s open page', async ({ browser }) => {
  const reader = newMember('Rosa');
  const writer = newMember('Wole');
  const title = `Live discussion ${unique()}`;
  const comment = `Written just now by ${writer.fullName}`;

  const readerContext = await browser.newContext();
  await signUp(readerContext.request, reader);
  const postId = await createBlogPost(readerContext.request, { title, description: '<p>Talk to me.</p>', tags: [] });
  const writerContext = await browser.newContext();
  await signUp(writerContext.request, writer);

  const readerPage = await readerContext.newPage();
  const writerPage = await writerContext.newPage();

  await test.step('the reader has the post open, with no comments yet', async () => {
    await readerPage.goto(`/n/${NETWORK}/blog/${encodeURIComponent(postId)}`);
    await expect(readerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(commentsSection(readerPage).getByText('No comments yet.')).toBeVisible();
  });

  await test.step('the other member comments in their own browser', async () => {
    await writerPage.goto(`/n/${NETWORK}/blog/${encodeURIComponent(postId)}`);
    await writerPage.getByRole('textbox', { name: 'Your comment' }).fill(comment);
    await writerPage.getByRole('button', { name: 'Comment' }).click();
    await expect(commentsSection(writerPage).getByText(comment)).toBeVisible();
  });

  await test.step('the comment appears on the reader’s page without reloading', async () => {
    const requests: string[] = [];
    readerPage.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await expect(commentsSection(readerPage).getByText(comment)).toBeVisible({ timeout: 10_000 });
    await expect(readerPage.getByRole('status').filter({ hasText: `New comment by ${writer.fullName}` })).toHaveCount(1);
    expect(requests.filter((p) => p.endsWith('/Comment/recent')), 'the thread was not read again').toEqual([]);
    await expectAccessible(readerPage);
    await expectNoSidewaysScroll(readerPage);
  });

  await test.step('a post published meanwhile appears on the reader’s open front page', async () => {
    await readerPage.goto(`/n/${NETWORK}`);
    await expect(readerPage.getByRole('heading', { level: 2, name: 'Recent blog posts' })).toBeVisible();
    const fresh = `Fresh off the press ${unique()}`;
    await createBlogPost(writerContext.request, { title: fresh, description: '<p>New.</p>', tags: [] });
    await expect(postSummary(readerPage, fresh)).toBeVisible({ timeout: 10_000 });
    await expectAccessible(readerPage);
  });

  await readerContext.close();
  await writerContext.close();
});
