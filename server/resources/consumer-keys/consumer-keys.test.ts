// Story: the Network Creator makes an OAuth consumer key for an application; the program signs
// requests with it (getting a member's token, then acting as that member), the key's last use
// shows in the list, and once revoked the key signs nothing more. Only the Network Creator
// manages keys, and the secret is shown once.
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchToken, OAuthClient, useTestServer, type Client } from '../../test/harness';
import { expectError, ISO_DATE } from '../../test/expect-api';
import { expectOutcome, NETWORK_CREATOR } from '../../test/roles';
import { MADE_ROLES, makeRoles, type MadeRole } from '../users/test-roles';

const network = useTestServer();

const keys = async () => (await network.owner.get('ConsumerKey')).body.entry as { id: string; name: string; consumerKey: string; lastUsedDate: string | null }[];

describe('OAuth consumer keys', () => {
  it('a key made through the API signs requests that work, until it is revoked', async () => {
    const member = await network.server.signUp('Pat Program');
    const made = await network.owner.post('ConsumerKey', { name: '  Photo uploader  ' });
    expect(made.body).toEqual({
      success: true,
      entry: {
        id: expect.stringMatching(new RegExp(`^${network.server.networkId}:ConsumerKey:\\d+$`)),
        name: 'Photo uploader',
        consumerKey: expect.stringMatching(/^\S{16,}$/),
        consumerSecret: expect.stringMatching(/^\S{16,}$/),
        createdDate: expect.stringMatching(ISO_DATE),
        lastUsedDate: null,
      },
    });
    const { id, consumerKey, consumerSecret } = made.body.entry;
    // The secret is never shown again.
    expect(await keys()).toEqual([{ id, name: 'Photo uploader', consumerKey, createdDate: made.body.entry.createdDate, lastUsedDate: null }]);
    expect(JSON.stringify(await network.owner.get('ConsumerKey'))).not.toContain(consumerSecret);

    const consumer = { key: consumerKey, secret: consumerSecret };
    const token = await fetchToken(network.server, consumer, member.who.email!, member.who.password!);
    expect(token.status).toBe(200);
    const program = new OAuthClient(network.server, consumer, { key: token.body.entry.oauthToken, secret: token.body.entry.oauthTokenSecret });
    const me = await program.get('User');
    expect(me.body.entry.author).toBe(member.who.screenName);
    expect((await program.post('BlogPost', { title: 'Posted by a program' })).status).toBe(200);
    const used = (await keys())[0]!.lastUsedDate;
    expect(used).toMatch(ISO_DATE);

    // Noted at most once a minute: a request soon after writes nothing.
    await network.server.db.updateTable('oauth_consumers').set({ last_used_at: Date.now() - 30_000 }).where('consumer_key', '=', consumerKey).execute();
    const noted = (await keys())[0]!.lastUsedDate;
    await program.get('User');
    expect((await keys())[0]!.lastUsedDate).toBe(noted);
    await network.server.db.updateTable('oauth_consumers').set({ last_used_at: Date.now() - 61_000 }).where('consumer_key', '=', consumerKey).execute();
    await program.get('User');
    expect(Date.parse((await keys())[0]!.lastUsedDate!)).toBeGreaterThan(Date.now() - 10_000);

    expect((await network.owner.del('ConsumerKey', { id })).body).toEqual({ success: true });
    expectError(await program.get('User'), 401, 1, 4);
    expectError(await program.post('BlogPost', { title: 'Too late' }), 401, 1, 4);
    expectError(await fetchToken(network.server, consumer, member.who.email!, member.who.password!), 401, 1, 4);
    expect(await keys()).toEqual([]);
    expectError(await network.owner.del('ConsumerKey', { id }), 404, 3, 1);

    const log = (await network.owner.get('AuditLog/list', { itemType: 'ConsumerKey', count: 10 })).body.entry;
    expect(log.map((e: { action: string; item: string; title: string }) => `${e.action} ${e.item} ${e.title}`)).toEqual([
      `revoke ${id} Photo uploader`,
      `create ${id} Photo uploader`,
    ]);
  });

  it('lists live keys newest first and refuses bad input', async () => {
    const a = (await network.owner.post('ConsumerKey', { name: 'First app' })).body.entry.id;
    const b = (await network.owner.post('ConsumerKey', { name: 'Second app' })).body.entry.id;
    expect((await keys()).map((k) => k.id)).toEqual([b, a]);
    expectError(await network.owner.post('ConsumerKey', { name: '   ' }), 400, 4, 3);
    expectError(await network.owner.post('ConsumerKey', { name: 'x'.repeat(101) }), 400, 4, 3);
    expectError(await network.owner.post('ConsumerKey', {}), 400, 4, 2);
    expectError(await network.owner.del('ConsumerKey', { id: 'nonsense' }), 400, 4, 3);
    expectError(await network.owner.del('ConsumerKey', { id: `${network.server.networkId + 1}:ConsumerKey:1` }), 404, 3, 1);
    expect((await keys()).map((k) => k.id)).toEqual([b, a]);
  });
});

describe('who may manage keys', () => {
  let roles: Record<MadeRole, Client>;
  beforeAll(async () => {
    roles = await makeRoles(network.server);
  });
  it.each(MADE_ROLES)('ConsumerKey as the %s: the Network Creator only, whatever is sent', async (role) => {
    const live = (await network.owner.post('ConsumerKey', { name: `Kept from ${role}` })).body.entry.id as string;
    expectOutcome(await roles[role].get('ConsumerKey'), NETWORK_CREATOR[role]);
    expectOutcome(await roles[role].post('ConsumerKey', { name: `By ${role}` }), NETWORK_CREATOR[role]);
    expectOutcome(await roles[role].del('ConsumerKey', { id: live }), NETWORK_CREATOR[role]);
    expect((await keys()).some((k) => k.id === live)).toBe(NETWORK_CREATOR[role] !== 200);
  });
});
