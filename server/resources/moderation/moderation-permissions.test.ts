// ModerationQueue endpoints × every role: administrators and the Network Creator only; and
// approving through PUT Comment, which only they may do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { listedIds } from '../../test/expect-api';
import { ADMINS, expectOutcome, NOT_ALLOWED, OK } from '../../test/roles';
import { MADE_ROLES, makeRoles, type MadeRole } from '../users/test-roles';

let server: TestServer;
let roles: Record<MadeRole, Client>;
let post: string;
let pendingId: string;
beforeAll(async () => {
  server = await startTestServer();
  roles = await makeRoles(server);
  pendingId = (await roles.pending.get('User')).body.entry.id;
  post = (await roles.member.post('BlogPost', { title: 'Comment here' })).body.id;
});
afterAll(() => server.stop());

describe.each(MADE_ROLES)('for the %s', (role) => {
  it('GET ModerationQueue/list and /count are for administrators', async () => {
    const list = await roles[role].get('ModerationQueue/list', { count: 100 });
    expectOutcome(list, ADMINS[role]);
    if (list.status === 200) expect(listedIds(list)).toContain(pendingId);
    expectOutcome(await roles[role].get('ModerationQueue/count'), ADMINS[role]);
  });

  it('PUT Comment approved=true is for administrators', async () => {
    await roles.owner.put('Network', { commentModeration: true });
    const writer = await server.signUp(`Writer for ${role}`);
    const comment = (await writer.post('Comment', { attachedTo: post, description: 'Awaiting' })).body.id;
    await roles.owner.put('Network', { commentModeration: false });
    const res = await roles[role].put('Comment', { approved: true }, { id: comment });
    const moderates = role === 'admin' || role === 'owner';
    // The item's author sees the unapproved comment; everyone else without moderation rights does not know it.
    expectOutcome(res, role === 'member' ? NOT_ALLOWED : ADMINS[role]);
    const approved = (await writer.get('Comment/recent', { attachedTo: post, count: 100 })).body.entry.find(
      (c: { id: string }) => c.id === comment,
    ).approved;
    expect(approved).toBe(moderates);
  });

  it("PUT Comment description is for the comment's author", async () => {
    const comment = (await roles.member.post('Comment', { attachedTo: post, description: 'Mine' })).body.id;
    const res = await roles[role].put('Comment', { description: `Edited by ${role}` }, { id: comment });
    expectOutcome(res, role === 'member' ? OK : { ...ADMINS, admin: NOT_ALLOWED, owner: NOT_ALLOWED }[role]);
  });
});
