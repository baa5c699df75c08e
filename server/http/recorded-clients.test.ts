// Story: the requests the historical client programs sent (oauth-vectors.jsonl), replayed against
// the real server in their exact shape — method, path, which parameters travel in the query, the
// form body or the Authorization header, repeats and extra keys, the multipart Photo body — and
// answered as those programs expect; then the same shapes with repeated and unknown parameters
// in each of the three places OAuth parameters may travel.
import { sealSecret } from '../db/sealed-secrets';
import crypto from 'node:crypto';
import path from 'node:path';
import OAuth from 'oauth-1.0a';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK, OAuthClient, startTestServer, type Client, type Reply, type TestServer } from '../test/harness';
import { expectError, listedIds } from '../test/expect-api';
import { addMember, createAccount } from '../resources/users/store';
import { cameraJpeg, storedRows, uploadPhoto } from '../resources/photos/test-images';
import { recordedRequests, type RecordedRequest } from '../test/recorded-requests';

type Vector = RecordedRequest;

type Pair = [string, string];
type Placement = 'query' | 'form' | 'header';

/**
 * A request laid out as a client sent it. OAuth parameters keep their places: as `oauth_*`
 * pairs in the query or form, or as the names, in order, of an `Authorization: OAuth` header.
 */
interface Shape {
  method: string;
  path: string;
  query: Pair[];
  /** An application/x-www-form-urlencoded body; multipart fields are never signed, so they live in `multipart`. */
  form: Pair[] | null;
  multipart: { contentType: string; body: Buffer } | null;
  oauthHeader: string[] | null;
  /** Any other Authorization header, sent as recorded (the Token request's HTTP Basic). */
  authorization: string | null;
}

const CONSUMER = { key: 'ck', secret: 'cs' };
const TOKEN = { key: 'tok-1', secret: 'sec-1' };
const MEMBER = { email: 'test@example.com', password: 'pw' };
const REST_BASE = `/xn/rest/${NETWORK}/1.0/`;
const OAUTH_NAMES = ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp', 'oauth_token', 'oauth_version'];

const isOAuth = (name: string) => name.startsWith('oauth_');

const vectors = recordedRequests;

