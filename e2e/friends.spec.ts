// Friends: a second member finds the first in the directory and asks to be friends; the first
// accepts on their Friends page; the first's friends-only post is then visible to the friend
// and not to a third member. Each person has their own browser; every page visited is checked
// by axe in both colour schemes and at phone width.
import { expect, test, type Browser } from '@playwright/test';
import { NETWORK, createBlogPost, newMember, signUp, unique, type Member } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

async function signedIn(browser: Browser, member: Member) {
  const context = await browser.newContext();
  await signUp(context.request, member);
  return { context, page: await context.newPage() };
}

async function checkPage(page: import('@playwright/test').Page) {
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
}

test('a friend request is sent and accepted, and a friends-only post is then seen by the friend only', async ({ browser }) => {
  test.setTimeout(120_000);
  // A long, unbroken name, as people do have.
  const author = newMember('Philippa');
  author.fullName = `Philippa Wolfeschlegelsteinhausenbergerdorff ${unique()}`;
  const friend = newMember('Kwame');
  const stranger = newMember('Sven');
  const title = `Only for my friends ${unique()}`;

  const first = await signedIn(browser, author);
  const postId = await createBlogPost(first.context.request, {
    title,
    description: '<p>The harbour party is on Saturday.</p>',
    tags: [],
    visibility: 'friends',
  });
  const postPath = `/n/${NETWORK}/blog/${encodeURIComponent(postId)}`;
  const second = await signedIn(browser, friend);
  const third = await signedIn(browser, stranger);

  let profilePath = '';
  await test.step('the second member finds the first among the newest members and asks to be friends', async () => {
    const { page } = second;
    await page.goto(`/n/${NETWORK}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    await checkPage(page);
    await page.getByRole('link', { name: 'Newest' }).click();
    await page.getByRole('list', { name: 'Members' }).getByRole('link', { name: author.fullName }).click();
    await expect(page.getByRole('heading', { level: 1, name: author.fullName })).toBeVisible();
    profilePath = new URL(page.url()).pathname;
    expect(profilePath).toMatch(new RegExp(`^/n/${NETWORK}/members/[^/]+$`));
    await expect(page.getByText('has not written a post you can see.')).toBeVisible();
    await checkPage(page);
    await page.getByRole('button', { name: 'Add friend' }).click();
    await expect(page.getByRole('button', { name: 'Request sent' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Request sent' })).toBeVisible();
    await checkPage(page);
  });

  await test.step('until they are friends, the friends-only post is not there for them', async () => {
    await second.page.goto(postPath);
    await expect(second.page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  });

  await test.step('the first member accepts the request on their Friends page', async () => {
    const { page } = first;
    await page.goto(`/n/${NETWORK}`);
    await page.getByRole('banner').getByRole('button', { name: author.fullName }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Friends', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
    const requests = page.getByRole('region', { name: /^Requests to you/ });
    const request = requests.getByRole('listitem').filter({ hasText: friend.fullName });
    await expect(request).toBeVisible();
    await checkPage(page);
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('region', { name: /^Your friends/ }).getByRole('link', { name: friend.fullName })).toBeVisible();
    await expect(requests.getByText('No one is waiting for your answer.')).toBeVisible();
    await checkPage(page);
  });

  await test.step('the friend now reads the post, and sees the first member as a friend', async () => {
    const { page } = second;
    await page.goto(postPath);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Visible to: The author’s friends')).toBeVisible();
    await page.getByRole('article').getByRole('link', { name: author.fullName }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: author.fullName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Friends', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('link', { name: title })).toBeVisible();
    await expect(page.getByRole('list', { name: `Friends of ${author.fullName}` }).getByRole('link', { name: friend.fullName })).toBeVisible();
    await checkPage(page);
  });

  await test.step('a third member sees neither the post nor it on the profile', async () => {
    const { page } = third;
    await page.goto(postPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    await checkPage(page);
    await page.goto(profilePath);
    await expect(page.getByRole('heading', { level: 1, name: author.fullName })).toBeVisible();
    await expect(page.getByText('has not written a post you can see.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add friend' })).toBeVisible();
    await checkPage(page);
  });

  for (const person of [first, second, third]) await person.context.close();
});
