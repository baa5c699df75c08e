// Seeding through the REST API and small page helpers shared by the end-to-end specs.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

export const NETWORK = 'apiexample';

const rest = (resource: string) => `/xn/rest/${NETWORK}/1.0/${resource}`;

/** Keeps names unique across runs and tests, since the database lives for the whole run. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export type Member = { fullName: string; email: string; password: string };

export function newMember(firstName: string): Member {
  const id = unique();
  return {
    fullName: `${firstName} ${id}`,
    email: `${firstName.toLowerCase()}-${id}@e2e.example.com`,
    password: `pw-${id}-long-enough`,
  };
}

type ApiResponse = Awaited<ReturnType<APIRequestContext['get']>>;

async function expectSuccess<T>(response: ApiResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as T & { success: unknown };
  expect(body.success).toBe(true);
  return body;
}

/** Creates the member; the request context keeps the session cookie the service sets. */
export async function signUp(request: APIRequestContext, member: Member): Promise<void> {
  await expectSuccess<{ id: string }>(await request.post(rest('User'), { form: member }));
}

async function csrfToken(request: APIRequestContext): Promise<string> {
  const { entry } = await expectSuccess<{ entry: { csrfToken: string } | null }>(
    await request.get(rest('Session')),
  );
  expect(entry?.csrfToken, 'a signed-in session with a CSRF token').toBeTruthy();
  return entry!.csrfToken;
}

/** Publishes a post (for everyone, unless told) as the member signed in on `request`; returns its id. */
export async function createBlogPost(
  request: APIRequestContext,
  post: { title: string; description: string; tags: string[]; visibility?: 'all' | 'members' | 'friends' | 'me' },
): Promise<string> {
  const form = new URLSearchParams({
    title: post.title,
    description: post.description,
    publishStatus: 'publish',
    visibility: post.visibility ?? 'all',
  });
  for (const tag of post.tags) form.append('tag', tag);
  const response = await request.post(rest('BlogPost'), {
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-CSRF-Token': await csrfToken(request),
    },
    data: form.toString(),
  });
  const { id } = await expectSuccess<{ id: string }>(response);
  return id;
}

/** Uploads a small generated picture as a photo of the member signed in on `request`; returns its id. */
export async function uploadPhoto(request: APIRequestContext, title: string): Promise<string> {
  const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 110, b: 160 } } })
    .png()
    .toBuffer();
  const response = await request.post(rest('Photo'), {
    headers: { 'X-CSRF-Token': await csrfToken(request) },
    multipart: { title, file: { name: 'harbour.png', mimeType: 'image/png', buffer: picture } },
  });
  const { id } = await expectSuccess<{ id: string }>(response);
  return id;
}

/** One post in the front page's listing, found by its title. */
/** Waits until the app runs in the page: a page the server rendered shows before the app takes over its links. */
export async function appRunning(page: Page): Promise<void> {
  // React marks the elements it has rendered or hydrated as its own.
  await page.waitForFunction(() => Object.keys(document.querySelector('#root > *') ?? {}).some((key) => key.startsWith('__reactFiber')));
}

export function postSummary(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
}

export function commentsSection(page: Page) {
  return page.getByRole('region', { name: 'Comments' });
}

/** Fills in and sends the sign-in form the page is showing. */
export async function signInThroughForm(page: Page, member: Member): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
