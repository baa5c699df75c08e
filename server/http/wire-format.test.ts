// Story: a client written for the historical API reads and writes blog posts and relies on
// the wire format, not on any one endpoint: envelopes, `fields`, the `resources` map, dates,
// repeated and unknown parameters, pretty printing, HTTP 200 for every success, and the error
// envelope for unknown items, networks and endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test/harness';
import { expectError, ISO_DATE } from '../test/expect-api';

let server: TestServer;
let author: Client;
let reader: Client;
let postId: string;
let otherId: string;

beforeAll(async () => {
  server = await startTestServer();
  author = await server.signUp('Wanda Wire');
  reader = server.anonymous();
  postId = (await author.post('BlogPost', { title: 'On the wire', description: '<p>Hello</p>', tag: ['a', 'b'] })).body.id;
  otherId = (await author.post('BlogPost', { title: 'No description' })).body.id;
});
afterAll(() => server.stop());

describe('fields', () => {
  it('returns every requested key, null when it has no value, and always the id', async () => {
    const res = await reader.get('BlogPost', { id: postId, fields: 'title,featuredDate,commentCount,approved' });
    expect(res.body).toEqual({
      success: true,
      entry: { id: postId, title: 'On the wire', featuredDate: null, commentCount: 0, approved: true },
      resources: {},
    });
  });

  it('gives the documented default set without fields', async () => {
    const res = await reader.get('BlogPost', { id: postId });
    expect(Object.keys(res.body.entry).sort()).toEqual(
      [
        'id', 'author', 'createdDate', 'updatedDate', 'featuredDate', 'publishTime', 'publishStatus', 'title',
        'description', 'visibility', 'approved', 'commentCount', 'url', 'topTags',
      ].sort(),
    );
    const e = res.body.entry;
    expect(e).toMatchObject({ author: author.who.screenName, publishStatus: 'publish', topTags: ['a', 'b'], commentCount: 0 });
    for (const date of [e.createdDate, e.updatedDate, e.publishTime]) expect(date).toMatch(ISO_DATE);
    expect(e.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('accepts an empty list and repeated names', async () => {
    expect((await reader.get('BlogPost', { id: postId, fields: '' })).body.entry).toEqual({ id: postId });
    expect((await reader.get('BlogPost', { id: postId, fields: 'title,title, title' })).body.entry).toEqual({
      id: postId,
      title: 'On the wire',
    });
  });

  it('refuses an unknown name with 4-1, also on listings', async () => {
    expectError(await reader.get('BlogPost', { id: postId, fields: 'title,colour' }), 400, 4, 1);
    expectError(await reader.get('BlogPost/recent', { fields: 'author.shoeSize' }), 400, 4, 1);
    expectError(await reader.get('BlogPost/featured', { fields: 'tags' }), 400, 4, 1);
    // Names of Object.prototype are no fields either (they once leaked the stored row or failed with 500).
    for (const fields of ['constructor', '__proto__', 'toString', 'author.constructor', 'author.__proto__', 'constructor.name']) {
      expectError(await reader.get('BlogPost', { id: postId, fields }), 400, 4, 1);
    }
  });

  it('puts author sub-properties in resources, keyed by the reference the entry keeps', async () => {
    const res = await reader.get('BlogPost', { id: postId, fields: 'author,author.fullName,author.url' });
    const screenName = author.who.screenName!;
    expect(res.body.entry).toEqual({ id: postId, author: screenName });
    expect(res.body.resources).toEqual({
      [screenName]: { fullName: 'Wanda Wire', url: expect.stringContaining(`/members/${screenName}`) },
    });
    const onlySubs = await reader.get('BlogPost/recent', { count: 2, fields: 'author.iconUrl' });
    expect(onlySubs.body.entry).toEqual([{ id: otherId }, { id: postId }]);
    expect(onlySubs.body.resources).toEqual({ [screenName]: { iconUrl: expect.stringMatching(/^http/) } });
  });
});

describe('gets', () => {
  it('returns a single get as an object and a multi get as an array, missing ids absent', async () => {
    const single = await reader.get('BlogPost', { id: postId, fields: 'title' });
    expect(single.body.entry).toEqual({ id: postId, title: 'On the wire' });

    const missing = `${server.networkId}:BlogPost:999999`;
    const multi = await reader.get('BlogPost', { id: [otherId, missing, postId], fields: 'title' });
    expect(multi.status).toBe(200);
    expect(multi.body.entry).toEqual([
      { id: otherId, title: 'No description' },
      { id: postId, title: 'On the wire' },
    ]);
  });

  it('takes up to 100 ids', async () => {
    const ids = Array.from({ length: 99 }, (_, i) => `${server.networkId}:BlogPost:${100_000 + i}`);
    const res = await reader.get('BlogPost', { id: [...ids, postId], fields: '' });
    expect(res.body.entry).toEqual([{ id: postId }]);
    expectError(await reader.get('BlogPost', { id: [...ids, postId, otherId] }), 400, 4, 4);
  });

  it('answers an unknown id, or one of another network, with 404 in the envelope', async () => {
    expectError(await reader.get('BlogPost', { id: `${server.networkId}:BlogPost:999999` }), 404, 3, 1);
    expectError(await reader.get('BlogPost', { id: `1:BlogPost:${postId.split(':')[2]}` }), 404, 3, 1);
  });
});

describe('transport', () => {
  it('answers every success with HTTP 200 and a JSON true success, creates included', async () => {
    const created = await author.post('BlogPost', { title: 'Created' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, id: expect.stringMatching(/^\d+:BlogPost:\d+$/) });
    expect(created.headers.get('content-type')).toMatch(/^application\/json/);
    const updated = await author.put('BlogPost', { title: 'Updated' }, { id: created.body.id });
    expect(updated).toMatchObject({ status: 200, body: { success: true } });
    const counted = await reader.get('BlogPost/count', { createdAfter: new Date(Date.now() - 3_600_000).toISOString() });
    expect(counted).toMatchObject({ status: 200, body: { success: true, count: 3 } });
    const deleted = await author.del('BlogPost', { id: created.body.id });
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
  });

  it('takes repeated tag values and ignores unknown parameters, even a whole entry on DELETE', async () => {
    const created = await author.post('BlogPost', { title: 'Extra', tag: ['x', 'y'], success: 1, colour: 'blue', xn_foo: 'bar' });
    expect(created.status).toBe(200);
    const got = await reader.get('BlogPost', { id: created.body.id, fields: 'topTags', success: 'true', shoe: 'size' });
    expect(got.body.entry.topTags).toEqual(['x', 'y']);
    const entry = (await reader.get('BlogPost', { id: created.body.id })).body.entry;
    const deleted = await author.del('BlogPost', { ...entry, topTags: entry.topTags, success: 'true' });
    expect(deleted.body).toEqual({ success: true });
  });

  it('reads a query whose values hold a literal question mark whole, as URLs allow', async () => {
    for (const client of [reader, author]) {
      const got = await client.get(`BlogPost?q=why?&id=${postId}&fields=title`);
      expect(got.body.entry).toEqual({ id: postId, title: 'On the wire' });
      const tagged = await client.get('BlogPost/recent?tag=a?&fields=title');
      expect(tagged.body.entry).toEqual([]);
    }
  });

  it('takes query parameters on POST and PUT too', async () => {
    const created = await author.post('BlogPost', {}, { title: 'From the query', tag: 'q' });
    expect(created.status).toBe(200);
    await author.put('BlogPost', { title: 'From the form' }, { id: created.body.id, tag: ['r', 's'] });
    const got = await reader.get('BlogPost', { id: created.body.id, fields: 'title,topTags' });
    expect(got.body.entry).toMatchObject({ title: 'From the form', topTags: ['r', 's'] });
  });

  it('refuses a form body over 1 MB with 413 5-2', async () => {
    const res = await author.post('BlogPost', { title: 'Huge', description: 'x'.repeat(1_100_000) });
    expectError(res, 413, 5, 2);
  });

  it('pretty-prints with xn_pretty=true', async () => {
    const res = await fetch(reader.url('BlogPost', { id: postId, fields: 'title', xn_pretty: 'true' }));
    const text = await res.text();
    expect(text).toContain('\n  "entry": {\n');
    expect(JSON.parse(text).entry).toEqual({ id: postId, title: 'On the wire' });
    const compact = await (await fetch(reader.url('BlogPost', { id: postId, fields: 'title' }))).text();
    expect(compact).not.toContain('\n');
  });

  it('pretty-prints with xn_pretty=true in a form body too, like any parameter', async () => {
    const { token } = (await author.post('AccessToken', { name: 'pretty' })).body.entry;
    const res = await fetch(author.url('BlogPost'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ title: 'Pretty', xn_pretty: 'true' }),
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).toMatch(/^\{\n  "success": true,\n  "id": "/);
  });

  it('answers an unknown network with 404 3-2 and an unknown endpoint with 404 3-3', async () => {
    const unknownNetwork = await reader.get(`/xn/rest/nosuchnetwork/1.0/BlogPost/recent`);
    expectError(unknownNetwork, 404, 3, 2);
    expectError(await reader.get(`/xn/rest/nosuchnetwork/1.0/NoSuchThing`), 404, 3, 2);
    expectError(await reader.get(`/xn/rest/api%00example/1.0/BlogPost/recent`), 404, 3, 2);
    expectError(await reader.get('BlogPost/sideways'), 404, 3, 3);
    expectError(await reader.get('Gadget'), 404, 3, 3);
    expectError(await reader.request('PATCH', 'BlogPost'), 404, 3, 3);
    expectError(await reader.get(`/xn/rest/apiexample/2.0/BlogPost/recent`), 404, 3, 3);
  });

  it('carries the request id as trace, and reveals no internals', async () => {
    const res = await reader.request('GET', 'BlogPost', { id: 'garbage' }, undefined, { 'x-request-id': 'trace-me-42' });
    expectError(res, 400, 4, 3);
    expect(res.body.trace).toBe('trace-me-42');
    expect(res.headers.get('x-request-id')).toBe('trace-me-42');
  });
});
