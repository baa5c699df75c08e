// The first story of the web app: a member's blog post on the front page and on its own
// page, another member signing in and commenting, and a visitor reading both.
import { expect, test } from '@playwright/test';
import {
  NETWORK,
  commentsSection,
  createBlogPost,
  newMember,
  postSummary,
  signInThroughForm,
  signUp,
  unique,
} from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

test('a member comments on a blog post that everyone can read', async ({ browser, playwright, baseURL }) => {
  const author = newMember('Ada');
  const commenter = newMember('Grace');
  const title = `Notes on the Analytical Engine ${unique()}`;
  const tag = `engines-${unique()}`;
  const comment = `A fine machine, says ${commenter.fullName}`;

  const authorContext = await browser.newContext();
  await signUp(authorContext.request, author);
  await createBlogPost(authorContext.request, {
    title,
    description: '<p>It weaves algebraic patterns.</p>',
    tags: [tag, 'history'],
  });
  const signUpOnly = await playwright.request.newContext({ baseURL });
  await signUp(signUpOnly, commenter);
  await signUpOnly.dispose();

  const commenterContext = await browser.newContext();
  const page = await commenterContext.newPage();

  await test.step('the front page lists the post with its author and tags', async () => {
    await page.goto(`/n/${NETWORK}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Recent blog posts' })).toBeVisible();
    const summary = postSummary(page, title);
    await expect(summary.getByText(author.fullName)).toBeVisible();
    await expect(summary.getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText([tag, 'history']);
    await expect(summary.getByText('No comments')).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  await test.step('the post opens with its body and no comments yet', async () => {
    await postSummary(page, title).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('It weaves algebraic patterns.')).toBeVisible();
    await expect(commentsSection(page).getByText('No comments yet.')).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  await test.step('the second member signs in and comes back to the post', async () => {
    await commentsSection(page).getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectAccessible(page);
    await signInThroughForm(page, commenter);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: commenter.fullName })).toBeVisible();
  });

  await test.step('their comment appears and stays', async () => {
    await page.getByRole('textbox', { name: 'Your comment' }).fill(comment);
    await page.getByRole('button', { name: 'Comment' }).click();
    const comments = commentsSection(page).getByRole('listitem');
    await expect(comments).toHaveCount(1);
    await expect(comments.first()).toContainText(commenter.fullName);
    await expect(comments.first()).toContainText(comment);
    await expect(page.getByRole('article').getByText('1 comment')).toBeVisible();

    await page.reload();
    await expect(commentsSection(page).getByText(comment)).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('a visitor reads the post and the comment but cannot comment', async () => {
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(page.url());
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByRole('complementary', { name: 'About the author' }).getByRole('link', { name: author.fullName, exact: true })).toBeVisible();
    const comments = commentsSection(visitor);
    await expect(comments.getByRole('listitem')).toContainText([comment]);
    await expect(comments.getByRole('listitem')).toContainText([commenter.fullName]);
    await expect(comments.getByText('to write a comment.')).toBeVisible();
    await expect(visitor.getByRole('textbox', { name: 'Your comment' })).toHaveCount(0);
    await expect(visitor.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await visitorContext.close();
  });

  await authorContext.close();
  await commenterContext.close();
});
