// Errors of AccessToken: bad names and ids are refused with the subcode that says why, a
// member's tokens are capped, and nothing is created or revoked by a refused request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';
import { MAX_NAME, MAX_TOKENS } from './schema';

let server: TestServer;
let member: Client;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Erin Error');
});
afterAll(() => server.stop());

const tokenCount = async (client: Client) => (await client.get('AccessToken')).body.entry.length;

describe('creating a token', () => {
  it('needs a name of 1 to 100 characters, and creates nothing otherwise', async () => {
    expectError(await member.post('AccessToken', {}), 400, 4, 2);
    expectError(await member.post('AccessToken', { name: '   ' }), 400, 4, 3);
    expectError(await member.post('AccessToken', { name: 'x'.repeat(MAX_NAME + 1) }), 400, 4, 3);
    expect(await tokenCount(member)).toBe(0);
    const trimmed = await member.post('AccessToken', { name: `  ${'x'.repeat(MAX_NAME)}  ` });
    expect(trimmed.body.entry.name).toBe('x'.repeat(MAX_NAME));
  });

  it('ignores parameters it does not know', async () => {
    const res = await member.post('AccessToken', { name: 'extra', success: 1, token: 'chosen-by-me', id: '1:AccessToken:1' });
    expect(res.status).toBe(200);
    expect(res.body.entry.token).not.toBe('chosen-by-me');
  });

  it(`stops at ${MAX_TOKENS} live tokens per member with 409 6-2, until one is revoked`, async () => {
    const hoarder = await server.signUp('Hal Hoarder');
    const ids: string[] = [];
    for (let i = 0; i < MAX_TOKENS; i++) ids.push((await hoarder.post('AccessToken', { name: `token ${i}` })).body.entry.id);
    expectError(await hoarder.post('AccessToken', { name: 'one too many' }), 409, 6, 2);
    expect(await tokenCount(hoarder)).toBe(MAX_TOKENS);
    await hoarder.del('AccessToken', { id: ids[0] });
    expect((await hoarder.post('AccessToken', { name: 'room again' })).status).toBe(200);
  });
});

describe('revoking a token', () => {
  it('needs the id of one of the caller’s live tokens in this network', async () => {
    const { entry } = (await member.post('AccessToken', { name: 'target' })).body;
    const before = await tokenCount(member);
    expectError(await member.del('AccessToken'), 400, 4, 2);
    expectError(await member.del('AccessToken', { id: 'target' }), 400, 4, 3);
    expectError(await member.del('AccessToken', { id: entry.id.replace('AccessToken', 'BlogPost') }), 400, 4, 3);
    expectError(await member.del('AccessToken', { id: `${server.networkId}:AccessToken:999999` }), 404, 3, 1);
    expectError(await member.del('AccessToken', { id: entry.id.replace(/^\d+/, '1') }), 404, 3, 1);
    expect(await tokenCount(member)).toBe(before);
    expect((await member.withBearer(entry.token).get('AccessToken')).status).toBe(200);
  });
});

describe('a bearer header', () => {
  it('that is not a token of this network is 401 1-4, even on endpoints anybody may call', async () => {
    const stranger = server.anonymous();
    for (const token of ['xnat_unknown', 'Bearer', 'a'.repeat(500)]) {
      expectError(await stranger.withBearer(token).get('BlogPost/recent'), 401, 1, 4);
    }
    expectError(await stranger.withBearer('xnat_unknown').post('Session', { email: 'x@y.example', password: 'nope' }), 401, 1, 4);
  });
});
