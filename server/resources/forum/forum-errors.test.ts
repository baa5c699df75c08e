// Bad requests to Category and Topic: each answered with the wire contract's error code, and
// nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';

let server: TestServer;
let admin: Client;
let member: Client;
let categoryId: string;
let topicId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('Err Admin');
  await server.setMembership(admin, { role: 'admin' });
  member = await server.signUp('Err Member');
  categoryId = (await admin.post('Category', { title: 'Errors' })).body.id;
  topicId = (await member.post('Topic', { title: 'Errors topic', categoryId })).body.id;
});
afterAll(() => server.stop());

describe('Category errors', () => {
  it('refuses a category without a usable title', async () => {
    expectError(await admin.post('Category', { description: 'no title' }), 400, 4, 2);
    expectError(await admin.post('Category', { title: '   ' }), 400, 4, 2);
    expectError(await admin.post('Category', { title: 'x'.repeat(201) }), 400, 4, 3);
    expectError(await admin.put('Category', { id: categoryId, title: '' }), 400, 4, 2);
    expect(listedIds(await member.get('Category/recent', { count: 10 }))).toEqual([categoryId]);
  });

  it('answers bad and unknown ids', async () => {
    expectError(await member.get('Category'), 400, 4, 2);
    expectError(await member.get('Category', { id: 'General' }), 400, 4, 3);
    expectError(await member.get('Category', { id: topicId }), 400, 4, 3);
    expectError(await member.get('Category', { id: `${server.networkId}:Category:999999` }), 404, 3, 1);
    expectError(await member.get('Category', { id: categoryId.replace(/^\d+/, '1') }), 404, 3, 1);
    expectError(await member.get('Category', { id: Array.from({ length: 101 }, () => categoryId) }), 400, 4, 4);
    expectError(await admin.put('Category', { id: `${server.networkId}:Category:999999`, title: 'x' }), 404, 3, 1);
    expectError(await admin.del('Category', { id: `${server.networkId}:Category:999999` }), 404, 3, 1);
  });

  it('answers bad listing parameters', async () => {
    expectError(await member.get('Category/alpha', { count: 0 }), 400, 4, 6);
    expectError(await member.get('Category/alpha', { count: 101 }), 400, 4, 6);
    expectError(await member.get('Category/alpha', { anchor: 'forged' }), 400, 4, 7);
    expectError(await member.get('Category/recent', { fields: 'title,colour' }), 400, 4, 1);
    expectError(await member.get('Category/recent', { fields: 'author.shoeSize' }), 400, 4, 1);
    // An anchor of the alphabetical order is no position in the order of dates.
    const alpha = await member.get('Category/alpha');
    expectError(await member.get('Category/recent', { anchor: alpha.body.anchor }), 400, 4, 7);
  });
});

describe('Topic errors', () => {
  it('refuses a topic without a title, in an unknown category, or with bad values', async () => {
    expectError(await member.post('Topic', { description: 'untitled' }), 400, 4, 2);
    expectError(await member.post('Topic', { title: ' ' }), 400, 4, 2);
    expectError(await member.post('Topic', { title: 'x'.repeat(201) }), 400, 4, 3);
    expectError(await member.post('Topic', { title: 'Lost', categoryId: `${server.networkId}:Category:999999` }), 404, 3, 1);
    expectError(await member.post('Topic', { title: 'Lost', categoryId: categoryId.replace(/^\d+/, '1') }), 404, 3, 1);
    expectError(await member.post('Topic', { title: 'Lost', categoryId: 'General' }), 400, 4, 3);
    expectError(await member.post('Topic', { title: 'Shown', visibility: 'everyone' }), 400, 4, 3);
    expectError(await member.post('Topic', { title: 'Tagged', tag: 't'.repeat(65) }), 400, 4, 3);
    expectError(await member.post('Topic', { title: 'Tagged', tag: Array.from({ length: 21 }, (_, i) => `t${i}`) }), 400, 4, 3);
    expect(listedIds(await member.get('Topic/recent', { count: 10 }))).toEqual([topicId]);
  });

  it('refuses bad updates and leaves the topic as it was', async () => {
    expectError(await member.put('Topic', { id: topicId, isClosed: 'maybe' }), 400, 4, 3);
    expectError(await member.put('Topic', { id: topicId, title: '' }), 400, 4, 2);
    expectError(await member.put('Topic', { id: topicId, approved: 'false' }), 403, 2, 1);
    expectError(await member.put('Topic', { id: topicId, categoryId: `${server.networkId}:Category:999999` }), 404, 3, 1);
    expectError(await member.put('Topic', { title: 'No id' }), 400, 4, 2);
    expectError(await member.put('Topic', { id: `${server.networkId}:Topic:999999`, title: 'x' }), 404, 3, 1);
    expectError(await member.del('Topic', { id: `${server.networkId}:Topic:999999` }), 404, 3, 1);
    const topic = await member.get('Topic', { id: topicId, fields: 'title,isClosed,approved,categoryId' });
    expect(topic.body.entry).toEqual({ id: topicId, title: 'Errors topic', isClosed: false, approved: true, categoryId });
  });

  it('answers bad listing parameters', async () => {
    expectError(await member.get('Topic/recent', { count: -101 }), 400, 4, 6);
    expectError(await member.get('Topic/recent', { categoryId: 'General' }), 400, 4, 3);
    expectError(await member.get('Topic/recent', { private: 'true' }), 403, 2, 2);
    expectError(await admin.get('Topic/alpha', { private: 'true' }), 403, 2, 2);
    expectError(await member.get('Topic/alpha', { approved: 'yes' }), 400, 4, 3);
    expectError(await member.get('Topic/featured', { fields: 'topTags,mood' }), 400, 4, 1);
    const recent = await member.get('Topic/recent');
    expectError(await member.get('Topic/alpha', { anchor: recent.body.anchor }), 400, 4, 7);
    expect(listedIds(await member.get('Topic/recent', { categoryId: `${server.networkId}:Category:999999`, count: 5 }))).toEqual([]);
  });

  it('refuses a reply to an unknown topic', async () => {
    expectError(await member.post('Comment', { attachedTo: `${server.networkId}:Topic:999999`, description: 'hello?' }), 404, 3, 1);
  });
});
