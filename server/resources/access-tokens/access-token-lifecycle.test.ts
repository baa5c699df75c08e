// A member's personal access token from creation to revocation: shown once, listed without
// the token, acting as its member (no anti-forgery header needed) in the network it was made
// in and nowhere else, and refused with 401 1-4 once revoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, ISO_DATE } from '../../test/expect-api';
import { createNetwork } from '../networks/service';

let server: TestServer;
let member: Client;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Sam Script');
});
afterAll(() => server.stop());

describe('a personal access token', () => {
  it('is shown once, listed without the token, and acts as its member', async () => {
    const created = await member.post('AccessToken', { name: 'backup script' });
    expect(created.status).toBe(200);
    const { entry } = created.body;
    expect(entry).toEqual({
      id: expect.stringMatching(new RegExp(`^${server.networkId}:AccessToken:\\d+$`)),
      name: 'backup script',
      createdDate: expect.stringMatching(ISO_DATE),
      lastUsedDate: null,
      token: expect.stringMatching(/^xnat_[\w-]{40,}$/),
    });

    const listed = await member.get('AccessToken');
    expect(listed.body).toEqual({ success: true, entry: [{ id: entry.id, name: 'backup script', createdDate: entry.createdDate, lastUsedDate: null }] });
    expect(JSON.stringify(listed.body)).not.toContain(entry.token);

    const script = member.withBearer(entry.token);
    const post = await script.post('BlogPost', { title: 'Written by a script' });
    expect(post.status).toBe(200);
    const read = await script.get('BlogPost', { id: post.body.id, fields: 'author,title' });
    expect(read.body.entry).toEqual({ id: post.body.id, author: member.who.screenName, title: 'Written by a script' });

    const [used] = (await member.get('AccessToken')).body.entry;
    expect(used.lastUsedDate).toMatch(ISO_DATE);
  });

  it('stops working, for reads and writes, once revoked', async () => {
    const { entry } = (await member.post('AccessToken', { name: 'short-lived' })).body;
    const script = member.withBearer(entry.token);
    expect((await script.get('BlogPost/recent')).status).toBe(200);

    expect((await member.del('AccessToken', { id: entry.id })).body).toEqual({ success: true });
    expectError(await script.get('BlogPost/recent'), 401, 1, 4);
    expectError(await script.post('BlogPost', { title: 'Too late' }), 401, 1, 4);
    expect((await member.get('AccessToken')).body.entry.map((t: { id: string }) => t.id)).not.toContain(entry.id);
    expectError(await member.del('AccessToken', { id: entry.id }), 404, 3, 1);
  });

  it('is refused with 401 1-4 when unknown', async () => {
    expectError(await member.withBearer('xnat_not-a-token').get('BlogPost/recent'), 401, 1, 4);
    expect((await member.get('BlogPost/recent')).status).toBe(200);
  });

  it('belongs to the network it was created in', async () => {
    const subdomain = `other-${Date.now().toString(36)}`;
    await createNetwork(server.db, { subdomain, name: 'Other network', ownerAccountId: await server.accountIdOf(member) }, Date.now());
    const elsewhere = (p: string) => `/xn/rest/${subdomain}/1.0/${p}`;

    const home = (await member.post('AccessToken', { name: 'home only' })).body.entry;
    expectError(await member.withBearer(home.token).get(elsewhere('BlogPost/recent')), 401, 1, 4);

    const away = (await member.post(elsewhere('AccessToken'), { name: 'away only' })).body.entry;
    expect((await member.withBearer(away.token).get(elsewhere('BlogPost/recent'))).status).toBe(200);
    expectError(await member.withBearer(away.token).get('BlogPost/recent'), 401, 1, 4);
    // Each network lists and revokes only its own tokens.
    expect((await member.get('AccessToken')).body.entry.map((t: { name: string }) => t.name)).not.toContain('away only');
    expectError(await member.del('AccessToken', { id: away.id }), 404, 3, 1);
  });

  it('cannot make more tokens, so revoking a leaked one ends its access', async () => {
    const { entry } = (await member.post('AccessToken', { name: 'leaky' })).body;
    const before = (await member.get('AccessToken')).body.entry.length;
    expectError(await member.withBearer(entry.token).post('AccessToken', { name: 'offspring' }), 403, 2, 1);
    expect((await member.get('AccessToken')).body.entry).toHaveLength(before);
  });

  it('can be created by an OAuth program of the member', async () => {
    const program = await server.oauthFor(member.who);
    const { entry } = (await program.post('AccessToken', { name: 'from oauth' })).body;
    expect(entry.token).toMatch(/^xnat_/);
    expect((await member.withBearer(entry.token).get('AccessToken')).body.entry[0].name).toBe('from oauth');
  });

  it('is never seen or revoked by another member', async () => {
    const { entry } = (await member.post('AccessToken', { name: 'private' })).body;
    const other = await server.signUp('Olga Other');
    expect((await other.get('AccessToken')).body.entry).toEqual([]);
    expectError(await other.del('AccessToken', { id: entry.id }), 404, 3, 1);
    expect((await member.withBearer(entry.token).get('BlogPost/recent')).status).toBe(200);
  });
});
