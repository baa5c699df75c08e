// Administrators find members: by text in the full name, email or screen name, by state
// (pending, active, blocked, administrators), newest first or by name, paged by anchors; then
// act on them with the member endpoints. Nobody else may search.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Client } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';
import { ADMINS, expectOutcome } from '../../test/roles';
import { MADE_ROLES, makeRoles, memberIdOf, pendingMember, type MadeRole } from './test-roles';

const network = useTestServer();

const names = async (query: Record<string, string | string[] | number>) => {
  const res = await network.owner.get('User/search', { count: 100, fields: 'fullName', ...query });
  listedIds(res);
  return (res.body.entry as { fullName: string }[]).map((e) => e.fullName);
};

describe('searching members', () => {
  it('finds members by name, email or screen name and by state', async () => {
    const zoe = await network.server.signUp('Zoë Zimmer');
    const max = await network.server.signUp('Max 100%_Mustermann');
    const admin = await network.server.signUp('Ann Admin');
    const troll = await network.server.signUp('Tom Troll');
    await network.owner.put('User', { isAdmin: true }, { id: await memberIdOf(admin) });
    await network.owner.put('User', { isBlocked: true }, { id: await memberIdOf(troll) });
    await pendingMember(network.server, network.owner, 'Nell Newcomer');
    const ownerName = (await network.owner.get('User', { fields: 'fullName' })).body.entry.fullName as string;

    expect(await names({ q: 'zimmer' })).toEqual(['Zoë Zimmer']);
    expect(await names({ q: 'ZOË' })).toEqual(['Zoë Zimmer']);
    expect(await names({ q: zoe.who.email!.slice(0, 14).toUpperCase() })).toEqual(['Zoë Zimmer']);
    expect(await names({ q: zoe.who.screenName! })).toEqual(['Zoë Zimmer']);
    // % and _ are text, not wildcards.
    expect(await names({ q: '100%_' })).toEqual(['Max 100%_Mustermann']);
    expect(await names({ q: '%' })).toEqual(['Max 100%_Mustermann']);
    expect(await names({ q: 'nobody like this' })).toEqual([]);
    expect(await names({ q: '  ' })).toHaveLength(6);

    expect(await names({ state: 'pending' })).toEqual(['Nell Newcomer']);
    expect(await names({ state: 'blocked' })).toEqual(['Tom Troll']);
    expect(await names({ state: 'admin' })).toEqual(['Ann Admin', ownerName]);
    expect(await names({ state: ['pending', 'blocked'] })).toEqual(['Nell Newcomer', 'Tom Troll']);
    expect(await names({ state: 'active', order: 'alpha' })).toEqual(['Ann Admin', 'Max 100%_Mustermann', ownerName, 'Zoë Zimmer'].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(await names({ state: 'blocked', q: 'zimmer' })).toEqual([]);
    expect(await names({})).toEqual(['Nell Newcomer', 'Tom Troll', 'Ann Admin', 'Max 100%_Mustermann', 'Zoë Zimmer', ownerName]);

    // What administrators see of each: state, role and email.
    const found = (await network.owner.get('User/search', { q: 'troll', fields: 'email,state,isBlocked,isAdmin' })).body.entry[0];
    expect(found).toMatchObject({ email: troll.who.email, state: 'blocked', isBlocked: true, isAdmin: false });

    // Paging by anchors sees everyone once.
    const all = listedIds(await network.owner.get('User/search', { count: 100 }));
    const pages: string[] = [];
    let anchor: string | undefined;
    for (let lastPage = false; !lastPage; ) {
      const res = await network.owner.get('User/search', { count: 2, anchor });
      pages.push(...listedIds(res));
      ({ anchor, lastPage } = res.body);
    }
    expect(pages).toEqual(all);
    expect(max).toBeDefined();

    expectError(await network.owner.get('User/search', { state: 'sleeping' }), 400, 4, 3);
    expectError(await network.owner.get('User/search', { order: 'random' }), 400, 4, 3);
    expectError(await network.owner.get('User/search', { q: 'x'.repeat(101) }), 400, 4, 3);
  });
});

describe('who may search', () => {
  let roles: Record<MadeRole, Client>;
  beforeAll(async () => {
    roles = await makeRoles(network.server);
  });
  it.each(MADE_ROLES)('GET User/search as the %s: administrators only, whatever is sent', async (role) => {
    expectOutcome(await roles[role].get('User/search'), ADMINS[role]);
    expectOutcome(await roles[role].get('User/search', { q: '@', state: ['pending', 'blocked'], order: 'alpha', count: 100 }), ADMINS[role]);
  });
});
