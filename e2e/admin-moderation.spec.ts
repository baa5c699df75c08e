// Running a network from the web app: the Network Creator, an administrator and two members,
// each in their own browser. The Network Creator makes a member an administrator and switches
// post and photo moderation on; a member's post waits until the administrator approves it
// from the queue, then the other member sees it; a rejected photo is gone for everyone;
// featuring an old post puts it first on the featured page and the front page; a blocked
// member can no longer post; a plain member is refused every administrative endpoint and sees
// no administrative controls; the audit log lists every one of these acts. Every page visited is checked by axe in both colour schemes.
import { expect, test, type Page } from '@playwright/test';
import { CREATOR, call, expectOk, memberContext, moderationOff, signInApi } from './admin-fixtures';
import { NETWORK, createBlogPost, unique, uploadPhoto } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll } from './page-checks';

const postPath = (id: string) => `/n/${NETWORK}/blog/${encodeURIComponent(id)}`;
const photoPath = (id: string) => `/n/${NETWORK}/photos/${encodeURIComponent(id)}`;

/** A member's row on the administrators' Members page. */
const memberRow = (page: Page, fullName: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name: fullName, exact: true }) });

const CHARTS = ['New members per day', 'Posts per day', 'Comments per day', 'Photos per day'] as const;

/** The totals the dashboard's charts show for the last 30 days. */
async function dashboardTotals(page: Page): Promise<Record<(typeof CHARTS)[number], number>> {
  await page.goto(`/n/${NETWORK}/admin`);
  const totals = {} as Record<(typeof CHARTS)[number], number>;
  for (const chart of CHARTS) {
    const total = page.getByRole('figure', { name: new RegExp(`^${chart}`) }).locator('.chart-total');
    await expect(total).toBeVisible();
    totals[chart] = Number((await total.textContent())!.replace(/\D/g, ''));
  }
  return totals;
}

