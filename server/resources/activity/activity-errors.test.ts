// Bad requests to Activity: each answers with the error envelope and its code, and changes
// nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';

let server: TestServer;
let member: Client;
let owner: Client;
let eventId: string;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Err Member');
  owner = await server.owner();
  eventId = (await member.get('Activity/recent', { author: member.who.screenName! })).body.entry[0].id;
});
afterAll(() => server.stop());

const unknownUrn = () => `urn:uuid:${crypto.randomUUID()}`;

describe('Activity errors', () => {
  it('refuses bad listing parameters', async () => {
    for (const count of ['0', '101', '-101', 'many']) expectError(await member.get('Activity/recent', { count }), 400, 4, 6);
    expectError(await member.get('Activity/recent', { anchor: 'forged.anchor' }), 400, 4, 7);
    expectError(await member.get('Activity/recent', { fields: 'type,colour' }), 400, 4, 1);
    expectError(await member.get('Activity/recent', { fields: 'image.depth' }), 400, 4, 1);
    expectError(await member.get('Activity/recent', { type: 'Create-Blog-Post' }), 400, 4, 3);
    expectError(await member.get('Activity/count', { type: '' }), 400, 4, 3);
    expectError(await member.get('Activity/count', { createdAfter: 'last tuesday' }), 400, 4, 3);
  });

  it('refuses missing, malformed and too many ids', async () => {
    expectError(await member.get('Activity'), 400, 4, 2);
    for (const id of ['12', 'urn:uuid:not-a-uuid', `${server.networkId}:BlogPost:1`, `${server.networkId}:Activity:`]) {
      expectError(await member.get('Activity', { id }), 400, 4, 3);
    }
    expectError(await member.get('Activity', { id: Array.from({ length: 101 }, unknownUrn) }), 400, 4, 4);
  });

  it('answers 404 for events that do not exist here', async () => {
    expectError(await member.get('Activity', { id: unknownUrn() }), 404, 3, 1);
    expectError(await member.get('Activity', { id: `${server.networkId}:Activity:999999999` }), 404, 3, 1);
    expectError(await member.get('Activity', { id: `${server.networkId + 1}:Activity:1` }), 404, 3, 1);
    expectError(await owner.del('Activity', { id: unknownUrn() }), 404, 3, 1);
  });

  it('deletes nothing on a bad DELETE', async () => {
    const before = (await owner.get('Activity/count')).body.count as number;
    expectError(await owner.del('Activity'), 400, 4, 2);
    expectError(await owner.del('Activity', { id: 'urn:uuid:' }), 400, 4, 3);
    expectError(await owner.del('Activity', { id: `${server.networkId + 1}:Activity:1` }), 404, 3, 1);
    expectError(await member.del('Activity', { id: eventId }), 403, 2, 1);
    expect((await owner.get('Activity/count')).body.count).toBe(before);
    expect((await member.get('Activity', { id: eventId })).status).toBe(200);
  });
});
