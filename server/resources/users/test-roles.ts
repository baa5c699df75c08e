// The roles of the permission tests made through the endpoints that make them: the Network
// Creator promotes an administrator and blocks a member; a member joins while member
// moderation is on and stays pending.
import type { Client, TestServer } from '../../test/harness';
import { ROLES, type RoleName } from '../../test/roles';

/** The roles makeRoles makes: the whole cast of the permission tests but the other member. */
export type MadeRole = Exclude<RoleName, 'otherMember'>;
export const MADE_ROLES = ROLES.filter((role): role is MadeRole => role !== 'otherMember');

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

export async function makeRoles(server: TestServer): Promise<Record<MadeRole, Client>> {
  const owner = await server.owner();
  const admin = await server.signUp('Ada Administrator');
  const blocked = await server.signUp('Bert Blocked');
  await owner.put('User', { isAdmin: true }, { id: await memberIdOf(admin) });
  await owner.put('User', { isBlocked: true }, { id: await memberIdOf(blocked) });
  return {
    anonymous: server.anonymous(),
    member: await server.signUp('Mia Member'),
    admin,
    owner,
    pending: await pendingMember(server, owner, 'Pia Pending'),
    blocked,
  };
}
