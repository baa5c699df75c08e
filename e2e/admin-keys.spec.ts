// API keys: the Network Creator creates an OAuth consumer key in the web app and copies its
// secret; a program signs with it (oauth-1.0a, an independent library) to get a member's token
// and read as them; once the key is revoked in the web app, the program is refused.
import { expect, test, type APIRequestContext } from '@playwright/test';
import crypto from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { CREATOR, signInApi } from './admin-fixtures';
import { NETWORK, newMember, signUp, unique } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

type Consumer = { key: string; secret: string };
type Token = { key: string; secret: string };

const signer = (consumer: Consumer) =>
  new OAuth({
    consumer,
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => crypto.createHmac('sha1', key).update(base).digest('base64'),
  });

/** The program asks for a member's token with their email and password (HTTP Basic), signed with its key. */
async function requestToken(request: APIRequestContext, baseURL: string, consumer: Consumer, member: { email: string; password: string }) {
  const url = `${baseURL}/xn/rest/${NETWORK}/1.0/Token`;
  const signed = signer(consumer).authorize({ url, method: 'POST', data: {} });
  return request.post(url, {
    headers: { authorization: `Basic ${Buffer.from(`${member.email}:${member.password}`).toString('base64')}` },
    form: signed as unknown as Record<string, string>,
  });
}

/** The program reads the member's own profile, signed with its key and the member's token. */
async function readAsMember(request: APIRequestContext, baseURL: string, consumer: Consumer, token: Token) {
  const url = `${baseURL}/xn/rest/${NETWORK}/1.0/User`;
  const header = signer(consumer).toHeader(signer(consumer).authorize({ url, method: 'GET' }, token));
  return request.get(url, { headers: { ...header } });
}

test('a consumer key created in the web app works for an OAuth program and stops working once revoked', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const appName = `Pocket reader ${unique()}`;
  const member = newMember('Olga');
  const memberContext = await browser.newContext();
  await signUp(memberContext.request, member);
  await memberContext.close();

  const creatorContext = await browser.newContext();
  await signInApi(creatorContext.request, CREATOR);
  const page = await creatorContext.newPage();
  const consumer: Consumer = { key: '', secret: '' };
  let token: Token = { key: '', secret: '' };

  await test.step('the Network Creator creates a key and sees its secret once', async () => {
    await page.goto(`/n/${NETWORK}/admin`);
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'API keys' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    await page.getByLabel('Application name').fill(appName);
    await page.getByRole('button', { name: 'Create key' }).click();
    consumer.key = await page.getByLabel('Consumer key').inputValue();
    consumer.secret = await page.getByLabel('Consumer secret').inputValue();
    expect(consumer.key).not.toBe('');
    expect(consumer.secret).not.toBe('');
    const row = page.getByRole('listitem').filter({ hasText: appName });
    await expect(row.getByText('Never used')).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByLabel('Consumer secret')).toHaveCount(0);
  });

  await test.step('a program signs with it, gets the member’s token and reads as the member', async () => {
    const tokenReply = await requestToken(request, baseURL!, consumer, member);
    expect(tokenReply.status(), await tokenReply.text()).toBe(200);
    const { entry } = (await tokenReply.json()) as { entry: { oauthToken: string; oauthTokenSecret: string } };
    token = { key: entry.oauthToken, secret: entry.oauthTokenSecret };
    const read = await readAsMember(request, baseURL!, consumer, token);
    expect(read.status(), await read.text()).toBe(200);
    expect(((await read.json()) as { entry: { fullName: string } }).entry.fullName).toBe(member.fullName);

    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: appName }).getByText(/Last used/)).toBeVisible();
  });

  await test.step('once revoked in the web app, the program is refused', async () => {
    const row = page.getByRole('listitem').filter({ hasText: appName });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: appName })).toHaveCount(0);

    expect((await readAsMember(request, baseURL!, consumer, token)).status()).toBe(401);
    expect((await requestToken(request, baseURL!, consumer, member)).status()).toBe(401);
  });

  await creatorContext.close();
});
