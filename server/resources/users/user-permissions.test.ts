// User endpoints × every role: who may read members (and which ones), edit a profile,
// approve, block, remove and promote members.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type Reply, type TestServer } from '../../test/harness';
import { listedIds } from '../../test/expect-api';
import {
  ADMINS,
  BLOCKED,
  EVERYONE,
  expectOutcome,
  MEMBERS,
  NETWORK_CREATOR,
  NOT_ALLOWED,
  NOT_FOUND,
  OK,
  PENDING,
  SIGN_IN,
  type Outcome,
} from '../../test/roles';
import { MADE_ROLES, makeRoles, memberIdOf, pendingMember, type MadeRole } from './test-roles';

let server: TestServer;
let roles: Record<MadeRole, Client>;
let ids: { member: string; pending: string; blocked: string; other: string };

beforeAll(async () => {
  server = await startTestServer();
  roles = await makeRoles(server);
  ids = {
    member: await memberIdOf(roles.member),
    pending: await memberIdOf(roles.pending),
    blocked: await memberIdOf(roles.blocked),
    other: await memberIdOf(await server.signUp('Otto Other')),
  };
});
afterAll(() => server.stop());

/** Each call gets a fresh member to act on, so every role meets the same state. */
const freshMember = (name: string) => server.signUp(name);
const freshPending = (name: string) => pendingMember(server, roles.owner, name);

const cases: { name: string; call: (c: Client, role: MadeRole) => Promise<Reply>; outcomes: Record<MadeRole, Outcome> }[] = [
  {
    name: 'GET User (the caller)',
    call: (c) => c.get('User'),
    outcomes: { ...EVERYONE, anonymous: SIGN_IN },
  },
  { name: 'GET User?id= (an active member)', call: (c) => c.get('User', { id: ids.member }), outcomes: EVERYONE },
  {
    name: 'GET User?id= (a pending member)',
    call: (c) => c.get('User', { id: ids.pending }),
    outcomes: { ...EVERYONE, anonymous: NOT_FOUND, member: NOT_FOUND, blocked: NOT_FOUND },
  },
  {
    name: 'GET User?author= (a blocked member)',
    call: (c) => c.get('User', { author: roles.blocked.who.screenName }),
    outcomes: { ...EVERYONE, anonymous: NOT_FOUND, member: NOT_FOUND, pending: NOT_FOUND },
  },
  { name: 'GET User/recent', call: (c) => c.get('User/recent', { count: 100 }), outcomes: EVERYONE },
  { name: 'GET User/alpha', call: (c) => c.get('User/alpha', { count: 100 }), outcomes: EVERYONE },
  { name: 'GET User/featured', call: (c) => c.get('User/featured', { count: 100 }), outcomes: EVERYONE },
  { name: 'GET User/count', call: (c) => c.get('User/count'), outcomes: EVERYONE },
  {
    name: 'POST User (joining again)',
    // A fresh visitor each time: joining signs the client in.
    call: (c, role) =>
      role === 'anonymous'
        ? server.anonymous().post('User', { email: 'visitor@test.example', password: 'visitor-password', fullName: 'Visitor' })
        : c.post('User', { email: c.who.email, password: c.who.password, fullName: 'Again' }),
    outcomes: {
      anonymous: OK,
      member: [409, 6, 1],
      admin: [409, 6, 1],
      owner: [409, 6, 1],
      pending: [409, 6, 1],
      blocked: BLOCKED,
    },
  },
  { name: 'PUT User (own profile)', call: (c) => c.put('User', { statusMessage: 'Hello' }), outcomes: MEMBERS },
  {
    name: "PUT User?id= (another member's profile)",
    call: (c) => c.put('User', { fullName: 'Changed' }, { id: ids.other }),
    outcomes: { ...ADMINS, admin: NOT_ALLOWED, owner: NOT_ALLOWED },
  },
  {
    name: 'PUT User?id=&approved=true (a pending member)',
    call: async (c, role) => c.put('User', { approved: true }, { id: await memberIdOf(await freshPending(`Approve ${role}`)) }),
    // Refused before the member is looked up: the answer tells nothing of pending members.
    outcomes: ADMINS,
  },
  {
    name: 'PUT User?id=&isBlocked=true',
    call: async (c, role) => c.put('User', { isBlocked: true }, { id: await memberIdOf(await freshMember(`Block ${role}`)) }),
    outcomes: ADMINS,
  },
  {
    name: 'PUT User?id=&isBlocked=false (a blocked member)',
    call: async (c, role) => {
      const id = await memberIdOf(await freshMember(`Unblock ${role}`));
      await roles.owner.put('User', { isBlocked: true }, { id });
      return c.put('User', { isBlocked: false }, { id });
    },
    outcomes: ADMINS,
  },
  {
    name: 'PUT User?id=&isAdmin=true',
    call: async (c, role) => c.put('User', { isAdmin: true }, { id: await memberIdOf(await freshMember(`Promote ${role}`)) }),
    outcomes: NETWORK_CREATOR,
  },
  {
    name: 'DELETE User (a member)',
    call: async (c, role) => c.del('User', { id: await memberIdOf(await freshMember(`Remove ${role}`)) }),
    outcomes: ADMINS,
  },
  {
    name: 'DELETE User (a pending member)',
    call: async (c, role) => c.del('User', { id: await memberIdOf(await freshPending(`Reject ${role}`)) }),
    outcomes: ADMINS,
  },
];

describe.each(cases)('$name', ({ call, outcomes }) => {
  it.each(MADE_ROLES)('for the %s', async (role) => {
    expectOutcome(await call(roles[role], role), outcomes[role], role);
  });
});

describe.each(MADE_ROLES)('members the %s sees', (role) => {
  const moderates = role === 'admin' || role === 'owner';

  it('listings and counts hold pending and blocked members for administrators only', async () => {
    const client = roles[role];
    const listed = listedIds(await client.get('User/recent', { count: 100 }));
    expect(listed).toContain(ids.member);
    expect(listed.includes(ids.pending)).toBe(moderates || role === 'pending');
    expect(listed.includes(ids.blocked)).toBe(moderates || role === 'blocked');
    const alpha = listedIds(await client.get('User/alpha', { count: 100 }));
    expect(new Set(alpha)).toEqual(new Set(listed));
    const count = await client.get('User/count');
    expect(count.body.count).toBe(listed.length);
  });

  it('email and profileQuestions only for administrators and the member', async () => {
    const res = await roles[role].get('User', { id: ids.member, fields: 'email,profileQuestions' });
    expect(res.body.entry.email).toBe(moderates || role === 'member' ? roles.member.who.email : null);
    expect('profileQuestions' in res.body.entry).toBe(true);
  });
});

describe('on a private network', () => {
  it('only members read members', async () => {
    await roles.owner.put('Network', { isPrivate: true });
    try {
      expectOutcome(await roles.anonymous.get('User/recent'), SIGN_IN);
      expectOutcome(await roles.anonymous.get('User', { id: ids.member }), SIGN_IN);
      expectOutcome(await roles.pending.get('User/recent'), PENDING);
      expectOutcome(await roles.member.get('User/recent'), OK);
      const me = await roles.member.get('User', { fields: 'visibility' });
      expect(me.body.entry.visibility).toBe('members');
    } finally {
      await roles.owner.put('Network', { isPrivate: false });
    }
  });
});
