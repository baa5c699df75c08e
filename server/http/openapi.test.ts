// The OpenAPI 3.1 document at /xn/rest/openapi.json: every endpoint of the route tables with
// the parameters its zod schema accepts, our extensions marked, the reply envelope of each
// kind, the error envelope with its code table and the ways to authenticate. The harness
// checks every reply of every test against it; the last tests show that check has teeth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Reply, type TestServer } from '../test/harness';
import { endpoints } from '../resources';
import { z } from 'zod';
import { endpoint } from './endpoint';
import { openApiDocument } from './openapi';

type Json = Record<string, any>;

let server: TestServer;
let doc: Json;

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.anonymous().get('/xn/rest/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = res.body;
});
afterAll(() => server.stop());

const op = (method: string, path: string): Json => doc.paths[`/${path}`][method.toLowerCase()];
const success = (method: string, path: string): Json => op(method, path).responses['200'].content['application/json'].schema;
const param = (method: string, path: string, name: string): Json => op(method, path).parameters.find((p: Json) => p.name === name);
const resolve = (ref: string): Json => ref.split('/').slice(1).reduce((node: Json, key) => node[key], doc);

describe('the document', () => {
  it('is OpenAPI 3.1 with the REST base path as its server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '1.0' });
    expect(doc.servers).toEqual([{ url: '/xn/rest/{network}/1.0', variables: { network: expect.objectContaining({ default: 'apiexample' }) } }]);
  });

  it('describes every endpoint of the route tables once, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item as Json).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(endpoints.map((e) => `${e.method} /${e.path}`).sort());
    const ids = documented.map((d) => op(d.split(' ')[0]!, d.split(' ')[1]!.slice(1)).operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks our extensions, and only them, in a flag and in words', () => {
    for (const e of endpoints) {
      const operation = op(e.method, e.path);
      expect({ path: `${e.method} ${e.path}`, flag: operation['x-extension'] ?? false }).toEqual({ path: `${e.method} ${e.path}`, flag: e.extension ?? false });
      expect(operation.description.includes('Extension')).toBe(e.extension ?? false);
      expect(operation['x-permission']).toBe(e.allow);
    }
    expect(op('POST', 'AccessToken')['x-extension']).toBe(true);
    expect(op('GET', 'BlogPost/recent')['x-extension']).toBeUndefined();
  });
});

describe('parameters', () => {
  it('come from the zod schemas that validate the requests, as their input', () => {
    expect(param('GET', 'BlogPost/count', 'createdAfter')).toMatchObject({ in: 'query', required: true, schema: { type: 'string' } });
    expect(param('GET', 'BlogPost/count', 'createdAfter').description).toMatch(/ISO-8601/);
    expect(param('GET', 'BlogPost', 'id')).toMatchObject({ required: true, style: 'form', explode: true, schema: { type: 'array', items: { type: 'string' } } });
    expect(param('GET', 'BlogPost/recent', 'count')).toMatchObject({ required: false, schema: { type: 'string', default: '1' } });
    expect(param('GET', 'BlogPost/recent', 'private').description).toMatch(/true or false/);
    expect(op('GET', 'BlogPost/recent').parameters).toContainEqual({ $ref: '#/components/parameters/xn_pretty' });
  });

  it('of POST and PUT are a form body', () => {
    const body = op('POST', 'BlogPost').requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(body.properties.title).toEqual({ type: 'string', maxLength: 200 });
    expect(body.properties.tag).toEqual({ type: 'array', items: { type: 'string' } });
    expect(body.properties.visibility.enum).toEqual(['all', 'members', 'friends', 'me']);
    expect(op('PUT', 'BlogPost').requestBody).toMatchObject({ required: true, content: { 'application/x-www-form-urlencoded': { schema: { required: ['id'] } } } });
    expect(op('POST', 'AccessToken').requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(['name']);
    expect(op('GET', 'AccessToken').requestBody).toBeUndefined();
  });

  it('of uploads are a multipart body with the file part', () => {
    const uploads = endpoints.filter((e) => e.upload);
    for (const e of uploads) {
      const multipart = op(e.method, e.path).requestBody.content['multipart/form-data'].schema;
      expect(multipart.required).toContain(e.upload!.field);
      expect(multipart.properties[e.upload!.field]).toMatchObject({ type: 'string' });
    }
  });
});

describe('replies', () => {
  it('have the envelope of their kind', () => {
    expect(success('GET', 'BlogPost/recent').required).toEqual(['success', 'entry', 'anchor', 'firstPage', 'lastPage', 'resources']);
    expect(success('GET', 'BlogPost').properties.entry.anyOf).toHaveLength(2);
    expect(success('GET', 'BlogPost/count')).toMatchObject({ required: ['success', 'count'], properties: { count: { type: 'integer' } } });
    expect(success('POST', 'BlogPost')).toMatchObject({ required: ['success', 'id'], additionalProperties: false });
    expect(success('DELETE', 'BlogPost')).toMatchObject({ required: ['success'], additionalProperties: false });
    expect(success('POST', 'BlogPost/feature').required).toEqual(['success']);
    expect(success('POST', 'Token').properties.entry.required).toEqual(['author', 'oauthConsumerKey', 'oauthToken', 'oauthTokenSecret']);
    for (const e of endpoints.filter((x) => x.reply !== 'stream' && x.reply !== 'atom')) expect(success(e.method, e.path).properties.success).toEqual({ const: true });
    // Streams answer server-sent events, not a JSON envelope.
    expect(op('GET', 'Live').responses['200'].content).toEqual({ 'text/event-stream': { schema: expect.objectContaining({ type: 'string' }) } });
  });

  it('name the fields of declared entries, `id` always there and the rest as `fields` picks', () => {
    const blogPost = resolve(success('GET', 'BlogPost/recent').properties.entry.items.$ref);
    expect(blogPost.required).toEqual(['id']);
    expect(blogPost.additionalProperties).toBe(false);
    expect(Object.keys(blogPost.properties)).toEqual(expect.arrayContaining(['title', 'publishStatus', 'topTags', 'commentCount']));
    expect(blogPost.properties.featuredDate.anyOf).toContainEqual({ type: 'null' });
    expect(resolve(success('GET', 'Comment/recent').properties.entry.items.$ref).properties.attachedToAuthor).toEqual({ type: 'string' });
  });

  it('are otherwise the error envelope, with the code table and 503 for the rate limit', () => {
    const operation = op('GET', 'BlogPost/recent');
    expect(operation.responses.default).toEqual({ $ref: '#/components/responses/Error' });
    expect(resolve(operation.responses['503'].$ref).headers['Retry-After'].schema).toEqual({ type: 'integer', minimum: 1 });
    const error = doc.components.schemas.Error;
    expect(error.required).toEqual(['success', 'status', 'reason', 'code', 'subcode', 'trace']);
    const table = error['x-error-codes'].map((c: Json) => [c.code, Object.keys(c.subcodes).map(Number)]);
    expect(table).toEqual([
      [1, [1, 2, 3, 4, 5]],
      [2, [1, 2, 3, 4]],
      [3, [1, 2, 3]],
      [4, [1, 2, 3, 4, 5, 6, 7]],
      [5, [1, 2, 3]],
      [6, [1, 2]],
      [9, [1]],
    ]);
    expect(error.description).toContain('| 5 | limits | 1 rate limit (503 with Retry-After)');
    expect(doc.info.description).toContain('| code | meaning | subcodes |');
  });
});

describe('authentication', () => {
  it('names OAuth 1.0a, bearer tokens and the session cookie with its anti-forgery header', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      oauth: { type: 'http', scheme: 'OAuth' },
      bearer: { type: 'http', scheme: 'bearer' },
      session: { type: 'apiKey', in: 'cookie', name: 'xn_session' },
      csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
    });
  });

  it('says per operation whether a visitor may call it, and that session writes need the header', () => {
    expect(op('GET', 'BlogPost/recent').security).toEqual([{}, { oauth: [] }, { bearer: [] }, { session: [] }]);
    expect(op('POST', 'BlogPost').security).toEqual([{ oauth: [] }, { bearer: [] }, { session: [], csrf: [] }]);
  });
});

