// Story: member moderation. The Network Creator turns it on and makes an administrator; a
// newcomer waits in `pending` until approved and then posts; a member is blocked and
// unblocked; members are rejected and removed, their content staying.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';

let server: TestServer;
let owner: Client;
let admin: Client;
let adminId: string;

const idOf = async (client: Client) => (await client.get('User')).body.entry.id as string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.owner();
  admin = await server.signUp('Ann Admin');
  adminId = await idOf(admin);
});
afterAll(() => server.stop());

describe('member moderation', () => {
  it('the Network Creator makes and unmakes administrators', async () => {
    const member = await server.signUp('Mo Member');
    const memberId = await idOf(member);
    expect((await owner.put('User', { isAdmin: true }, { id: adminId })).body).toEqual({ success: true });
    expect((await member.get('User', { id: adminId, fields: 'isAdmin,state' })).body.entry).toEqual({ id: adminId, isAdmin: true, state: 'active' });

    // An administrator may not make administrators, nor moderate another one.
    expectError(await admin.put('User', { isAdmin: true }, { id: memberId }), 403, 2, 1);
    await owner.put('User', { isAdmin: true }, { id: memberId });
    expectError(await admin.put('User', { isBlocked: true }, { id: memberId }), 403, 2, 1);
    expectError(await admin.del('User', { id: memberId }), 403, 2, 1);
    await owner.put('User', { isAdmin: false }, { id: memberId });
    expect((await member.get('User', { fields: 'isAdmin' })).body.entry.isAdmin).toBe(false);

    // Nobody moderates the Network Creator, and the Creator stays an administrator.
    const ownerId = await idOf(owner);
    expectError(await admin.put('User', { isBlocked: true }, { id: ownerId }), 403, 2, 1);
    expectError(await admin.del('User', { id: ownerId }), 403, 2, 1);
    expectError(await owner.put('User', { isAdmin: false }), 403, 2, 1);
    expect((await member.get('User', { id: ownerId, fields: 'isOwner,isAdmin,state' })).body.entry).toEqual({
      id: ownerId,
      isOwner: true,
      isAdmin: true,
      state: 'owner',
    });
  });

  it('a newcomer waits for approval, unseen by members, and posts once approved', async () => {
    const member = await server.signUp('Pat Peer');
    expect((await owner.put('Network', { userModeration: true })).body).toEqual({ success: true });
    const newcomer = await server.signUp('Nina Newcomer');
    await owner.put('Network', { userModeration: false });

    const pending = await newcomer.get('User', { fields: 'state,approved,isMember' });
    const newcomerId = pending.body.entry.id as string;
    expect(pending.body.entry).toEqual({ id: newcomerId, state: 'pending', approved: false, isMember: false });
    expect((await member.get('User', { fields: 'state' })).body.entry.state).toBe('active');
    expectError(await newcomer.post('BlogPost', { title: 'Too early' }), 403, 2, 4);
    expectError(await newcomer.put('User', { statusMessage: 'hello?' }), 403, 2, 4);

    // Only administrators see a pending member.
    expectError(await member.get('User', { id: newcomerId }), 404, 3, 1);
    expect(listedIds(await member.get('User/recent', { count: 100 }))).not.toContain(newcomerId);
    expect(listedIds(await admin.get('User/recent', { count: 100, approved: false }))).toEqual([newcomerId]);
    expect((await admin.get('User/count', { approved: false })).body.count).toBe(1);
    expect((await member.get('User/count', { approved: false })).body.count).toBe(0);

    // No JoinNetwork event before approval; one after.
    const joins = async () =>
      (await admin.get('Activity/recent', { author: newcomer.who.screenName, type: 'JoinNetwork', count: 10 })).body.entry.length;
    expect(await joins()).toBe(0);
    expect((await admin.put('User', { approved: true }, { id: newcomerId })).body).toEqual({ success: true });
    expect(await joins()).toBe(1);
    expect((await member.get('User', { id: newcomerId, fields: 'state,approved' })).body.entry).toEqual({ id: newcomerId, state: 'active', approved: true });
    expect((await newcomer.post('BlogPost', { title: 'Hello at last' })).status).toBe(200);

    // Approving twice changes nothing; un-approving an approved member is a state conflict.
    expect((await admin.put('User', { approved: true }, { id: newcomerId })).status).toBe(200);
    expect(await joins()).toBe(1);
    expectError(await admin.put('User', { approved: false }, { id: newcomerId }), 409, 6, 2);
  });

  it('two administrators approving at once write one JoinNetwork event', async () => {
    await owner.put('Network', { userModeration: true });
    const newcomer = await server.signUp('Ria Race');
    await owner.put('Network', { userModeration: false });
    const id = await idOf(newcomer);
    const replies = await Promise.all([owner, admin, owner, admin].map((moderator) => moderator.put('User', { approved: true }, { id })));
    expect(replies.map((r) => r.status)).toContain(200);
    for (const reply of replies) if (reply.status !== 200) expectError(reply, 409, 6, 2);
    const joins = await admin.get('Activity/recent', { author: newcomer.who.screenName, type: 'JoinNetwork', count: 10 });
    expect(joins.body.entry).toHaveLength(1);
  });

  it('a blocked member can no longer write, and is hidden from members until unblocked', async () => {
    const member = await server.signUp('Bob Blockme');
    const peer = await server.signUp('Pia Peer');
    const memberId = await idOf(member);
    const post = (await member.post('BlogPost', { title: 'Before the block' })).body.id as string;

    expect((await admin.put('User', { isBlocked: true }, { id: memberId })).body).toEqual({ success: true });
    expectError(await member.post('BlogPost', { title: 'Blocked now' }), 403, 2, 3);
    expectError(await member.put('User', { statusMessage: 'let me out' }), 403, 2, 3);
    expectError(await member.del('BlogPost', { id: post }), 403, 2, 3);
    expectError(await member.post('Comment', { attachedTo: post, description: 'hm' }), 403, 2, 3);
    expect((await member.get('User', { fields: 'isBlocked,state,isMember' })).body.entry).toEqual({
      id: memberId,
      isBlocked: true,
      state: 'blocked',
      isMember: false,
    });
    expectError(await peer.get('User', { id: memberId }), 404, 3, 1);
    expect((await admin.get('User', { id: memberId, fields: 'isBlocked' })).body.entry.isBlocked).toBe(true);
    // Blocking a blocked member again is fine; approving one is meaningless but harmless.
    expect((await admin.put('User', { isBlocked: true }, { id: memberId })).status).toBe(200);

    await admin.put('User', { isBlocked: false }, { id: memberId });
    expect((await member.post('BlogPost', { title: 'Back again' })).status).toBe(200);
    expect((await peer.get('User', { id: memberId, fields: 'state' })).body.entry.state).toBe('active');
  });

  it('blocking an administrator takes the role away', async () => {
    const deputy = await server.signUp('Dee Deputy');
    const deputyId = await idOf(deputy);
    await owner.put('User', { isAdmin: true }, { id: deputyId });
    await owner.put('User', { isBlocked: true }, { id: deputyId });
    await owner.put('User', { isBlocked: false }, { id: deputyId });
    expect((await deputy.get('User', { fields: 'isAdmin,state' })).body.entry).toEqual({ id: deputyId, isAdmin: false, state: 'active' });
  });

  it('rejecting a pending member and removing a member end their membership; content stays', async () => {
    await owner.put('Network', { userModeration: true });
    const spammer = await server.signUp('Sam Spammer');
    await owner.put('Network', { userModeration: false });
    const spammerId = await idOf(spammer);
    expectError(await admin.put('User', { isBlocked: true }, { id: spammerId }), 409, 6, 2);
    expect((await admin.del('User', { id: spammerId })).body).toEqual({ success: true });
    expectError(await admin.get('User', { id: spammerId }), 404, 3, 1);
    expectError(await spammer.get('User'), 403, 2, 1);

    const leaver = await server.signUp('Lee Leaver');
    const leaverId = await idOf(leaver);
    const post = (await leaver.post('BlogPost', { title: 'Still here after I go' })).body.id as string;
    await owner.post('User/feature', {}, { id: leaverId });
    expect((await admin.del('User', { id: leaverId })).body).toEqual({ success: true });
    expectError(await admin.get('User', { id: leaverId }), 404, 3, 1);
    expectError(await leaver.post('BlogPost', { title: 'Not a member' }), 403, 2, 1);
    expect(listedIds(await server.anonymous().get('User/featured', { count: 100 }))).not.toContain(leaverId);
    const kept = await server.anonymous().get('BlogPost', { id: post, fields: 'author,title' });
    expect(kept.body.entry).toEqual({ id: post, author: leaver.who.screenName, title: 'Still here after I go' });
    const events = await admin.get('Activity/recent', { author: leaver.who.screenName, count: 10, fields: 'type' });
    expect(events.body.entry.map((e: { type: string }) => e.type)).toEqual(['CreateBlogPost']);

    // A removed member may join again with the same account.
    const again = await leaver.post('User', { email: leaver.who.email, password: leaver.who.password, fullName: 'Lee Leaver' });
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(leaverId);
  });
});
