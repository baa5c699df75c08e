// Story: administrators run the network for a while — approving, rejecting, featuring,
// deleting others' content, moderating members, changing settings, broadcasting, removing
// activity — and the audit log lists every act, newest first, with who, what, on which item and
// from which address; filtered by actor, action, item type, item and dates; paged by anchors.
// Acts that fail leave no record, and what members do to their own things is no administrative act.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Client } from '../../test/harness';
import { expectError, ISO_DATE, listedIds } from '../../test/expect-api';
import { ADMINS, expectOutcome } from '../../test/roles';
import { MADE_ROLES, makeRoles, memberIdOf, pendingMember, type MadeRole } from '../users/test-roles';

const network = useTestServer();

interface Entry {
  id: string;
  author: string;
  action: string;
  itemType: string;
  item: string | null;
  title: string | null;
  detail: Record<string, unknown> | null;
  address: string | null;
  createdDate: string;
}

const log = async (admin: Client, query: Record<string, string | string[] | number> = {}) => {
  const res = await admin.get('AuditLog/list', { count: 100, ...query });
  listedIds(res);
  return res.body.entry as Entry[];
};
const acts = (entries: Entry[]) => entries.map((e) => `${e.action} ${e.itemType}${e.title ? ` ${e.title}` : ''}`);

/** Makes the database refuse new activity events (a fault injected below the service), or stops. */
async function failActivityInserts(on: boolean) {
  const postgres = Boolean(process.env.TEST_DATABASE_URL);
  const statements = on
    ? postgres
      ? [
          `create function refuse_activity() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`,
          'create trigger refuse_activity before insert on activities for each row execute function refuse_activity()',
        ]
      : [`create trigger refuse_activity before insert on activities begin select raise(abort, 'injected fault'); end`]
    : postgres
      ? ['drop trigger refuse_activity on activities', 'drop function refuse_activity()']
      : ['drop trigger refuse_activity'];
  for (const statement of statements) await sql.raw(statement).execute(network.server.db);
}

