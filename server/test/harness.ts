// Black-box test harness: a real server on a throwaway database (a temp SQLite folder, or a
// fresh PostgreSQL schema when TEST_DATABASE_URL is set), and HTTP clients that act as
// anonymous visitors, signed-in members (session cookie + CSRF header) or OAuth programs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import OAuth from 'oauth-1.0a';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { createConsumer } from '../resources/tokens/store';
import { findNetwork } from '../resources/networks/store';

export type FormValue = string | number | boolean | (string | number)[] | undefined;
export type Form = Record<string, FormValue>;

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export const OWNER = { email: 'owner@test.example', password: 'owner-password-1' };
export const NETWORK = 'apiexample';

export function toSearchParams(form: Form = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, String(v));
  }
  return params;
}

export class Client {
  constructor(
    readonly server: TestServer,
    private cookie?: string,
    private csrf?: string,
    readonly who: { email?: string; password?: string; screenName?: string } = {},
  ) {}

  /** A path relative to the network's REST base (`BlogPost/recent`), or absolute (`/healthz`). */
  url(p: string, query?: Form): string {
    const base = p.startsWith('/') ? `${this.server.url}${p}` : `${this.server.url}/xn/rest/${NETWORK}/1.0/${p}`;
    const qs = toSearchParams(query).toString();
    return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
  }

  async request<T = any>(method: string, p: string, query?: Form, form?: Form, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    const h = init.headers as Record<string, string>;
    if (this.cookie) h.cookie = this.cookie;
    if (this.csrf && method !== 'GET') h['x-csrf-token'] = this.csrf;
    if (form) {
      init.body = toSearchParams(form).toString();
      h['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(this.url(p, query), init);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('xn_session='));
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: leave the text for the test to see
    }
    return { status: res.status, headers: res.headers, body: body as T };
  }

  get<T = any>(p: string, query?: Form) {
    return this.request<T>('GET', p, query);
  }
  post<T = any>(p: string, form?: Form, query?: Form) {
    return this.request<T>('POST', p, query, form ?? {});
  }
  put<T = any>(p: string, form?: Form, query?: Form) {
    return this.request<T>('PUT', p, query, form ?? {});
  }
  del<T = any>(p: string, query?: Form) {
    return this.request<T>('DELETE', p, query);
  }

  /** Reads the session's anti-forgery token after a sign-in. */
  async refreshSession() {
    const res = await this.get('Session');
    this.csrf = res.body.entry?.csrfToken ?? undefined;
    this.who.screenName = res.body.entry?.author;
    return res.body.entry;
  }

  /** Forgets the anti-forgery token, as a cross-site form post would lack it. */
  withoutCsrf(): Client {
    return new Client(this.server, this.cookie, undefined, this.who);
  }
}

export class OAuthClient {
  private readonly oauth: OAuth;
  constructor(
    readonly server: TestServer,
    readonly consumer: { key: string; secret: string },
    readonly token?: { key: string; secret: string },
  ) {
    this.oauth = new OAuth({
      consumer: consumer,
      signature_method: 'HMAC-SHA1',
      hash_function: (base, key) => crypto.createHmac('sha1', key).update(base).digest('base64'),
    });
  }

