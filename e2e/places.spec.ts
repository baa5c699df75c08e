// Journeys through the forum, videos, tags, featured and activity pages against the real
// server: members start topics and reply, add a video by its address and watch it, find a
// post and a photo by their tag, and see what an administrator featured in featured order.
import { expect, test, type Page } from '@playwright/test';
import { CREATOR, call, expectOk, memberContext, signInApi } from './admin-fixtures';
import { NETWORK, createBlogPost, unique, uploadPhoto } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

async function checkPage(page: Page) {
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
}

test('a member starts a forum topic, another replies, and the first edits and deletes it', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const starter = await memberContext(browser, 'Ada');
  const replier = await memberContext(browser, 'Grace');
  const title = `Which gears last longest? ${unique()}`;
  const category = `Engines ${unique()}`;
  const admin = await playwright.request.newContext({ baseURL });
  await signInApi(admin, CREATOR);
  await expectOk(await call(admin, 'POST', 'Category', { title: category, description: 'Difference and analytical' }));
  await admin.dispose();
  const page = await starter.context.newPage();

  await test.step('the starter opens the forum and starts a topic', async () => {
    await page.goto(`/n/${NETWORK}/forum`);
    await expect(page.getByRole('heading', { level: 1, name: 'Forum' })).toBeVisible();
    await checkPage(page);
    await page.getByRole('main').getByRole('link', { name: 'Start a topic' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Start a topic' })).toBeVisible();
    await expect(page.getByText('0 of 200 characters')).toBeVisible();
    await checkPage(page);
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption({ label: category });
    await page.getByLabel('Text').fill('Brass or steel?\n\nAsking for the engine.');
    await page.getByRole('button', { name: 'Start topic' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Asking for the engine.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Replies' }).getByText('No replies yet.')).toBeVisible();
    await checkPage(page);
  });

  await test.step('the topic is listed in its category', async () => {
    await page.getByRole('link', { name: category }).click();
    await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Topics' }).getByRole('link', { name: title })).toBeVisible();
    await checkPage(page);
    await page.getByRole('list', { name: 'Topics' }).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  await test.step('another member finds it in the forum and replies', async () => {
    const other = await replier.context.newPage();
    await other.goto(`/n/${NETWORK}/forum`);
    await other.getByRole('list', { name: 'Topics' }).getByRole('link', { name: title }).click();
    await expect(other.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const replies = other.getByRole('region', { name: 'Replies' });
    await replies.getByLabel('Your reply').fill(`Steel, says ${replier.member.fullName}`);
    await replies.getByRole('button', { name: 'Reply' }).click();
    await expect(replies.getByRole('listitem')).toContainText([`Steel, says ${replier.member.fullName}`]);
    // Shown at once while it is sent; once the service has it, a reload on any worker shows it.
    await expect(replies.getByText('Sending…')).toHaveCount(0);
    await other.reload();
    await expect(other.getByRole('region', { name: 'Replies' }).getByText(`Steel, says ${replier.member.fullName}`)).toBeVisible();
    await expect(other.getByRole('button', { name: 'Delete topic' })).toHaveCount(0);
  });

  await test.step('the starter sees the reply, edits the title and deletes the topic after confirming', async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Replies' }).getByText(`Steel, says ${replier.member.fullName}`)).toBeVisible();
    await page.getByRole('link', { name: 'Edit topic' }).click();
    await expect(page.getByLabel('Text')).toHaveValue('Brass or steel?\n\nAsking for the engine.');
    await page.getByLabel('Title').fill(`${title} (answered)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${title} (answered)` })).toBeVisible();

    await page.getByRole('button', { name: 'Delete topic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this topic?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete topic' }).click();
    await expect(page.getByText('The topic is deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: `${title} (answered)` })).toHaveCount(0);
  });

  await test.step('the deleted topic is a not-found page', async () => {
    await page.goBack();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Topic not found' })).toBeVisible();
  });

  await starter.context.close();
  await replier.context.close();
});

test('a video added by its address can be watched and commented on', async ({ browser }) => {
  test.setTimeout(180_000);
  const { member, context } = await memberContext(browser, 'Linus');
  const page = await context.newPage();
  const title = `The engine turning ${unique()}`;

  await page.goto(`/n/${NETWORK}/videos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  await checkPage(page);
  await page.getByRole('main').getByRole('link', { name: 'Add a video', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a video' })).toBeVisible();
  await checkPage(page);

  await page.getByLabel('Video address').fill('https://example.com/not-a-video');
  await page.getByRole('button', { name: 'Add video' }).click();
  await expect(page.getByRole('alert')).toContainText('not a video on YouTube, Vimeo or Dailymotion');
  await expect(page.getByRole('alert')).not.toContainText('Parameter');

  await page.getByLabel('Video address').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Add video' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Nothing from the host is loaded before the viewer asks for it.
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Watch on YouTube/ })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await checkPage(page);

  await page.getByRole('region', { name: 'Comments' }).getByLabel('Your comment').fill(`Lovely, says ${member.fullName}`);
  await page.getByRole('button', { name: 'Comment' }).click();
  await expect(page.getByRole('region', { name: 'Comments' }).getByRole('listitem')).toContainText([`Lovely, says ${member.fullName}`]);

  await page.getByRole('button', { name: 'Play video' }).click();
  await expect(page.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');

  await page.goto(`/n/${NETWORK}/videos`);
  await expect(page.getByRole('list', { name: 'Videos' }).getByRole('link', { name: title })).toBeVisible();
  await context.close();
});

test('a tag page lists a tagged post and photo, and the tag cloud leads there', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context } = await memberContext(browser, 'Mary');
  const tag = `looms-${unique()}`;
  const postTitle = `Jacquard cards ${unique()}`;
  const photoTitle = `A loom ${unique()}`;
  await createBlogPost(context.request, { title: postTitle, description: '<p>Cards that weave.</p>', tags: [tag] });
  const photoId = await uploadPhoto(context.request, photoTitle);
  await expectOk(await call(context.request, 'PUT', 'Photo', { id: photoId, tag }));

  const page = await context.newPage();
  await page.goto(`/n/${NETWORK}/tags`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await checkPage(page);
  await page.getByRole('link', { name: `${tag}, 2 items` }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Tagged “${tag}”` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Blog posts' }).getByRole('link', { name: postTitle })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Photos' }).getByRole('link', { name: photoTitle })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Forum topics' })).toHaveCount(0);
  await checkPage(page);

  await page.goto(`/n/${NETWORK}/tags/nothing-${unique()}`);
  await expect(page.getByText(/Nothing is tagged/)).toBeVisible();
  await context.close();
});

test('featured pages follow the order things were featured, and the activity feed says so', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const { member, context } = await memberContext(browser, 'Charles');
  const older = `An old favourite ${unique()}`;
  const newer = `Fresh from the workshop ${unique()}`;
  const olderId = await createBlogPost(context.request, { title: older, description: '<p>Old.</p>', tags: [] });
  const newerId = await createBlogPost(context.request, { title: newer, description: '<p>New.</p>', tags: [] });
  const second = await memberContext(browser, 'Augusta');

  const admin = await playwright.request.newContext({ baseURL });
  await signInApi(admin, CREATOR);
  // The newer post is featured first, the older one after it: the older one leads.
  await expectOk(await call(admin, 'POST', 'BlogPost/feature', { id: newerId }));
  await expectOk(await call(admin, 'POST', 'BlogPost/feature', { id: olderId }));
  const screenNameOf = async (request: typeof admin) =>
    ((await (await request.get(`/xn/rest/${NETWORK}/1.0/Session`)).json()) as { entry: { author: string } }).entry.author;
  const charles = await screenNameOf(context.request);
  const augusta = await screenNameOf(second.context.request);
  const userId = async (screenName: string) =>
    ((await expectOk(await call(admin, 'GET', 'User', { author: screenName, fields: 'id' }))) as { entry: { id: string } }).entry.id;
  await expectOk(await call(admin, 'POST', 'User/feature', { id: await userId(charles) }));
  await expectOk(await call(admin, 'POST', 'User/feature', { id: await userId(augusta) }));

  const page = await context.newPage();
  await page.goto(`/n/${NETWORK}/featured`);
  await expect(page.getByRole('heading', { level: 1, name: 'Featured' })).toBeVisible();
  const titles = page.getByRole('article').getByRole('heading');
  await expect(titles.first()).toHaveText(older);
  await expect(titles.nth(1)).toHaveText(newer);
  await checkPage(page);

  await page.getByRole('navigation', { name: 'Featured' }).getByRole('link', { name: 'Members' }).click();
  const names = page.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(names.first()).toHaveText(second.member.fullName);
  await expect(names.nth(1)).toHaveText(member.fullName);
  await checkPage(page);

  await page.goto(`/n/${NETWORK}/activity`);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const events = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
  await expect(events.first()).toContainText('featured');
  await checkPage(page);

  await page.goto(`/n/${NETWORK}/activity?member=${charles}`);
  await expect(page.getByRole('heading', { level: 1, name: `Activity of ${member.fullName}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Events' })).toContainText(`${member.fullName} wrote the post ${newer}`);
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('link', { name: older })).toHaveAttribute('href', new RegExp(`/n/${NETWORK}/blog/`));
  await checkPage(page);

  await admin.dispose();
  await context.close();
  await second.context.close();
});
