// A newcomer joins and writes: a draft, then the same post scheduled, then another published
// at once with formatting, tags and one of their photos. A second member finds it by its tag
// and comments; a visitor sees neither the draft nor the scheduled post. Every page visited is
// checked by axe in both colour schemes, and at phone width for sideways scrolling.
import { expect, test } from '@playwright/test';
import { NETWORK, commentsSection, newMember, signUp, unique, uploadPhoto } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

test('a newcomer writes a draft, schedules it, and publishes a post with tags and an image that another member finds and comments on', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const writer = newMember('Wren');
  const tag = `harbour-${unique()}`;
  const draftTitle = `Tides, a first draft ${unique()}`;
  const postTitle = `Morning at the harbour ${unique()}`;
  const photoTitle = `Boats ${unique()}`;

  const writerContext = await browser.newContext();
  const page = await writerContext.newPage();
  let scheduledUrl = '';
  let draftUrl = '';

  await test.step('the newcomer signs up from the front page and may write at once', async () => {
    await page.goto(`/n/${NETWORK}`);
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Full name').fill(writer.fullName);
    await page.getByLabel('Email').fill(writer.email);
    await page.getByLabel('Password').fill(writer.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText(/Welcome to .*! You are a member now/)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: writer.fullName })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  await uploadPhoto(writerContext.request, photoTitle);

  await test.step('writes a draft that only they can see', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Write a post' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Write a post' })).toBeVisible();
    await page.getByLabel('Title').fill(draftTitle);
    await page.getByRole('textbox', { name: 'Text' }).click();
    await page.keyboard.type('The tide turns twice a day.');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('heading', { level: 1, name: draftTitle })).toBeVisible();
    await expect(page.getByText('Draft: only you can see it until you publish it.')).toBeVisible();
    draftUrl = page.url();
    await expectAccessible(page);
  });

  await test.step('schedules the draft for tomorrow morning, in their own time zone', async () => {
    await page.getByRole('link', { name: 'Edit post' }).click();
    await expect(page.getByLabel('Title')).toHaveValue(draftTitle);
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page.getByLabel('Publish on').fill(`${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T09:30`);
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByText(/Scheduled: it goes out/)).toBeVisible();
    scheduledUrl = page.url();

    await page.getByRole('banner').getByRole('button', { name: writer.fullName }).click();
    await page.getByRole('link', { name: 'My posts' }).click();
    await page.getByRole('navigation', { name: 'My posts' }).getByRole('link', { name: 'Scheduled' }).click();
    await expect(page.getByRole('main').getByRole('link', { name: draftTitle, exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('publishes another post with bold text, two tags and one of their photos', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Write a post' }).click();
    await page.getByLabel('Title').fill(postTitle);
    await page.getByRole('textbox', { name: 'Text' }).click();
    await page.keyboard.type('Fishing boats come in at dawn. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Gulls everywhere.');
    await page.getByRole('button', { name: 'Image from my photos' }).click();
    const picker = page.getByRole('dialog', { name: 'Add an image from your photos' });
    await expectAccessible(page);
    await picker.getByRole('button', { name: photoTitle }).click();
    await expect(picker).toBeHidden();
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.fill(tag);
    await tags.press('Enter');
    await tags.fill('boats');
    await tags.press('Enter');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('region', { name: 'Preview' }).getByText('Gulls everywhere.')).toBeVisible();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();

    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 1, name: postTitle })).toBeVisible();
    await expect(article.locator('strong', { hasText: 'Gulls everywhere.' })).toBeVisible();
    await expect(article.getByRole('img', { name: photoTitle })).toBeVisible();
    await expect(article.getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText([tag, 'boats']);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  const reader = newMember('Rafa');
  const readerContext = await browser.newContext();
  await signUp(readerContext.request, reader);
  const readerPage = await readerContext.newPage();

  await test.step('a second member finds the post by its tag and comments', async () => {
    await readerPage.goto(`/n/${NETWORK}/blog`);
    await readerPage.getByRole('link', { name: tag }).first().click();
    await expect(readerPage.getByRole('heading', { level: 1, name: `Posts tagged “${tag}”` })).toBeVisible();
    await expect(readerPage.getByRole('article')).toHaveCount(1);
    await expectAccessible(readerPage);
    await readerPage.getByRole('link', { name: postTitle }).click();
    await readerPage.getByRole('textbox', { name: 'Your comment' }).fill('Lovely light in that photo.');
    await readerPage.getByRole('button', { name: 'Comment' }).click();
    await expect(commentsSection(readerPage).getByRole('listitem')).toContainText(['Lovely light in that photo.']);
    await expectAccessible(readerPage);
  });

  await test.step('nobody else sees the draft or the scheduled post', async () => {
    for (const url of [draftUrl, scheduledUrl]) {
      await readerPage.goto(url);
      await expect(readerPage.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    }
    await expectAccessible(readerPage);
  });

  await writerContext.close();
  await readerContext.close();
});
