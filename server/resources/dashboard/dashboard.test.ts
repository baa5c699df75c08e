// The dashboard's figures follow what members do: joining, posting, commenting, uploading
// photos, tagging and deleting move the counters the dashboard reads, day by day; the most used
// tags, the most active members and the waiting items come with them. Administrators only.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Client } from '../../test/harness';
import { ADMINS, expectOutcome } from '../../test/roles';
import { png } from '../photos/test-images';
import { MADE_ROLES, makeRoles, pendingMember, type MadeRole } from '../users/test-roles';

const network = useTestServer();

type Day = { date: string; members: number; posts: number; comments: number; photos: number };
const dashboard = async () => (await network.owner.get('Dashboard')).body.entry as { days: Day[]; topTags: { value: string; count: number }[]; activeMembers: { author: string; fullName: string; count: number }[]; waiting: number };
const today = () => new Date().toISOString().slice(0, 10);

describe('the dashboard', () => {
  it('counts what members do, per day, with the top tags, the most active members and the waiting items', async () => {
    const before = await dashboard();
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)!.date).toBe(today());
    const base = before.days.at(-1)!;

    const ada = await network.server.signUp('Ada Active');
    const bo = await network.server.signUp('Bo Busy');
    const p1 = (await ada.post('BlogPost', { title: 'One', tag: ['baking', 'bread'] })).body.id as string;
    await ada.post('BlogPost', { title: 'Two', tag: ['baking'] });
    const p3 = (await bo.post('BlogPost', { title: 'Three', tag: ['cycling', 'baking'] })).body.id as string;
    await bo.post('Comment', { attachedTo: p1, description: 'Yum' });
    await ada.post('Comment', { attachedTo: p3, description: 'Nice ride' });
    await ada.upload('Photo', { title: 'Loaf', tag: 'bread' }, { file: await png() });
    await pendingMember(network.server, network.owner, 'Nell Newcomer');

    const after = await dashboard();
    expect(after.days.at(-1)).toEqual({ date: today(), members: base.members + 3, posts: base.posts + 3, comments: base.comments + 2, photos: base.photos + 1 });
    expect(after.topTags.slice(0, 3)).toEqual([{ value: 'baking', count: 3 }, { value: 'bread', count: 2 }, { value: 'cycling', count: 1 }]);
    expect(after.activeMembers.slice(0, 2)).toEqual([
      expect.objectContaining({ author: ada.who.screenName, fullName: 'Ada Active', count: 4 }),
      expect.objectContaining({ author: bo.who.screenName, fullName: 'Bo Busy', count: 2 }),
    ]);
    expect(after.waiting).toBe(1);

    // Deleting takes its counts away, tags and comments with it.
    expect((await bo.del('BlogPost', { id: p3 })).status).toBe(200);
    const deleted = await dashboard();
    expect(deleted.days.at(-1)).toMatchObject({ posts: base.posts + 2, comments: base.comments + 1 });
    expect(deleted.topTags.find((t) => t.value === 'cycling')).toBeUndefined();
    expect(deleted.topTags.find((t) => t.value === 'baking')).toEqual({ value: 'baking', count: 2 });

    // Earlier days are their own; more than 30 days back is out of the window.
    const at = (daysAgo: number) => Date.now() - daysAgo * 86_400_000;
    const adaId = await network.server.accountIdOf(ada);
    for (const daysAgo of [1, 1, 29, 30]) {
      await network.server.db
        .insertInto('blog_posts')
        .values({ network_id: network.server.networkId, author_id: adaId, title: 'Old', description: '', publish_status: 'publish', publish_time: at(daysAgo), visibility: 'all', approved: 1, featured_at: null, created_at: at(daysAgo), updated_at: at(daysAgo) })
        .execute();
    }
    const history = await dashboard();
    expect(history.days.at(-2)!.posts).toBe(before.days.at(-2)!.posts + 2);
    expect(history.days[0]!.posts).toBe(before.days[0]!.posts + 1);
    // Four before, less her comment on the deleted post, and three old posts inside the window.
    expect(history.activeMembers[0]).toMatchObject({ author: ada.who.screenName, count: 6 });
  });
});

describe('who may read it', () => {
  let roles: Record<MadeRole, Client>;
  beforeAll(async () => {
    roles = await makeRoles(network.server);
  });
  it.each(MADE_ROLES)('GET Dashboard as the %s: administrators only', async (role) => {
    expectOutcome(await roles[role].get('Dashboard'), ADMINS[role]);
    expectOutcome(await roles[role].get('Dashboard', { fields: 'x', days: 'all' }), ADMINS[role]);
  });
});
