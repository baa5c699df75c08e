// Black-box test harness: a real server on a throwaway database (a temp SQLite folder, or a
// fresh PostgreSQL schema when TEST_DATABASE_URL is set), and HTTP clients that act as
// anonymous visitors, signed-in members (session cookie + CSRF header) or OAuth programs.
// Every JSON reply the clients receive is checked against the server's OpenAPI document.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import OAuth from 'oauth-1.0a';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { createConsumerKey } from '../resources/consumer-keys/store';
import { findNetwork } from '../resources/networks/store';
import type { MemberState, NetworkTable, Role } from '../db/schema';
import type { KyselyPlugin } from 'kysely';

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

/** A file for a multipart/form-data part. */
export interface UploadFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A multipart/form-data body: the fields (names may repeat), then the file parts. */
export function toFormData(fields: Form = {}, files: Record<string, UploadFile> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of toSearchParams(fields)) data.append(name, value);
  for (const [part, file] of Object.entries(files)) data.append(part, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

/** A body sent exactly as given, for request shapes FormData cannot make. */
export interface RawBody {
  contentType: string;
  bytes: Uint8Array;
}

export class Client {
  constructor(
    readonly server: TestServer,
    private cookie?: string,
    private csrf?: string,
    readonly who: { email?: string; password?: string; screenName?: string } = {},
    /** Sent with every request (a bearer token's Authorization header). */
    private readonly headers: Record<string, string> = {},
  ) {}

  /** A path relative to the network's REST base (`BlogPost/recent`), or absolute (`/healthz`). */
  url(p: string, query?: Form): string {
    const base = p.startsWith('/') ? `${this.server.url}${p}` : `${this.server.url}/xn/rest/${NETWORK}/1.0/${p}`;
    const qs = toSearchParams(query).toString();
    return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
  }

  async request<T = any>(
    method: string,
    p: string,
    query?: Form,
    form?: Form | FormData,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { ...this.headers, ...headers }, redirect: 'manual' };
    const h = init.headers as Record<string, string>;
    if (this.cookie) h.cookie = this.cookie;
    if (this.csrf && method !== 'GET') h['x-csrf-token'] = this.csrf;
    if (form instanceof FormData) {
      init.body = form;
    } else if (form) {
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
    return this.server.checkReply(method, res.url, { status: res.status, headers: res.headers, body: body as T });
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
  /** POST multipart/form-data: the fields, and each file in the part its key names. */
  upload<T = any>(p: string, fields: Form, files: Record<string, UploadFile>, query?: Form) {
    return this.request<T>('POST', p, query, toFormData(fields, files));
  }

  /** GET of something that is not JSON (an image): the raw bytes. */
  async bytes(p: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const res = await fetch(this.url(p), { headers: this.cookie ? { cookie: this.cookie } : {} });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  /** The headers that carry this client's credentials on a request of `method`, for requests made by hand. */
  credentialHeaders(method: string): Record<string, string> {
    const h: Record<string, string> = { ...this.headers };
    if (this.cookie) h.cookie = this.cookie;
    if (this.csrf && method !== 'GET') h['x-csrf-token'] = this.csrf;
    return h;
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

  /** A script of the same member: no cookie, a personal access token as `Authorization: Bearer`. */
  withBearer(token: string): Client {
    return new Client(this.server, undefined, undefined, this.who, { authorization: `Bearer ${token}` });
  }
}

export type OAuthPlacement = 'header' | 'query' | 'form';

export interface OAuthRequestOptions {
  extraHeaders?: Record<string, string>;
  /** Rewrites what carries the OAuth parameters (the header value, or the encoded query/form part). */
  tamper?: (carried: string) => string;
  nonce?: string;
  timestamp?: number;
  /** Where the OAuth parameters travel: the Authorization header (default), the query string or the form body. */
  placement?: OAuthPlacement;
}

export class OAuthClient {
  private readonly oauth: OAuth;
  constructor(
    readonly server: TestServer,
    readonly consumer: { key: string; secret: string },
    readonly token?: { key: string; secret: string },
    readonly signatureMethod: 'HMAC-SHA1' | 'PLAINTEXT' = 'HMAC-SHA1',
  ) {
    this.oauth = new OAuth({
      consumer: consumer,
      signature_method: signatureMethod,
      hash_function:
        signatureMethod === 'PLAINTEXT'
          ? (_base, key) => key
          : (base, key) => crypto.createHmac('sha1', key).update(base).digest('base64'),
    });
  }

  /** The same program and token, signing with another method. */
  using(signatureMethod: 'HMAC-SHA1' | 'PLAINTEXT'): OAuthClient {
    return new OAuthClient(this.server, this.consumer, this.token, signatureMethod);
  }

  /** Signs with the oauth-1.0a library; OAuth parameters go where `options.placement` says. */
  async request<T = any>(method: string, p: string, params: Form = {}, options: OAuthRequestOptions = {}): Promise<Reply<T>> {
    const url = `${this.server.url}/xn/rest/${NETWORK}/1.0/${p}`;
    const inBody = method === 'POST' || method === 'PUT';
    const search = toSearchParams(params);
    const data: Record<string, string | string[]> = {};
    for (const key of new Set(search.keys())) {
      const all = search.getAll(key);
      data[key] = all.length === 1 ? all[0]! : all;
    }
    // Spaces as %20, not `+`: the library reads the query back with decodeURIComponent.
    const query = search.toString().replace(/\+/g, '%20');
    const requestData = { url: inBody || !search.size ? url : `${url}?${query}`, method, data: inBody ? data : {} };
    const authorized = this.oauth.authorize(requestData, this.token);
    if (options.nonce) authorized.oauth_nonce = options.nonce;
    if (options.timestamp) authorized.oauth_timestamp = options.timestamp;
    if (options.nonce || options.timestamp) {
      const { oauth_signature: _, ...unsigned } = authorized as unknown as Record<string, string>;
      authorized.oauth_signature = this.oauth.getSignature(requestData, this.token?.secret, unsigned as never);
    }
    const placement = options.placement ?? 'header';
    const tamper = options.tamper ?? ((carried: string) => carried);
    const headers: Record<string, string> = {};
    let target = requestData.url;
    const body = inBody ? new URLSearchParams(search) : undefined;
    if (placement === 'header') {
      headers.authorization = tamper(this.oauth.toHeader(authorized).Authorization);
    } else {
      // The library's result also holds the request's own parameters: carry only the OAuth ones.
      const oauthOnly = Object.entries(authorized).filter(([name]) => name.startsWith('oauth_'));
      const carried = tamper(toSearchParams(Object.fromEntries(oauthOnly) as Form).toString());
      if (placement === 'query') target = `${target}${target.includes('?') ? '&' : '?'}${carried}`;
      else if (body) for (const [name, value] of new URLSearchParams(carried)) body.append(name, value);
      else throw new Error('OAuth parameters travel in the form body only on POST and PUT.');
    }
    Object.assign(headers, options.extraHeaders);
    const init: RequestInit = { method, headers };
    if (body) {
      init.body = body.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(target, init);
    const text = await res.text();
    return this.server.checkReply(method, res.url, { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T });
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

  /**
   * A multipart POST as the PHP client sends a Photo: OAuth parameters in the Authorization
   * header (or the query), signed over no body parameter (multipart fields are never signed).
   */
  async upload<T = any>(p: string, body: FormData | RawBody, placement: 'header' | 'query' = 'header'): Promise<Reply<T>> {
    const url = `${this.server.url}/xn/rest/${NETWORK}/1.0/${p}`;
    const authorized = this.oauth.authorize({ url, method: 'POST', data: {} }, this.token);
    const headers: Record<string, string> = {};
    let target = url;
    if (placement === 'header') headers.authorization = this.oauth.toHeader(authorized).Authorization;
    else target = `${url}?${toSearchParams(authorized as unknown as Form)}`;
    const raw = !(body instanceof FormData);
    if (raw) headers['content-type'] = body.contentType;
    const res = await fetch(target, { method: 'POST', headers, body: raw ? new Uint8Array(body.bytes) : body });
    const text = await res.text();
    return this.server.checkReply('POST', url, { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T });
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
  /** Setup no endpoint does yet: the account id behind a signed-in client. */
  accountIdOf(client: Client): Promise<number>;
  /** Setup no endpoint does yet: makes a member an administrator, pending or blocked. */
  setMembership(client: Client, change: { role?: Role; state?: MemberState }): Promise<void>;
  /** Setup no endpoint does yet: an accepted friendship, one row per side. */
  befriend(a: Client, b: Client): Promise<void>;
  /** Setup no endpoint does yet: network flags such as `blog_post_moderation`. */
  updateNetwork(change: Partial<Omit<NetworkTable, 'id'>>): Promise<void>;
  /** On PostgreSQL: another instance on the same database schema (what several servers behind a balancer share). */
  anotherInstance(): Promise<RunningServer>;
  /** Fails (throws) when a JSON reply of a REST endpoint does not match the OpenAPI document; else returns it. */
  checkReply<T>(method: string, url: string, reply: Reply<T>): Promise<Reply<T>>;
}

let counter = 0;

/** `log`: where the server logs (a test that reads what it prints, such as a reset link); silent otherwise. */
export async function startTestServer(env: Record<string, string> = {}, options: { log?: Logger } = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-test-'));
  const databaseUrl = process.env.TEST_DATABASE_URL;
  let pgSchema: string | undefined;
  if (databaseUrl) {
    pgSchema = `t_${crypto.randomBytes(6).toString('hex')}`;
    await runOnce(databaseUrl, `create schema ${pgSchema}`);
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
    // High enough never to trip in other tests, and still counting, so the limiter runs everywhere.
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  const started = await startServer(config, { pgSchema, log: options.log });
  const others: RunningServer[] = [];
  // What a test writes straight to the database drops the replies every instance keeps, as
  // the service's own writes do, so none hides it.
  const dropCached = () => [started, ...others].forEach((s) => s.dropCached('all'));
  const running = { ...started, db: started.db.withPlugin(announceWrites(dropCached)) };
  const network = await findNetwork(running.db, NETWORK);

  const server: TestServer = {
    ...running,
    networkId: network!.id,
    checkReply: replyChecker(running.url),
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
    async consumer(name = 'test-app') {
      const { row, secret } = await createConsumerKey(running.db, running.secrets, network!.id, name, Date.now());
      return { key: row.consumer_key, secret };
    },
    async oauthFor(who) {
      const consumer = await server.consumer();
      const res = await fetchToken(server, consumer, who.email!, who.password!);
      if (res.status !== 200) throw new Error(`token failed: ${JSON.stringify(res.body)}`);
      return new OAuthClient(server, consumer, { key: res.body.entry.oauthToken, secret: res.body.entry.oauthTokenSecret });
    },
    async accountIdOf(client) {
      const row = await running.db
        .selectFrom('accounts')
        .select('id')
        .where('screen_name', '=', client.who.screenName!)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async setMembership(client, change) {
      const accountId = await server.accountIdOf(client);
      await running.db
        .updateTable('members')
        .set(change)
        .where('network_id', '=', server.networkId)
        .where('account_id', '=', accountId)
        .execute();
    },
    async befriend(a, b) {
      const [aId, bId] = await Promise.all([server.accountIdOf(a), server.accountIdOf(b)]);
      const now = Date.now();
      const side = (accountId: number, friendId: number) => ({
        network_id: server.networkId,
        account_id: accountId,
        friend_account_id: friendId,
        state: 'friend' as const,
        created_at: now,
        updated_at: now,
      });
      await running.db.insertInto('friendships').values([side(aId, bId), side(bId, aId)]).execute();
    },
    async updateNetwork(change) {
      await running.db.updateTable('networks').set(change).where('id', '=', server.networkId).execute();
    },
    async anotherInstance() {
      if (!databaseUrl) throw new Error('Several instances share a database on PostgreSQL only.');
      const other = await startServer(config, { pgSchema });
      others.push(other);
      return other;
    },
    async stop() {
      await Promise.all(others.map((o) => o.stop()));
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl && pgSchema) await runOnce(databaseUrl, `drop schema ${pgSchema} cascade`);
    },
  };
  return server;
}

/** A file's test server and its Network Creator, signed in. */
export interface TestNetwork {
  readonly server: TestServer;
  readonly owner: Client;
}

/**
 * One test server for the whole file: started and its owner signed in before the file's tests,
 * stopped after them. Read `server` and `owner` inside tests and hooks, once it has started.
 */
export function useTestServer(env: Record<string, string> = {}): TestNetwork {
  let server: TestServer | undefined;
  let owner: Client | undefined;
  beforeAll(async () => {
    server = await startTestServer(env);
    owner = await server.owner();
  });
  afterAll(() => server?.stop());
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('The test server starts in beforeAll: use it inside a test or hook.');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get owner() {
      return started(owner);
    },
  };
}

/** A Kysely plugin calling `changed` after each insert, update or delete it runs. */
function announceWrites(changed: () => void): KyselyPlugin {
  const writes = new WeakSet<object>();
  return {
    transformQuery({ node, queryId }) {
      if (node.kind === 'InsertQueryNode' || node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode' || node.kind === 'RawNode') writes.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (writes.has(queryId)) changed();
      return result;
    },
  };
}

/**
 * Runs one statement on its own connection (a test's schema made or dropped). Test files make
 * and drop theirs side by side, while others migrate: each server reads the catalog of its own
 * schema alone (db/pg-introspector.ts).
 */
export async function runOnce(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
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
  return server.checkReply('POST', url, { status: res.status, headers: res.headers, body: await res.json() });
}

/**
 * Checks replies against the server's own OpenAPI document (fetched once): a success must
 * match its operation's 200 schema — the envelope alone where the endpoint declares no entry
 * schema — and a failure the error envelope.
 */
function replyChecker(baseUrl: string) {
  let loaded: Promise<Ajv2020> | undefined;
  const load = async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(await (await fetch(`${baseUrl}/xn/rest/openapi.json`)).json(), 'openapi');
    return ajv;
  };
  return async <T>(method: string, url: string, reply: Reply<T>): Promise<Reply<T>> => {
    const rest = /^\/xn\/rest\/[^/]+\/1\.0(\/[^?#]*)$/.exec(new URL(url).pathname);
    const json = reply.headers.get('content-type')?.startsWith('application/json') && typeof reply.body === 'object';
    if (!rest || !json) return reply;
    const ajv = await (loaded ??= load());
    const path = rest[1]!;
    const op = `/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}`;
    const pointer = reply.status === 200 ? `${op}/responses/200/content/application~1json/schema` : '/components/schemas/Error';
    const validate = ajv.getSchema(`openapi#${pointer}`);
    if (!validate) throw new Error(`${method} ${path} answered ${reply.status}, but the OpenAPI document has no such operation.`);
    if (!validate(reply.body)) {
      const problems = (validate.errors ?? []).map((e) => `  ${e.instancePath || '(body)'} ${e.message}`).join('\n');
      throw new Error(
        `The reply to ${method} ${path} (${reply.status}) does not match the OpenAPI document:\n${problems}\n${JSON.stringify(reply.body).slice(0, 2000)}`,
      );
    }
    return reply;
  };
}
