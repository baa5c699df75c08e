// Helpers of the administrators' journeys: the Network Creator's account (the server's
// ADMIN_EMAIL), signing in through the API, and writes through the REST service as any member.
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { NETWORK, newMember, signUp, type Member } from './fixtures';

export const rest = (resource: string) => `/xn/rest/${NETWORK}/1.0/${resource}`;

/** The Network Creator, as playwright.config.ts starts the server. */
export const CREATOR = { email: 'admin@e2e.example.com', password: 'e2e-admin-password' };

export async function signInApi(request: APIRequestContext, who: { email: string; password: string }): Promise<void> {
  const response = await request.post(rest('Session'), { form: who });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function csrf(request: APIRequestContext): Promise<string> {
  const body = (await (await request.get(rest('Session'))).json()) as { entry: { csrfToken: string } | null };
  return body.entry?.csrfToken ?? '';
}

type Params = Record<string, string>;

/** A REST call as the member signed in on `request`; the response, whatever it says. */
export async function call(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', resource: string, params: Params = {}) {
  const headers = { 'X-CSRF-Token': await csrf(request) };
  const url = rest(resource);
  if (method === 'GET') return request.get(url, { params });
  if (method === 'DELETE') return request.delete(url, { params, headers });
  return request.fetch(url, { method, form: params, headers });
}

export async function expectOk(response: Awaited<ReturnType<typeof call>>): Promise<Record<string, unknown>> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** A browser context signed in as a new member. */
export async function memberContext(browser: Browser, firstName: string): Promise<{ member: Member; context: Awaited<ReturnType<Browser['newContext']>> }> {
  const member = newMember(firstName);
  const context = await browser.newContext();
  await signUp(context.request, member);
  return { member, context };
}

/** The network's moderation switches, back as they were for the journeys that follow. */
export async function moderationOff(creator: APIRequestContext): Promise<void> {
  await expectOk(
    await call(creator, 'PUT', 'Network', {
      blogPostModeration: 'false',
      photoModeration: 'false',
      commentModeration: 'false',
      userModeration: 'false',
      videoModeration: 'false',
    }),
  );
}