  /** Signs with the oauth-1.0a library; OAuth parameters go in the Authorization header. */
  async request<T = any>(
    method: string,
    p: string,
    params: Form = {},
    options: { extraHeaders?: Record<string, string>; tamper?: (h: string) => string; nonce?: string; timestamp?: number } = {},
  ): Promise<Reply<T>> {
    const url = `${this.server.url}/xn/rest/${NETWORK}/1.0/${p}`;
    const inBody = method === 'POST' || method === 'PUT';
    const search = toSearchParams(params);
    const data: Record<string, string | string[]> = {};
    for (const key of new Set(search.keys())) {
      const all = search.getAll(key);
      data[key] = all.length === 1 ? all[0]! : all;
    }
    const requestData = { url: inBody || !search.size ? url : `${url}?${search}`, method, data: inBody ? data : {} };
    const authorized = this.oauth.authorize(requestData, this.token);
    if (options.nonce) authorized.oauth_nonce = options.nonce;
    if (options.timestamp) authorized.oauth_timestamp = options.timestamp;
    if (options.nonce || options.timestamp) {
      const { oauth_signature: _, ...unsigned } = authorized as unknown as Record<string, string>;
      authorized.oauth_signature = this.oauth.getSignature(requestData, this.token?.secret, unsigned as never);
    }
    let header = this.oauth.toHeader(authorized).Authorization;
    if (options.tamper) header = options.tamper(header);
    const init: RequestInit = { method, headers: { authorization: header, ...options.extraHeaders } };
    if (inBody) {
      init.body = search.toString();
      (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(requestData.url, init);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
  }

  get<T = any>(p: string, params?: Form) {
    return this.request<T>('GET', p, params);
  }
  post<T = any>(p: string, params?: Form) {
    return this.request<T>('POST', p, params);
  }
  put<T = any>(p: string, params?: Form) {
    return this.request<T>('PUT', p, params);
  }
  del<T = any>(p: string, params?: Form) {
    return this.request<T>('DELETE', p, params);
  }
}

export interface TestServer extends RunningServer {
  networkId: number;
  anonymous(): Client;
  signIn(email: string, password: string): Promise<Client>;
  /** Joins the network as a new member with a unique email. */
  signUp(fullName?: string): Promise<Client>;
  owner(): Promise<Client>;
  consumer(name?: string): Promise<{ key: string; secret: string }>;
  /** An OAuth program acting for a member: gets the token through POST Token. */
  oauthFor(who: { email?: string; password?: string }): Promise<OAuthClient>;
}

let counter = 0;

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-test-'));
  const databaseUrl = process.env.TEST_DATABASE_URL;
  let pgSchema: string | undefined;
  if (databaseUrl) {
    pgSchema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${pgSchema}`);
    await client.end();
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    DEMO_CONTENT: 'off',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const running = await startServer(config, { pgSchema });
  const network = await findNetwork(running.db, NETWORK);

  const server: TestServer = {
    ...running,
    networkId: network!.id,
    anonymous: () => new Client(server),
    async signIn(email, password) {
      const client = new Client(server, undefined, undefined, { email, password });
      const res = await client.post('Session', { email, password });
      if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
      await client.refreshSession();
      return client;
    },
    async signUp(fullName = 'Test Member') {
      const email = `member-${++counter}-${crypto.randomBytes(4).toString('hex')}@test.example`;
      const password = 'member-password-1';
      const client = new Client(server, undefined, undefined, { email, password });
      const res = await client.post('User', { email, password, fullName });
      if (res.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
      await client.refreshSession();
      return client;
    },
    owner: () => server.signIn(OWNER.email, OWNER.password),
    consumer: (name = 'test-app') => createConsumer(running.db, network!.id, name),
    async oauthFor(who) {
      const consumer = await server.consumer();
      const res = await fetchToken(server, consumer, who.email!, who.password!);
      if (res.status !== 200) throw new Error(`token failed: ${JSON.stringify(res.body)}`);
      return new OAuthClient(server, consumer, { key: res.body.entry.oauthToken, secret: res.body.entry.oauthTokenSecret });
    },
    async stop() {
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl && pgSchema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema ${pgSchema} cascade`);
        await client.end();
      }
    },
  };
  return server;
}

/** POST Token: HTTP Basic credentials, and OAuth parameters (consumer secret only) in the form body. */
export async function fetchToken(server: TestServer, consumer: { key: string; secret: string }, email: string, password: string): Promise<Reply> {
  const oauth = new OAuth({
    consumer,
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => crypto.createHmac('sha1', key).update(base).digest('base64'),
  });
  const url = `${server.url}/xn/rest/${NETWORK}/1.0/Token`;
  const signed = oauth.authorize({ url, method: 'POST', data: {} });
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: toSearchParams(signed as unknown as Form).toString(),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
