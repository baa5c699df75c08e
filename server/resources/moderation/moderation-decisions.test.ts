// Approving and rejecting a selection of the queue in one request: each item on its own, the
// reply saying what became of each; approved items are out for everyone at once, rejected ones
// gone; items no longer waiting are left alone; every act is in the audit log. Administrators only.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Client } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';
import { ADMINS, expectOutcome } from '../../test/roles';
import { png } from '../photos/test-images';
import { MADE_ROLES, makeRoles, memberIdOf, pendingMember, type MadeRole } from '../users/test-roles';

const network = useTestServer();

const queueIds = async (admin: Client) => listedIds(await admin.get('ModerationQueue/list', { count: 100 }));

describe('deciding on a selection of the queue', () => {
  it('approves and rejects each item on its own and reports each result', async () => {
    const author = await network.server.signUp('Ada Author');
    const out = (await author.post('BlogPost', { title: 'Already out' })).body.id as string;
    await network.owner.put('Network', { blogPostModeration: true, commentModeration: true, photoModeration: true });
    const keep = (await author.post('BlogPost', { title: 'Worth reading' })).body.id as string;
    const spam = (await author.post('BlogPost', { title: 'Buy now' })).body.id as string;
    const commenter = await network.server.signUp('Cy Commenter');
    const comment = (await commenter.post('Comment', { attachedTo: out, description: 'Nice' })).body.id as string;
    const photo = (await author.upload('Photo', { title: 'Blurry' }, { file: await png() })).body.id as string;
    await network.owner.put('Network', { blogPostModeration: false, commentModeration: false, photoModeration: false });
    const newcomer = await pendingMember(network.server, network.owner, 'Nell Newcomer');
    const newcomerId = await memberIdOf(newcomer);
    expect(new Set(await queueIds(network.owner))).toEqual(new Set([keep, spam, comment, photo, newcomerId]));
    expect((await network.owner.get('ModerationQueue/count')).body.count).toBe(5);

    const missing = `${network.server.networkId}:BlogPost:999999`;
    const elsewhere = `${network.server.networkId + 1}:Comment:1`;
    const approved = await network.owner.post('ModerationQueue/approve', { id: [keep, comment, newcomerId, out, missing, elsewhere] });
    expect(approved.body).toEqual({
      success: true,
      entry: [
        { id: keep, success: true, status: 200 },
        { id: comment, success: true, status: 200 },
        { id: newcomerId, success: true, status: 200 },
        { id: out, success: false, status: 409, code: 6, subcode: 2, reason: expect.any(String) },
        { id: missing, success: false, status: 404, code: 3, subcode: 1, reason: expect.any(String) },
        { id: elsewhere, success: false, status: 404, code: 3, subcode: 1, reason: expect.any(String) },
      ],
    });
    // Out for everyone at once.
    const reader = await network.server.signUp('Rita Reader');
    expect((await reader.get('BlogPost', { id: keep, fields: 'title' })).body.entry.title).toBe('Worth reading');
    expect(listedIds(await reader.get('Comment/recent', { attachedTo: out, count: 10 }))).toEqual([comment]);
    expect((await newcomer.post('BlogPost', { title: 'Member at last' })).status).toBe(200);

    const rejected = await network.owner.post('ModerationQueue/reject', { id: [spam, photo, keep] });
    expect(rejected.body.entry).toEqual([
      { id: spam, success: true, status: 200 },
      { id: photo, success: true, status: 200 },
      // Approved meanwhile: no longer the queue's to reject, and it stays.
      { id: keep, success: false, status: 409, code: 6, subcode: 2, reason: expect.any(String) },
    ]);
    expectError(await network.owner.get('BlogPost', { id: spam }), 404, 3, 1);
    expectError(await network.owner.get('Photo', { id: photo }), 404, 3, 1);
    expect((await reader.get('BlogPost', { id: keep, fields: 'title' })).status).toBe(200);
    expect(await queueIds(network.owner)).toEqual([]);
    expect((await network.owner.get('ModerationQueue/count')).body.count).toBe(0);

    const log = (await network.owner.get('AuditLog/list', { action: ['approve', 'reject'], count: 100 })).body.entry as { action: string; item: string }[];
    expect(log.map((e) => `${e.action} ${e.item}`)).toEqual([`reject ${photo}`, `reject ${spam}`, `approve ${newcomerId}`, `approve ${comment}`, `approve ${keep}`]);
  });

  it('refuses a malformed selection as a whole, changing nothing', async () => {
    const author = await network.server.signUp('Mo Moderated');
    await network.owner.put('Network', { blogPostModeration: true });
    const post = (await author.post('BlogPost', { title: 'Waiting' })).body.id as string;
    await network.owner.put('Network', { blogPostModeration: false });
    expectError(await network.owner.post('ModerationQueue/approve', { id: [post, 'not-an-id'] }), 400, 4, 3);
    expectError(await network.owner.post('ModerationQueue/approve', { id: [post, `${network.server.networkId}:Network:1`] }), 400, 4, 3);
    expectError(await network.owner.post('ModerationQueue/reject', { id: Array.from({ length: 101 }, () => post) }), 400, 4, 3);
    const none = await network.owner.post('ModerationQueue/approve', {});
    expect(none.status).toBe(400);
    expect(await queueIds(network.owner)).toContain(post);
    // The same item twice: the first time decides, the second finds it decided.
    const twice = await network.owner.post('ModerationQueue/approve', { id: [post, post] });
    expect(twice.body.entry.map((r: { status: number }) => r.status)).toEqual([200, 409]);
  });
});

describe('who may decide', () => {
  let roles: Record<MadeRole, Client>;
  beforeAll(async () => {
    roles = await makeRoles(network.server);
  });
  it.each(MADE_ROLES)('POST ModerationQueue/approve and /reject as the %s: administrators only, whatever is sent', async (role) => {
    const writer = await network.server.signUp(`Writer for ${role}`);
    await network.owner.put('Network', { blogPostModeration: true });
    const post = (await writer.post('BlogPost', { title: `Waiting for ${role}` })).body.id as string;
    await network.owner.put('Network', { blogPostModeration: false });
    expectOutcome(await roles[role].post('ModerationQueue/approve', { id: post }), ADMINS[role]);
    expectOutcome(await roles[role].post('ModerationQueue/reject', { id: [post, 'junk'] }), ADMINS[role] === 200 ? [400, 4, 3] : ADMINS[role]);
    expectOutcome(await roles[role].post('ModerationQueue/reject', {}), ADMINS[role] === 200 ? [400, 4, 2] : ADMINS[role]);
    const stillWaiting = (await network.owner.get('ModerationQueue/list', { count: 100 })).body.entry.some((e: { id: string }) => e.id === post);
    expect(stillWaiting).toBe(ADMINS[role] !== 200);
  });
});
