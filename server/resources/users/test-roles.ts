// The six roles of the permission tests, made through the endpoints that make them: the
// Network Creator promotes an administrator and blocks a member; a member joins while member
// moderation is on and stays pending.
import { expect } from 'vitest';
import type { Client, Reply, TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';

export const ROLES = ['anonymous', 'member', 'blockedMember', 'pendingMember', 'administrator', 'networkCreator'] as const;
export type Role = (typeof ROLES)[number];

/** 200, or the error's status, code and subcode. */
export type Outcome = 200 | readonly [number, number, number];

export const OK = 200;
export const SIGN_IN = [401, 1, 1] as const;
export const DENIED = [403, 2, 1] as const;
export const BLOCKED = [403, 2, 3] as const;
export const PENDING = [403, 2, 4] as const;
export const NOT_FOUND = [404, 3, 1] as const;

/** Who may call: readers (anyone), members (active members), admins (administrators), owner. */
export const allow = {
  anyone: { anonymous: OK, member: OK, blockedMember: OK, pendingMember: OK, administrator: OK, networkCreator: OK },
  members: { anonymous: SIGN_IN, member: OK, blockedMember: BLOCKED, pendingMember: PENDING, administrator: OK, networkCreator: OK },
  admins: { anonymous: SIGN_IN, member: DENIED, blockedMember: BLOCKED, pendingMember: PENDING, administrator: OK, networkCreator: OK },
  owner: { anonymous: SIGN_IN, member: DENIED, blockedMember: BLOCKED, pendingMember: PENDING, administrator: DENIED, networkCreator: OK },
} satisfies Record<string, Record<Role, Outcome>>;

export const memberIdOf = async (client: Client) => (await client.get('User')).body.entry.id as string;

/** Signs up a member who stays pending: member moderation is on while they join. */
export async function pendingMember(server: TestServer, owner: Client, fullName = 'Pending Member'): Promise<Client> {
  await owner.put('Network', { userModeration: true });
  try {
    return await server.signUp(fullName);
  } finally {
    await owner.put('Network', { userModeration: false });
  }
}

export async function makeRoles(server: TestServer): Promise<Record<Role, Client>> {
  const networkCreator = await server.owner();
  const administrator = await server.signUp('Ada Administrator');
  const blockedMember = await server.signUp('Bert Blocked');
  await networkCreator.put('User', { isAdmin: true }, { id: await memberIdOf(administrator) });
  await networkCreator.put('User', { isBlocked: true }, { id: await memberIdOf(blockedMember) });
  return {
    anonymous: server.anonymous(),
    member: await server.signUp('Mia Member'),
    blockedMember,
    pendingMember: await pendingMember(server, networkCreator, 'Pia Pending'),
    administrator,
    networkCreator,
  };
}

export function expectOutcome(res: Reply, outcome: Outcome, label?: string): void {
  if (outcome === OK) expect(res.status, `${label ?? ''} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  else expectError(res, ...outcome);
}