test('administrators moderate, feature and block from the web app; plain members are refused', async ({ browser }) => {
  test.setTimeout(300_000);
  const id = unique();
  const creatorContext = await browser.newContext();
  await signInApi(creatorContext.request, CREATOR);
  const creatorPage = await creatorContext.newPage();
  // The dashboard's totals of the last 30 days before the journey adds to them.
  const before = await dashboardTotals(creatorPage);
  const { member: admin, context: adminContext } = await memberContext(browser, 'Adele');
  const { context: aliceContext } = await memberContext(browser, 'Alice');
  const { member: bob, context: bobContext } = await memberContext(browser, 'Bob');
  const adminPage = await adminContext.newPage();
  const alicePage = await aliceContext.newPage();
  const bobPage = await bobContext.newPage();

  // Written before moderation is on, so it is out at once; it is featured later.
  const oldTitle = `An old favourite ${id}`;
  const oldPostId = await createBlogPost(bobContext.request, { title: oldTitle, description: '<p>From the archive.</p>', tags: [] });
  const heldTitle = `Held for a look ${id}`;
  let heldPostId = '';

  try {
    await test.step('the Network Creator makes a member an administrator', async () => {
      await creatorPage.goto(`/n/${NETWORK}`);
      await creatorPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Admin/ }).click();
      await expect(creatorPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expectAccessible(creatorPage);
      await creatorPage.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Members' }).click();
      await creatorPage.getByLabel('Find a member').fill(admin.fullName);
      const row = memberRow(creatorPage, admin.fullName);
      await row.getByRole('button', { name: 'Make administrator' }).click();
      await creatorPage.getByRole('dialog', { name: 'Make this member an administrator?' }).getByRole('button', { name: 'Make administrator' }).click();
      await expect(creatorPage.getByText(`${admin.fullName} is an administrator now.`)).toBeVisible();
      await expect(row.getByText('Administrator', { exact: true })).toBeVisible();
      await expectAccessible(creatorPage);
      await expectNoSidewaysScroll(creatorPage);
    });

    await test.step('the Network Creator switches post and photo moderation on', async () => {
      await creatorPage.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Network settings' }).click();
      await expect(creatorPage.getByRole('heading', { level: 1, name: 'Network settings' })).toBeVisible();
      await creatorPage.getByRole('checkbox', { name: /^Blog posts/ }).check();
      await creatorPage.getByRole('checkbox', { name: /^Photos/ }).check();
      await expectAccessible(creatorPage);
      await expectNoSidewaysScroll(creatorPage);
      await creatorPage.getByRole('button', { name: 'Save settings' }).click();
      await expect(creatorPage.getByText('The settings are saved.')).toBeVisible();
      const network = await expectOk(await call(creatorContext.request, 'GET', 'Network'));
      expect(network.entry).toMatchObject({ blogPostModeration: true, photoModeration: true });
    });

    await test.step('a member’s post is held: its author sees it awaiting approval, the other member does not see it', async () => {
      heldPostId = await createBlogPost(aliceContext.request, { title: heldTitle, description: '<p>Please let this through.</p>', tags: [] });
      await alicePage.goto(postPath(heldPostId));
      await expect(alicePage.getByRole('heading', { level: 1, name: heldTitle })).toBeVisible();
      await expect(alicePage.getByText('Awaiting approval', { exact: true })).toBeVisible();
      await expect(alicePage.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await expectAccessible(alicePage);

      await bobPage.goto(postPath(heldPostId));
      await expect(bobPage.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
      await bobPage.goto(`/n/${NETWORK}/blog`);
      await expect(bobPage.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
      await expect(bobPage.getByRole('link', { name: heldTitle })).toHaveCount(0);
    });

    await test.step('the administrator sees the waiting count and approves the post from the queue', async () => {
      await adminPage.goto(`/n/${NETWORK}`);
      const adminLink = adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Admin/ });
      await expect(adminLink).toContainText(/\d+/);
      await adminLink.click();
      await adminPage.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: /^Moderation queue/ }).click();
      const item = adminPage.getByRole('listitem', { name: heldTitle });
      await expect(item.getByText('Please let this through.')).toBeVisible();
      await expectAccessible(adminPage);
      await expectNoSidewaysScroll(adminPage);
      await item.getByRole('button', { name: 'Approve' }).click();
      await expect(adminPage.getByText('Approved.')).toBeVisible();
      await expect(adminPage.getByRole('listitem', { name: heldTitle })).toHaveCount(0);
    });

    await test.step('the other member now sees the post', async () => {
      await bobPage.goto(`/n/${NETWORK}/blog`);
      await expect(bobPage.getByRole('link', { name: heldTitle })).toBeVisible();
      await bobPage.getByRole('link', { name: heldTitle }).click();
      await expect(bobPage.getByRole('heading', { level: 1, name: heldTitle })).toBeVisible();
      await expect(bobPage.getByText('Awaiting approval', { exact: true })).toHaveCount(0);
    });

    await test.step('a rejected photo is gone for everyone', async () => {
      const photoTitle = `Blurry ${id}`;
      const photoId = await uploadPhoto(aliceContext.request, photoTitle);
      await adminPage.goto(photoPath(photoId));
      await expect(adminPage.getByText('Awaiting approval', { exact: true })).toBeVisible();
      await expectAccessible(adminPage);
      await adminPage.getByRole('button', { name: 'Reject' }).click();
      await adminPage.getByRole('dialog', { name: 'Reject this photo?' }).getByRole('button', { name: 'Reject' }).click();
      await expect(adminPage).toHaveURL(new RegExp(`/n/${NETWORK}/photos$`));
      for (const page of [adminPage, alicePage, bobPage]) {
        await page.goto(photoPath(photoId));
        await expect(page.getByRole('heading', { level: 1, name: 'Photo not found' })).toBeVisible();
      }
    });

    await test.step('featuring an old post puts it first on the featured page and the front page', async () => {
      await adminPage.goto(postPath(oldPostId));
      await adminPage.getByRole('button', { name: 'Feature', exact: true }).click();
      await expect(adminPage.getByRole('button', { name: 'Unfeature' })).toBeVisible();
      await expectAccessible(adminPage);

      await alicePage.goto(`/n/${NETWORK}/featured`);
      await expect(alicePage.getByRole('main').getByRole('listitem').first()).toContainText(oldTitle);
      await alicePage.goto(`/n/${NETWORK}`);
      const section = alicePage.getByRole('region', { name: 'Featured posts' });
      await expect(section.getByRole('listitem').first()).toContainText(oldTitle);

      await adminPage.goto(`/n/${NETWORK}/admin/featured`);
      const featured = adminPage.getByRole('region', { name: 'Blog posts' });
      await expect(featured.getByRole('listitem').first()).toContainText(oldTitle);
      await expectAccessible(adminPage);
      await expectNoSidewaysScroll(adminPage);
    });

    await test.step('a member blocked by an administrator can no longer post', async () => {
      await adminPage.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Members' }).click();
      await adminPage.getByLabel('Find a member').fill(bob.email);
      const row = memberRow(adminPage, bob.fullName);
      await row.getByRole('button', { name: 'Block' }).click();
      await adminPage.getByRole('dialog', { name: 'Block this member?' }).getByRole('button', { name: 'Block' }).click();
      await expect(adminPage.getByText(`${bob.fullName} is blocked.`)).toBeVisible();
      await expect(row.getByText('Blocked', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: 'Make administrator' })).toHaveCount(0);
      await expectAccessible(adminPage);

      const refused = await call(bobContext.request, 'POST', 'BlogPost', { title: `Still here ${id}`, description: 'x', publishStatus: 'publish' });
      expect(refused.status()).toBe(403);
      await bobPage.goto(postPath(oldPostId));
      await expect(bobPage.getByText('Your membership is blocked, so you cannot comment.')).toBeVisible();
    });

    await test.step('a plain member is refused every administrative endpoint and sees no administrative controls', async () => {
      const someone = (await expectOk(await call(adminContext.request, 'GET', 'User'))).entry as { id: string };
      const refusals: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, string>][] = [
        ['queue', 'GET', 'ModerationQueue/list', {}],
        ['queue count', 'GET', 'ModerationQueue/count', {}],
        ['settings', 'PUT', 'Network', { blogPostModeration: 'false' }],
        ['broadcast', 'POST', 'BroadcastMessage', { subject: 'Hi', body: 'all' }],
        ['remove member', 'DELETE', 'User', { id: someone.id }],
        ['block member', 'PUT', 'User', { id: someone.id, isBlocked: 'true' }],
        ['approve member', 'PUT', 'User', { id: someone.id, approved: 'true' }],
        ['make administrator', 'PUT', 'User', { id: someone.id, isAdmin: 'true' }],
        ['approve post', 'PUT', 'BlogPost', { id: heldPostId, approved: 'true' }],
        ['feature post', 'POST', 'BlogPost/feature', { id: heldPostId }],
        ['unfeature post', 'DELETE', 'BlogPost/feature', { id: oldPostId }],
        ['feature member', 'POST', 'User/feature', { id: someone.id }],
        ['remove activity', 'DELETE', 'Activity', { id: `${oldPostId.split(':')[0]}:Activity:1` }],
      ];
      for (const [what, method, resource, params] of refusals) {
        const response = await call(aliceContext.request, method, resource, params);
        expect(response.status(), `${what}: ${method} ${resource}`).toBe(403);
      }

      await alicePage.goto(postPath(oldPostId));
      await expect(alicePage.getByRole('heading', { level: 1, name: oldTitle })).toBeVisible();
      for (const name of ['Approve', 'Reject', 'Feature', 'Unfeature', 'Delete', 'Block', 'Make administrator']) {
        await expect(alicePage.getByRole('button', { name, exact: true })).toHaveCount(0);
      }
      await expect(alicePage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Admin/ })).toHaveCount(0);
      await alicePage.goto(`/n/${NETWORK}/admin/queue`);
      await expect(alicePage.getByText(/These pages are for the network’s administrators/)).toBeVisible();
      await expect(alicePage.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await expectAccessible(alicePage);
    });
    await test.step('the audit log lists every act of the journey', async () => {
      await creatorPage.goto(`/n/${NETWORK}/admin`);
      await creatorPage.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
      await expect(creatorPage.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      const act = (text: string) => creatorPage.getByRole('main').getByRole('listitem').filter({ hasText: text });
      await expect(act(`made member “${admin.fullName}” an administrator`)).toHaveCount(1);
      await expect(act('changed network settings').filter({ hasText: 'blogPostModeration' }).first()).toBeVisible();
      await expect(act(`${admin.fullName} approved blog post “${heldTitle}”`)).toHaveCount(1);
      await expect(act(`${admin.fullName} rejected photo “Blurry ${id}”`)).toHaveCount(1);
      const featuring = act(`${admin.fullName} featured`).filter({ has: creatorPage.locator(`a[href="/n/${NETWORK}/blog/${encodeURIComponent(oldPostId)}"]`) });
      await expect(featuring).toHaveCount(1);
      await expect(act(`${admin.fullName} blocked member “${bob.fullName}”`)).toHaveCount(1);
      await expect(act(`${admin.fullName} approved blog post “${heldTitle}”`)).toContainText(/from \S+/);
      await expectAccessible(creatorPage);
      await expectNoSidewaysScroll(creatorPage);

      await creatorPage.getByLabel('Who').selectOption({ label: admin.fullName });
      await expect(act(`made member “${admin.fullName}” an administrator`)).toHaveCount(0);
      await expect(act(`${admin.fullName} blocked member “${bob.fullName}”`)).toHaveCount(1);
    });
    await test.step('the dashboard’s numbers match what the journey created', async () => {
      const after = await dashboardTotals(creatorPage);
      // Three members joined; two posts came out (one held, then approved); the rejected photo is gone; nobody commented.
      expect(after).toEqual({
        'New members per day': before['New members per day'] + 3,
        'Posts per day': before['Posts per day'] + 2,
        'Comments per day': before['Comments per day'],
        'Photos per day': before['Photos per day'],
      });
      await expect(creatorPage.getByRole('figure', { name: 'Most active members' })).toContainText(bob.fullName);
      await expectAccessible(creatorPage);
      await expectNoSidewaysScroll(creatorPage);
    });
  } finally {
    await moderationOff(creatorContext.request);
    for (const context of [creatorContext, adminContext, aliceContext, bobContext]) await context.close();
  }
});
