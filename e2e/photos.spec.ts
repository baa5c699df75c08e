// Photos: a member uploads two pictures through the picker on a slow connection, watches each
// one's progress, finds them in the gallery, and on a photo's page gives it a title and tags,
// gets a comment from another member, and finally deletes it. axe and the phone-width check
// run on every page visited.
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { NETWORK, commentsSection, newMember, signUp, unique } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

/** A picture of noise, which compresses badly: big enough to take a few seconds on a slow upload. */
async function noisyPicture(width: number, height: number): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

test('a member uploads photos with progress shown, finds them in the gallery, titles, tags and deletes one', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = newMember('Iris');
  const commenter = newMember('Otto');
  const id = unique();
  const firstFile = `harbour-${id}.png`;
  const secondFile = `lighthouse-${id}.png`;
  const newTitle = `Harbour at dawn ${id}`;
  const tag = `sea-${id}`;

  const ownerContext = await browser.newContext();
  await signUp(ownerContext.request, owner);
  const page = await ownerContext.newPage();

  await test.step('the gallery offers uploading', async () => {
    await page.goto(`/n/${NETWORK}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Photos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload photos' })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  await test.step('two photos chosen at once upload one after the other, each with its progress', async () => {
    // A slow connection, so the progress can be seen.
    const cdp = await ownerContext.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });

    // Every value the progress bars show, as the page shows them (an upload on this machine may
    // take less time than a look at the page does).
    await page.evaluate(() => {
      const seen: Record<string, number[]> = {};
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      const record = () => {
        for (const bar of document.querySelectorAll('progress')) {
          const name = bar.getAttribute('aria-label') ?? '';
          const values = (seen[name] ??= []);
          if (values.at(-1) !== bar.value) values.push(bar.value);
        }
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload photos' }).click();
    await (await chooser).setFiles([
      { name: firstFile, mimeType: 'image/png', buffer: await noisyPicture(900, 700) },
      { name: secondFile, mimeType: 'image/png', buffer: await noisyPicture(300, 200) },
    ]);

    const uploads = page.getByRole('list', { name: 'Uploads' });
    await expect(uploads.getByRole('link', { name: `Open ${firstFile}` })).toBeVisible({ timeout: 30_000 });
    await expect(uploads.getByRole('link', { name: `Open ${secondFile}` })).toBeVisible({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: Record<string, number[]> }).progressSeen);
    // Each file had its bar, waiting at 0 and then filling up as its bytes were sent.
    for (const file of [firstFile, secondFile]) {
      const values = seen[`Uploading ${file}`] ?? [];
      expect(values[0], `progress of ${file}: ${values.join(', ')}`).toBe(0);
      expect(values.some((value) => value > 0 && value < 100), `progress of ${file}: ${values.join(', ')}`).toBe(true);
      expect(values.at(-1), `progress of ${file}: ${values.join(', ')}`).toBe(100);
      expect(values, 'progress never goes back').toEqual([...values].sort((a, b) => a - b));
    }
  });

  await test.step('both are in the gallery, newest first, without reloading', async () => {
    const gallery = page.getByRole('list', { name: 'Photos' });
    await expect(gallery.getByRole('link').nth(0)).toHaveText(`lighthouse-${id}`);
    await expect(gallery.getByRole('link').nth(1)).toHaveText(`harbour-${id}`);
    await expect(gallery.getByRole('link', { name: `harbour-${id}` }).locator('img')).toHaveJSProperty('complete', true);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  let photoUrl = '';
  await test.step('its owner gives a photo a title, a description and a tag', async () => {
    await page.getByRole('list', { name: 'Photos' }).getByRole('link', { name: `harbour-${id}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `harbour-${id}` })).toBeVisible();
    photoUrl = page.url();
    expect(new URL(photoUrl).pathname).toMatch(new RegExp(`^/n/${NETWORK}/photos/\\d+%3APhoto%3A\\d+$`));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Edit photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit photo' });
    await dialog.getByLabel('Title').fill(newTitle);
    await dialog.getByLabel('Description').fill('The boats wake before the town.');
    await dialog.getByRole('combobox', { name: 'Tags' }).fill(tag);
    await dialog.getByRole('combobox', { name: 'Tags' }).press('Enter');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save photo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
    await expect(page.getByText('The boats wake before the town.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: tag })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  await test.step('another member finds it by its tag and comments on it', async () => {
    const commenterContext = await browser.newContext();
    await signUp(commenterContext.request, commenter);
    const other = await commenterContext.newPage();
    await other.goto(`/n/${NETWORK}/photos?tag=${encodeURIComponent(tag)}`);
    await expect(other.getByRole('heading', { level: 1, name: `Photos tagged “${tag}”` })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Upload photos' })).toHaveCount(0);
    await other.getByRole('list', { name: 'Photos' }).getByRole('link', { name: newTitle }).click();
    await expect(other.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Edit photo' })).toHaveCount(0);
    await other.getByRole('textbox', { name: 'Your comment' }).fill('What a morning!');
    await other.getByRole('button', { name: 'Comment' }).click();
    await expect(commentsSection(other).getByRole('listitem')).toContainText(['What a morning!']);
    await expectAccessible(other);
    await expectNoSidewaysScroll(other);
    await commenterContext.close();
  });

  await test.step('its owner deletes it after confirming, and it is gone', async () => {
    await page.reload();
    await expect(commentsSection(page).getByText('What a morning!')).toBeVisible();
    await page.getByRole('button', { name: 'Delete photo' }).click();
    await expectAccessible(page);
    await page.getByRole('dialog', { name: 'Delete this photo?' }).getByRole('button', { name: 'Delete photo' }).click();
    await expect(page.getByText('The photo is deleted.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('link', { name: newTitle })).toHaveCount(0);
    await page.goto(photoUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Photo not found' })).toBeVisible();
    await expectAccessible(page);
  });

  await ownerContext.close();
});

test('a member changes their picture: a wrong file refused, a PNG previewed, uploaded and shown in the header', async ({ browser }) => {
  const member = newMember('Pia');
  const context = await browser.newContext();
  await signUp(context.request, member);
  const page = await context.newPage();

  await test.step('profile settings show initials and the limits', async () => {
    await page.goto(`/n/${NETWORK}/settings/profile`);
    await expect(page.getByRole('img', { name: 'Your initials, until you choose a picture' })).toBeVisible();
    await expect(page.getByText(/JPEG, PNG, WebP or GIF, up to 5 MB/)).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  await test.step('a file that is not a picture is refused in plain words', async () => {
    await page.getByLabel('Change picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert')).toContainText('This file is not a picture we can use.');
  });

  await test.step('a PNG is previewed, uploaded, and becomes the icon in the header', async () => {
    await page.getByLabel('Change picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await noisyPicture(400, 300) });
    await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    // Loaded, not a broken image.
    await expect.poll(() => page.getByRole('img', { name: 'Preview of the chosen picture' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    await page.getByRole('button', { name: 'Use this picture' }).click();
    await expect(page.getByText('Your new picture is saved.')).toBeVisible();
    const current = page.getByRole('img', { name: 'Your current picture' });
    await expect(current).toHaveAttribute('src', /\/xn\/icons\/\d+\/\d+\.webp$/);
    const iconUrl = (await current.getAttribute('src'))!;
    await expect(page.locator('.account-toggle img')).toHaveAttribute('src', iconUrl);
    const image = await context.request.get(iconUrl);
    expect(image.headers()['content-type']).toBe('image/webp');
    await expectAccessible(page);
  });
  await context.close();
});