function shapeOf(vector: Vector): Shape {
  const url = new URL(vector.url, 'http://recorded');
  const contentType = vector.headers['content-type'] ?? '';
  const authorization = vector.headers.authorization ?? null;
  const oauthHeader = authorization && /^OAuth\s/i.test(authorization);
  return {
    method: vector.method,
    path: url.pathname,
    query: [...url.searchParams],
    form: contentType.startsWith('application/x-www-form-urlencoded') ? [...new URLSearchParams(vector.body)] : null,
    multipart: contentType.startsWith('multipart/form-data') ? { contentType, body: Buffer.from(vector.body, 'latin1') } : null,
    oauthHeader: oauthHeader ? [...authorization.matchAll(/([^\s=,"]+)="/g)].map((m) => m[1]!) : null,
    authorization: oauthHeader ? null : authorization,
  };
}

/** The one recorded request of that method and resource. */
function recorded(method: string, resource: string): Shape {
  const found = vectors.filter((v) => v.method === method && v.url.split('?')[0] === REST_BASE + resource);
  expect(found, `${method} ${resource} in oauth-vectors.jsonl`).toHaveLength(1);
  return shapeOf(found[0]!);
}

/** A request of our own in a client's shape, OAuth parameters (with the token) where `placement` says. */
function shaped(method: string, resource: string, placement: Placement, params: { query?: Pair[]; form?: Pair[] }): Shape {
  const oauth = OAUTH_NAMES.map((name): Pair => [name, '']);
  const withOAuth = (pairs: Pair[] = [], here: Placement) => (placement === here ? [...pairs, ...oauth] : pairs);
  return {
    method,
    path: REST_BASE + resource,
    query: withOAuth(params.query, 'query'),
    form: method === 'POST' || method === 'PUT' ? withOAuth(params.form, 'form') : null,
    multipart: null,
    oauthHeader: placement === 'header' ? OAUTH_NAMES : null,
    authorization: null,
  };
}

/**
 * Puts a real item where the recording names one that exists only on the recording's server,
 * after checking the recorded value is the one this test means to replace.
 */
function substituted(shape: Shape, name: string, recordedValue: string, value: string): Shape {
  const swap = (pairs: Pair[]) =>
    pairs.map(([n, v]): Pair => {
      if (n !== name) return [n, v];
      expect(v).toBe(recordedValue);
      return [n, value];
    });
  return { ...shape, query: swap(shape.query), form: shape.form && swap(shape.form) };
}

/** The multipart body with real image bytes in its `file` part, named as the recorded `@path` names the file. */
function withFileBytes(shape: Shape, bytes: Uint8Array): Shape {
  const body = shape.multipart!.body;
  const marker = 'name="file"';
  const afterName = body.indexOf(marker) + marker.length;
  const valueStart = body.indexOf('\r\n\r\n', afterName) + 4;
  const valueEnd = body.indexOf('\r\n--', valueStart);
  const fileName = path.basename(body.subarray(valueStart, valueEnd).toString().replace(/^@/, ''));
  const head = Buffer.from(`; filename="${fileName}"\r\nContent-Type: image/jpeg\r\n\r\n`);
  return {
    ...shape,
    multipart: { ...shape.multipart!, body: Buffer.concat([body.subarray(0, afterName), head, bytes, body.subarray(valueEnd)]) },
  };
}

const oauth = new OAuth({
  consumer: CONSUMER,
  signature_method: 'HMAC-SHA1',
  hash_function: (base, key) => crypto.createHmac('sha1', key).update(base).digest('base64'),
});
// Spaces as %20 and commas as %2C, as the PHP client encoded both query and form.
const encode = (pairs: Pair[]) => pairs.map(([n, v]) => `${oauth.percentEncode(n)}=${oauth.percentEncode(v)}`).join('&');

let server: TestServer;

/**
 * Sends a shape with a fresh timestamp and nonce (the recorded ones are long stale): the
 * oauth-1.0a library signs the query and urlencoded form parameters, never multipart fields,
 * and every OAuth parameter goes back where the client had it.
 */
async function replay(shape: Shape): Promise<Reply & { text: string }> {
  const url = server.url + shape.path;
  const pairs = [...shape.query, ...(shape.form ?? [])];
  const data: Record<string, string[]> = {};
  for (const [name, value] of pairs) if (!isOAuth(name)) (data[name] ??= []).push(value);
  const carried = [...pairs.map(([name]) => name), ...(shape.oauthHeader ?? [])].filter(isOAuth);
  const authorized = oauth.authorize({ url, method: shape.method, data }, carried.includes('oauth_token') ? TOKEN : undefined);
  // The library's result also holds the request's own parameters.
  const fresh = Object.fromEntries(Object.entries(authorized).filter(([name]) => isOAuth(name)).map(([n, v]) => [n, String(v)]));
  expect(Object.keys(fresh).sort()).toEqual([...carried].sort());

  const refill = (list: Pair[]) => list.map(([name, value]): Pair => [name, isOAuth(name) ? fresh[name]! : value]);
  const headers: Record<string, string> = { accept: '*/*' };
  if (shape.oauthHeader) headers.authorization = `OAuth ${shape.oauthHeader.map((n) => `${n}="${oauth.percentEncode(fresh[n]!)}"`).join(',')}`;
  if (shape.authorization) headers.authorization = shape.authorization;
  let body: RequestInit['body'];
  if (shape.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = encode(refill(shape.form));
  } else if (shape.multipart) {
    headers['content-type'] = shape.multipart.contentType;
    body = new Uint8Array(shape.multipart.body);
  }
  const query = encode(refill(shape.query));
  const res = await fetch(query ? `${url}?${query}` : url, { method: shape.method, headers, body });
  const text = await res.text();
  const reply = await server.checkReply(shape.method, url, { status: res.status, headers: res.headers, body: JSON.parse(text) });
  return { ...reply, text };
}

let member: { id: number; screenName: string };
// The same program reads back what the replayed requests did.
let program: OAuthClient;
let writer: Client;
let photoId: string;

beforeAll(async () => {
  server = await startTestServer();
  const now = Date.now();
  // Setup no endpoint does: the recorded member, consumer and token. The recorded program
  // deletes activity, which only administrators may, so the member is one.
  member = await createAccount(server.db, { ...MEMBER, fullName: 'Recorded Client' }, now);
  await addMember(server.db, server.networkId, member.id, 'admin', 'active', now);
  const consumer = await server.db
    .insertInto('oauth_consumers')
    .values({ network_id: server.networkId, name: 'recorded client', consumer_key: CONSUMER.key, consumer_secret: sealSecret(server.secrets, 'oauth_consumers', CONSUMER.key, CONSUMER.secret), created_at: now, revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('oauth_tokens')
    .values({ consumer_id: consumer.id, account_id: member.id, token: TOKEN.key, token_secret: sealSecret(server.secrets, 'oauth_tokens', TOKEN.key, TOKEN.secret), created_at: now, revoked_at: null })
    .execute();
  program = new OAuthClient(server, CONSUMER, TOKEN);

  // The newest event of the feed is the member's comment on another member's photo, so the
  // recorded feed request (count defaults to 1) sees every reference and sub-property filled.
  writer = await server.signUp('Wanda Writer');
  photoId = await uploadPhoto(writer, { title: 'Harbour' });
  const comment = await program.post('Comment', { attachedTo: photoId, description: 'Recorded reply' });
  expect(comment.status).toBe(200);
});
afterAll(() => server.stop());

// Ids in the recordings name network 1234567 and items of the recording's server (BlogPost 112,
// Activity 1). Each replay below puts the real network id and an item that exists here in their
// place, and leaves every other parameter as recorded (DELETE keeps the entry's other keys).
describe('the recorded requests', () => {
  it('POST Token: HTTP Basic and OAuth in the form body, answered with the member’s token', async () => {
    const res = await replay(recorded('POST', 'Token'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      entry: { author: member.screenName, oauthConsumerKey: CONSUMER.key, oauthToken: TOKEN.key, oauthTokenSecret: TOKEN.secret },
    });
  });

  it('GET Activity/recent with every field and sub-property, OAuth in the query', async () => {
    const shape = recorded('GET', 'Activity/recent');
    const fields = shape.query.find(([name]) => name === 'fields')![1].split(',');
    const res = await replay(shape);
    listedIds(res);
    expect(res.body.entry.length).toBeGreaterThan(0);
    expect(res.body.entry[0]).toMatchObject({
      type: 'CreatePhotoComment',
      author: member.screenName,
      attachedTo: photoId,
      attachedToAuthor: writer.who.screenName,
      image: expect.any(String),
    });
    const keys = [...new Set(fields.filter((f) => !f.includes('.')))].sort();
    for (const entry of res.body.entry) {
      expect(Object.keys(entry).sort()).toEqual(keys);
      for (const [reference, property] of fields.filter((f) => f.includes('.')).map((f) => f.split('.'))) {
        if (entry[reference!] === null) continue;
        const numeric = property === 'width' || property === 'height';
        expect(res.body.resources[entry[reference!]], `${reference}.${property}`).toHaveProperty(property!, numeric ? expect.any(Number) : expect.any(String));
      }
    }
  });

  it('DELETE Activity with the whole entry’s keys, OAuth in the query: the event is gone', async () => {
    const post = (await writer.post('BlogPost', { title: 'Soon out of the feed' })).body.id as string;
    const [event] = (await program.get('Activity/recent', { author: writer.who.screenName, type: 'CreateBlogPost', count: 1 })).body.entry;
    expect(event.contentId).toBe(post);
    // The recording names the event as <networkId>:Activity:<n>; the API reads ids out as urn:uuid.
    const row = await server.db.selectFrom('activities').select('id').where('uuid', '=', event.id.replace('urn:uuid:', '')).executeTakeFirstOrThrow();

    const res = await replay(substituted(recorded('DELETE', 'Activity'), 'id', '1234567:Activity:1', `${server.networkId}:Activity:${row.id}`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expectError(await program.get('Activity', { id: event.id }), 404, 3, 1);
    expect((await program.get('BlogPost', { id: post, fields: 'title' })).body.entry.title).toBe('Soon out of the feed');
  });

  it('POST BlogPost with OAuth in the form body stores title, description and tag', async () => {
    const res = await replay(recorded('POST', 'BlogPost'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: expect.stringMatching(new RegExp(`^${server.networkId}:BlogPost:\\d+$`)) });
    const got = await program.get('BlogPost', { id: res.body.id, fields: 'author,title,description,topTags' });
    expect(got.body.entry).toEqual({
      id: res.body.id,
      author: member.screenName,
      title: 'Test blog post title.',
      description: 'Test blog post description.',
      topTags: ['tests'],
    });
  });

  it('PUT BlogPost with only the id in the body succeeds and changes nothing', async () => {
    const post = (await program.post('BlogPost', { title: 'Left as it is', tag: ['kept'] })).body.id as string;
    const res = await replay(substituted(recorded('PUT', 'BlogPost'), 'id', '1234567:BlogPost:112', post));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await program.get('BlogPost', { id: post, fields: 'title,topTags' })).body.entry).toEqual({ id: post, title: 'Left as it is', topTags: ['kept'] });
  });

  it('POST Photo as recorded, its file part holding a file name, is 415 and stores nothing', async () => {
    const before = await storedRows(server);
    expectError(await replay(recorded('POST', 'Photo')), 415, 5, 3);
    expect(await storedRows(server)).toEqual(before);
  });

  it('POST Photo in the recorded shape with JPEG bytes in the file part stores the photo', async () => {
    const jpeg = await cameraJpeg(64, 48);
    const res = await replay(withFileBytes(recorded('POST', 'Photo'), jpeg.bytes));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: expect.stringMatching(new RegExp(`^${server.networkId}:Photo:\\d+$`)) });
    expect((await program.get('Photo', { id: res.body.id, fields: 'author,title,description,topTags' })).body.entry).toEqual({
      id: res.body.id,
      author: member.screenName,
      title: 'Photo Title',
      description: 'Photo Description',
      topTags: ['tests'],
    });
  });
});

const UNKNOWN: Pair[] = [['success', '1']];
const PRETTY: Pair[] = [['xn_pretty', 'true']];

const expectPretty = (res: { text: string }) => expect(res.text).toMatch(/^\{\n {2}"success": true[,\n]/);

describe.each(['query', 'form', 'header'] as const)('repeated and unknown parameters, OAuth in the %s', (placement) => {
  it('creates and updates a post with a repeated tag', async () => {
    const created = await replay(
      shaped('POST', 'BlogPost', placement, { query: PRETTY, form: [['title', `Tagged via ${placement}`], ['tag', 'zeta'], ['tag', 'alpha'], ...UNKNOWN] }),
    );
    expect(created.status).toBe(200);
    expectPretty(created);
    expect(created.body).toEqual({ success: true, id: expect.stringMatching(/^\d+:BlogPost:\d+$/) });
    const id = created.body.id as string;
    const tagsOf = async () => (await program.get('BlogPost', { id, fields: 'topTags' })).body.entry.topTags;
    expect(await tagsOf()).toEqual(['zeta', 'alpha']);

    const updated = await replay(shaped('PUT', 'BlogPost', placement, { query: PRETTY, form: [['id', id], ['tag', 'beta'], ['tag', 'gamma'], ...UNKNOWN] }));
    expect(updated.status).toBe(200);
    expectPretty(updated);
    expect(updated.body).toEqual({ success: true });
    expect(await tagsOf()).toEqual(['beta', 'gamma']);
  });
});

// A GET has no body, so a multi-get carries its OAuth parameters in the query or the header only.
describe.each(['query', 'header'] as const)('a multi-get with a repeated id, OAuth in the %s', (placement) => {
  it('returns both posts in the order asked, ignoring unknown parameters', async () => {
    const first = (await program.post('BlogPost', { title: 'First of two' })).body.id as string;
    const second = (await program.post('BlogPost', { title: 'Second of two' })).body.id as string;
    const res = await replay(
      shaped('GET', 'BlogPost', placement, { query: [['id', second], ['id', first], ['fields', 'title'], ...UNKNOWN, ...PRETTY] }),
    );
    expect(res.status).toBe(200);
    expectPretty(res);
    expect(res.body).toEqual({
      success: true,
      entry: [
        { id: second, title: 'Second of two' },
        { id: first, title: 'First of two' },
      ],
      resources: {},
    });
  });
});