describe('the reply check of the test harness', () => {
  const url = (path: string) => `${server.url}/xn/rest/apiexample/1.0/${path}`;
  const reply = (status: number, body: unknown): Reply => ({ status, headers: new Headers({ 'content-type': 'application/json; charset=utf-8' }), body });
  const listing = { success: true, entry: [], anchor: 'a', firstPage: true, lastPage: true, resources: {} };

  it('passes replies that match', async () => {
    await server.checkReply('GET', url('BlogPost/recent'), reply(200, listing));
    await server.checkReply('GET', url('BlogPost'), reply(200, { success: true, entry: { id: '1:BlogPost:1', title: 'T' }, resources: {} }));
    await server.checkReply('GET', url('NoSuchThing'), reply(404, { success: false, status: 404, reason: 'r', code: 3, subcode: 3, trace: 't' }));
  });

  it('fails a wrong envelope, a wrong entry field or a wrong error envelope', async () => {
    const { anchor: _, ...withoutAnchor } = listing;
    await expect(server.checkReply('GET', url('BlogPost/recent'), reply(200, withoutAnchor))).rejects.toThrow(/anchor/);
    const badEntry = { ...listing, entry: [{ id: '1:BlogPost:1', title: 42 }] };
    await expect(server.checkReply('GET', url('BlogPost/recent'), reply(200, badEntry))).rejects.toThrow(/title/);
    const strayField = { ...listing, entry: [{ id: '1:BlogPost:1', network_id: 1 }] };
    await expect(server.checkReply('GET', url('BlogPost/recent'), reply(200, strayField))).rejects.toThrow(/additional properties/);
    await expect(server.checkReply('POST', url('BlogPost'), reply(200, { success: true, entry: {} }))).rejects.toThrow(/does not match/);
    await expect(server.checkReply('GET', url('BlogPost'), reply(400, { success: false, status: 400 }))).rejects.toThrow(/code/);
    await expect(server.checkReply('GET', url('NoSuchThing'), reply(200, { success: true }))).rejects.toThrow(/no such operation/);
  });

  it('checks only the envelope where an endpoint declares no entry schema', () => {
    const undeclared = endpoint({ method: 'GET', path: 'Thing/recent', allow: 'anyone', summary: 's', params: z.object({}), handle: async () => ({}) });
    const generated = openApiDocument([undeclared]);
    const schema = generated.paths['/Thing/recent']!.get as Json;
    expect(schema.responses['200'].content['application/json'].schema.properties.entry).toEqual({ type: 'array', items: { type: 'object' } });
  });
});
