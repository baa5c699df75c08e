// A member who forgot their password asks for a link from the sign-in page, finds it where the
// server prints it (its log, with no mail server configured), chooses a new password and signs
// in with it. The server is one of this spec's own, so its log can be read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { spawnServer, type ChildServer } from '../server/test/spawn-server';
import { NETWORK, newMember, signInThroughForm, signUp } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-reset-'));
let server: ChildServer;

test.beforeAll(async () => {
  server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: 'reset-admin-password', SMTP_URL: '' });
});
test.afterAll(async () => {
  server?.process.kill('SIGTERM');
  await server?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The link of the reset mail the server printed for this email. */
async function printedLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = server.output
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; mail?: { to: string } })
        .findLast((entry) => entry.mail?.to === email);
      link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail?.msg ?? '')?.[0];
      return link;
    }, { message: `a reset link printed for ${email}` })
    .toBeTruthy();
  return link!;
}

test('a member resets a forgotten password by the link the server prints', async ({ browser }) => {
  const member = newMember('Frida');
  const context = await browser.newContext({ baseURL: server.url });
  await signUp(context.request, member);
  await context.clearCookies();
  const page = await context.newPage();

  await test.step('the sign-in page leads to asking for a link', async () => {
    await page.goto(`/n/${NETWORK}/signin`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status')).toContainText(`If ${member.email} belongs to a member of this network`);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });

  const link = await printedLink(member.email);
  expect(new URL(link).origin).toBe(server.url);

  await test.step('the link opens the page to choose a new password', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Choose a password of at least 8 characters.');
    await page.getByLabel('New password', { exact: true }).fill(`${member.password}-renewed`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password is changed. Sign in with the new one.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/n/${NETWORK}/signin$`));
  });

  await test.step('the old password no longer works; the new one does', async () => {
    await signInThroughForm(page, member);
    await expect(page.getByRole('alert')).toContainText('That email and password do not match');
    await signInThroughForm(page, { ...member, password: `${member.password}-renewed` });
    await expect(page.getByRole('banner').getByRole('button', { name: member.fullName })).toBeVisible();
  });

  await test.step('the link works once', async () => {
    await context.clearCookies();
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link has expired or was already used');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });
  await context.close();
});
