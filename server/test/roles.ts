// The callers every permissions test runs each endpoint as: an anonymous visitor, a member
// (who writes the items under test), another member, an administrator, the Network Creator,
// a member awaiting approval and a blocked one; the outcomes each may meet; and the readers
// of the visibility tests.
import type { Client, Reply, TestServer } from './harness';
import { expectError } from './expect-api';
import { expect } from 'vitest';

export const ROLES = ['anonymous', 'member', 'otherMember', 'admin', 'owner', 'pending', 'blocked'] as const;
export type RoleName = (typeof ROLES)[number];
export type Cast = Record<RoleName, Client>;

export async function castOf(server: TestServer): Promise<Cast> {
  const [member, otherMember, admin, owner, pending, blocked] = await Promise.all([
    server.signUp('Mia Member'),
    server.signUp('Otto Other'),
    server.signUp('Ada Admin'),
    server.owner(),
    server.signUp('Pat Pending'),
    server.signUp('Bea Blocked'),
  ]);
  await Promise.all([
    server.setMembership(admin, { role: 'admin' }),
    server.setMembership(pending, { state: 'pending' }),
    server.setMembership(blocked, { state: 'blocked' }),
  ]);
  return { anonymous: server.anonymous(), member, otherMember, admin, owner, pending, blocked };
}

/** 200, or the [status, code, subcode] of the refusal. */
export type Outcome = 200 | readonly [number, number, number];

export const OK = 200;
export const SIGN_IN: Outcome = [401, 1, 1];
export const NOT_ALLOWED: Outcome = [403, 2, 1];
export const CREATOR_ONLY: Outcome = [403, 2, 2];
export const BLOCKED: Outcome = [403, 2, 3];
export const PENDING: Outcome = [403, 2, 4];
export const NOT_FOUND: Outcome = [404, 3, 1];

/** Who may do what members do: every member, nobody else. */
export const MEMBERS: Record<RoleName, Outcome> = {
  anonymous: SIGN_IN,
  member: OK,
  otherMember: OK,
  admin: OK,
  owner: OK,
  pending: PENDING,
  blocked: BLOCKED,
};

/** Who may do what administrators do. */
export const ADMINS: Record<RoleName, Outcome> = { ...MEMBERS, member: NOT_ALLOWED, otherMember: NOT_ALLOWED };

/** Who may do what only the Network Creator does. */
export const NETWORK_CREATOR: Record<RoleName, Outcome> = { ...ADMINS, admin: NOT_ALLOWED };

/** Who may do what only the member who wrote the item (or an administrator) may do. */
export const AUTHOR_OR_ADMIN: Record<RoleName, Outcome> = { ...MEMBERS, otherMember: NOT_ALLOWED };

export const EVERYONE: Record<RoleName, Outcome> = Object.fromEntries(ROLES.map((r) => [r, OK])) as Record<RoleName, Outcome>;

/** Checks a reply against an outcome; `label` names the call in the failure message, which shows the reply. */
export function expectOutcome(res: Reply, outcome: Outcome, label = ''): void {
  expect(res.status, `${label} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(outcome === OK ? OK : outcome[0]);
  if (outcome === OK) expect(res.body?.success, label).toBe(true);
  else expectError(res, ...outcome);
}

/** Calls an endpoint as every role of the cast and checks each outcome, naming the role that differs. */
export async function expectForEveryRole(
  cast: Cast,
  name: string,
  outcomes: Record<RoleName, Outcome>,
  call: (client: Client, role: RoleName) => Promise<Reply>,
): Promise<void> {
  for (const role of ROLES) expectOutcome(await call(cast[role], role), outcomes[role], `${name} as ${role}`);
}

/**
 * The readers of a visibility test: the author, a friend of the author's, a member who is no
 * friend (the stranger), an administrator, the Network Creator and an anonymous visitor.
 */
export interface VisibilityCast {
  author: Client;
  friend: Client;
  stranger: Client;
  admin: Client;
  owner: Client;
  anonymous: Client;
}

export async function visibilityCast(server: TestServer): Promise<VisibilityCast> {
  const [author, friend, stranger, admin, owner] = await Promise.all([
    server.signUp('Vera Visible'),
    server.signUp('Fred Friend'),
    server.signUp('Stan Stranger'),
    server.signUp('Ada Admin'),
    server.owner(),
  ]);
  await Promise.all([server.befriend(author, friend), server.setMembership(admin, { role: 'admin' })]);
  return { author, friend, stranger, admin, owner, anonymous: server.anonymous() };
}