describe('the audit log', () => {
  it('records every administrative act with who, what, which item and from where, newest first', async () => {
    const admin = await network.server.signUp('Al Admin');
    const author = await network.server.signUp('Ada Author');
    await network.owner.put('User', { isAdmin: true }, { id: await memberIdOf(admin) });
    const before = await log(network.owner);
    expect(acts(before)).toEqual(['promote User Al Admin']);

    await network.owner.put('Network', { blogPostModeration: true, name: 'Makers' });
    const held = (await author.post('BlogPost', { title: 'Held back' })).body.id as string;
    const spam = (await author.post('BlogPost', { title: 'Spam' })).body.id as string;
    await network.owner.put('Network', { blogPostModeration: false });
    const old = (await author.post('BlogPost', { title: 'An old favourite' })).body.id as string;
    const comment = (await author.post('Comment', { attachedTo: old, description: '<p>Rude <b>words</b></p>' })).body.id as string;

    expect((await admin.put('BlogPost', { approved: true }, { id: held })).status).toBe(200);
    expect((await admin.del('BlogPost', { id: spam })).status).toBe(200);
    expect((await admin.post('BlogPost/feature', {}, { id: old })).status).toBe(200);
    expect((await admin.del('BlogPost/feature', { id: old })).status).toBe(200);
    expect((await admin.del('Comment', { id: comment })).status).toBe(200);
    const newcomer = await pendingMember(network.server, network.owner, 'Nell Newcomer');
    const troll = await network.server.signUp('Tom Troll');
    expect((await admin.put('User', { approved: true }, { id: await memberIdOf(newcomer) })).status).toBe(200);
    expect((await admin.put('User', { isBlocked: true }, { id: await memberIdOf(troll) })).status).toBe(200);
    expect((await admin.put('User', { isBlocked: false }, { id: await memberIdOf(troll) })).status).toBe(200);
    expect((await admin.del('User', { id: await memberIdOf(troll) })).status).toBe(200);
    expect((await network.owner.put('User', { isAdmin: false }, { id: await memberIdOf(admin) })).status).toBe(200);
    expect((await network.owner.post('BroadcastMessage', { subject: 'Welcome', body: 'Hello all' })).status).toBe(200);
    const event = (await network.owner.get('Activity/recent', { count: 1 })).body.entry[0];
    expect((await network.owner.del('Activity', { id: event.id })).status).toBe(200);

    const all = await log(network.owner);
    expect(acts(all)).toEqual([
      `delete Activity ${event.title ?? event.type}`,
      'send BroadcastMessage Welcome',
      'demote User Al Admin',
      'remove User Tom Troll',
      'unblock User Tom Troll',
      'block User Tom Troll',
      'approve User Nell Newcomer',
      // Member moderation on while the newcomer joins, and off again.
      'update Network Makers',
      'update Network Makers',
      'delete Comment Rude words',
      'unfeature BlogPost',
      'feature BlogPost',
      'reject BlogPost Spam',
      'approve BlogPost Held back',
      'update Network Makers',
      'update Network Makers',
      'promote User Al Admin',
    ]);
    const at = (action: string, type: string) => all.find((e) => e.action === action && e.itemType === type)!;
    expect(at('approve', 'BlogPost')).toEqual({
      id: expect.stringMatching(new RegExp(`^${network.server.networkId}:AuditEntry:\\d+$`)),
      author: admin.who.screenName,
      action: 'approve',
      itemType: 'BlogPost',
      item: held,
      title: 'Held back',
      detail: null,
      address: expect.stringMatching(/127\.0\.0\.1/),
      createdDate: expect.stringMatching(ISO_DATE),
    });
    expect(at('reject', 'BlogPost').item).toBe(spam);
    expect(at('feature', 'BlogPost').item).toBe(old);
    expect(all.find((e) => e.detail?.name === 'Makers')).toMatchObject({ author: network.owner.who.screenName, item: String(network.server.networkId), detail: { blogPostModeration: true, name: 'Makers' } });
    expect(at('delete', 'Activity')).toMatchObject({ item: null, detail: { activity: event.id } });
    const dates = all.map((e) => e.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const res = await network.owner.get('AuditLog/list', { count: 1 });
    expect(res.body.resources[network.owner.who.screenName!]).toMatchObject({ fullName: expect.any(String) });

    // Filters.
    expect(acts(await log(network.owner, { actor: network.owner.who.screenName! }))).toEqual([
      `delete Activity ${event.title ?? event.type}`, 'send BroadcastMessage Welcome', 'demote User Al Admin',
      'update Network Makers', 'update Network Makers', 'update Network Makers', 'update Network Makers', 'promote User Al Admin',
    ]);
    expect(acts(await log(network.owner, { action: ['block', 'unblock'] }))).toEqual(['unblock User Tom Troll', 'block User Tom Troll']);
    expect(acts(await log(network.owner, { itemType: 'Comment' }))).toEqual(['delete Comment Rude words']);
    expect(acts(await log(network.owner, { item: old }))).toEqual(['unfeature BlogPost', 'feature BlogPost']);
    expect(await log(network.owner, { actor: 'nobody-by-that-name' })).toEqual([]);
    const cut = all[7]!.createdDate;
    const after = await log(network.owner, { createdAfter: cut });
    expect(after.every((e) => e.createdDate >= cut)).toBe(true);
    const earlier = await log(network.owner, { createdBefore: cut });
    expect(earlier.every((e) => e.createdDate < cut)).toBe(true);
    expect(after.length + earlier.length).toBe(all.length);
    expect(await log(network.owner, { createdAfter: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expectError(await network.owner.get('AuditLog/list', { createdAfter: '2030-01-01', createdBefore: '2020-01-01' }), 400, 4, 3);
    expectError(await network.owner.get('AuditLog/list', { action: 'dance' }), 400, 4, 3);

    // Paging by anchors, forwards and back.
    const pages: string[] = [];
    let anchor: string | undefined;
    for (let lastPage = false; !lastPage; ) {
      const r = await network.owner.get('AuditLog/list', { count: 4, anchor });
      pages.push(...listedIds(r));
      ({ anchor, lastPage } = r.body);
    }
    expect(pages).toEqual(all.map((e) => e.id));
    const back = await network.owner.get('AuditLog/list', { count: -4, anchor });
    expect(listedIds(back)).toEqual(pages.slice(-4));
  });

  it('records nothing for an act that fails', async () => {
    const count = async () => (await log(network.owner)).length;
    const start = await count();
    const post = (await network.owner.post('BlogPost', { title: 'Mine' })).body.id as string;
    expectError(await network.owner.post('BlogPost/feature', {}, { id: `${network.server.networkId}:BlogPost:999999` }), 404, 3, 1);
    expectError(await network.owner.post('Photo/feature', {}, { id: `${network.server.networkId}:Photo:999999` }), 404, 3, 1);
    await network.owner.post('BroadcastMessage', { subject: 'Once', body: 'Only once', messageId: 'once' });
    expectError(await network.owner.post('BroadcastMessage', { subject: 'Once', body: 'Only once', messageId: 'once' }), 409, 6, 1);
    const member = await network.server.signUp('Mo Member');
    expectError(await network.owner.put('User', { approved: false }, { id: await memberIdOf(member) }), 409, 6, 2);
    expectError(await network.owner.put('Network', { name: '' }), 400, 4, 3);
    expect(await count()).toBe(start + 1);

    // A failure after the record is written (here the FeatureBlogPost event cannot be stored)
    // takes the record back with the act: the post is not featured and the log says nothing.
    await failActivityInserts(true);
    try {
      const res = await network.owner.post('BlogPost/feature', {}, { id: post });
      expect(res.status).toBe(500);
    } finally {
      await failActivityInserts(false);
    }
    expect((await network.owner.get('BlogPost', { id: post, fields: 'featuredDate' })).body.entry.featuredDate).toBeNull();
    expect(await count()).toBe(start + 1);
    expect((await network.owner.post('BlogPost/feature', {}, { id: post })).status).toBe(200);
    expect(await count()).toBe(start + 2);
    // What the Network Creator does to their own post is no administrative act.
    await network.owner.put('BlogPost', { title: 'Still mine' }, { id: post });
    await network.owner.del('BlogPost', { id: post });
    expect(await count()).toBe(start + 2);
  });

  it('leaves out what members do to their own things', async () => {
    const start = (await log(network.owner)).length;
    const member = await network.server.signUp('Mel Member');
    const other = await network.server.signUp('Oz Other');
    const post = (await member.post('BlogPost', { title: 'Own post' })).body.id as string;
    const comment = (await other.post('Comment', { attachedTo: post, description: 'Hi' })).body.id as string;
    await member.del('Comment', { id: comment });
    await member.put('BlogPost', { title: 'Edited' }, { id: post });
    await member.del('BlogPost', { id: post });
    expect((await log(network.owner)).length).toBe(start);
  });
});

describe('who may read it', () => {
  let roles: Record<MadeRole, Client>;
  beforeAll(async () => {
    roles = await makeRoles(network.server);
  });
  it.each(MADE_ROLES)('GET AuditLog/list as the %s: administrators only, whatever is sent', async (role) => {
    expectOutcome(await roles[role].get('AuditLog/list', { count: 5 }), ADMINS[role]);
    expectOutcome(await roles[role].get('AuditLog/list', { actor: 'x', action: 'approve', itemType: 'User', count: 100 }), ADMINS[role]);
  });
});
