// Story: members, a visitor and the Network Creator read the tag cloud while posts are
// written, scheduled, restricted, held for approval, changed and deleted. Each sees the tags
// of exactly the items they can see — their own drafts, their friends' friends-only posts —
// and every write shows in the very next read, as does a scheduled post once it is due.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';

let server: TestServer;
let ada: Client;
let fred: Client;
let sam: Client;
let owner: Client;
let visitor: Client;

beforeAll(async () => {
  server = await startTestServer();
  [ada, fred, sam, owner] = [await server.signUp('Ada Author'), await server.signUp('Fred Friend'), await server.signUp('Sam Stranger'), await server.owner()];
  visitor = server.anonymous();
  await fred.post('Friend', {}, { friend: ada.who.screenName! });
  await ada.post('Friend', {}, { friend: fred.who.screenName! });
});
afterAll(() => server.stop());

/** The caller's counts of the story's tags (every tag of this file starts with `kale`). */
async function cloud(client: Client, query: Record<string, string> = {}) {
  const res = await client.get('Tag/popular', { count: 100, ...query });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.entry as { value: string; count: number }[]).filter((t) => t.value.startsWith('kale')).map((t) => [t.value, t.count]),
  );
}

describe('the tag cloud', () => {
  it('counts for each caller the items they can see, and follows every write at once', async () => {
    await sam.post('BlogPost', { title: 'Public', tag: ['kale', 'kale-soup'] });
    await sam.post('BlogPost', { title: 'Members', tag: 'kale', visibility: 'members' });
    for (const c of [ada, fred, sam, owner]) expect(await cloud(c)).toEqual({ kale: 2, 'kale-soup': 1 });
    expect(await cloud(visitor)).toEqual({ kale: 1, 'kale-soup': 1 });

    // Ada's draft, her post for friends, and her post for herself.
    const draft = (await ada.post('BlogPost', { title: 'Draft', tag: 'kale-draft', publishStatus: 'draft' })).body.id;
    await ada.post('BlogPost', { title: 'Friends', tag: ['kale', 'kale-friends'], visibility: 'friends' });
    await ada.post('BlogPost', { title: 'Me', tag: 'kale-me', visibility: 'me' });
    expect(await cloud(ada)).toEqual({ kale: 3, 'kale-soup': 1, 'kale-draft': 1, 'kale-friends': 1, 'kale-me': 1 });
    expect(await cloud(fred)).toEqual({ kale: 3, 'kale-soup': 1, 'kale-friends': 1 });
    expect(await cloud(sam)).toEqual({ kale: 2, 'kale-soup': 1 });
    // The Network Creator moderates: every published post, whatever its visibility.
    expect(await cloud(owner)).toEqual({ kale: 3, 'kale-soup': 1, 'kale-friends': 1, 'kale-me': 1 });
    expect(await cloud(visitor)).toEqual({ kale: 1, 'kale-soup': 1 });

    // Publishing the draft, retagging it, deleting it.
    await ada.put('BlogPost', { id: draft, publishStatus: 'publish' });
    expect(await cloud(sam)).toEqual({ kale: 2, 'kale-soup': 1, 'kale-draft': 1 });
    await ada.put('BlogPost', { id: draft, tag: ['kale-soup', 'kale-greens'] });
    expect(await cloud(visitor)).toEqual({ kale: 1, 'kale-soup': 2, 'kale-greens': 1 });
    expect(await cloud(fred, { type: 'BlogPost' })).toEqual({ kale: 3, 'kale-soup': 2, 'kale-greens': 1, 'kale-friends': 1 });
    await ada.del('BlogPost', { id: draft });
    expect(await cloud(visitor)).toEqual({ kale: 1, 'kale-soup': 1 });
    expect(await cloud(fred, { type: 'BlogPost' })).toEqual({ kale: 3, 'kale-soup': 1, 'kale-friends': 1 });

    // Unfriending takes the friends-only post out of Fred's cloud.
    await ada.del('Friend', { friend: fred.who.screenName! });
    expect(await cloud(fred)).toEqual({ kale: 2, 'kale-soup': 1 });
    expect(await cloud(ada)).toEqual({ kale: 3, 'kale-soup': 1, 'kale-friends': 1, 'kale-me': 1 });
  });

  it('counts a post held for approval for its author and the moderators only, until it is approved', async () => {
    await owner.put('Network', { blogPostModeration: true });
    try {
      const held = (await sam.post('BlogPost', { title: 'Held', tag: 'kale-held' })).body.id;
      expect(await cloud(sam)).toMatchObject({ 'kale-held': 1 });
      expect(await cloud(owner)).toMatchObject({ 'kale-held': 1 });
      expect(await cloud(ada)).not.toHaveProperty('kale-held');
      expect(await cloud(visitor)).not.toHaveProperty('kale-held');
      await owner.put('BlogPost', { id: held, approved: true });
      expect(await cloud(ada)).toMatchObject({ 'kale-held': 1 });
      expect(await cloud(visitor)).toMatchObject({ 'kale-held': 1 });
    } finally {
      await owner.put('Network', { blogPostModeration: false });
    }
  });

  it('counts a scheduled post for its author at once, and for everybody once it is due', async () => {
    const due = new Date(Date.now() + 1500).toISOString();
    await ada.post('BlogPost', { title: 'Later', tag: 'kale-later', publishTime: due });
    await sam.post('BlogPost', { title: 'Soon', tag: 'kale-soon', publishTime: due });
    expect(await cloud(ada)).toMatchObject({ 'kale-later': 1 });
    expect(await cloud(sam)).not.toHaveProperty('kale-later');
    // Ada sees a post of her own no one else does: her cloud is her audience's, kept between
    // writes, and her own counted to it; Sam's post joins it when it is due, with no write.
    expect(await cloud(ada)).not.toHaveProperty('kale-soon');
    await vi.waitFor(async () => expect(await cloud(sam)).toMatchObject({ 'kale-later': 1 }), { timeout: 10_000, interval: 250 });
    expect(await cloud(ada)).toMatchObject({ 'kale-later': 1, 'kale-soon': 1 });
  });

  it('gives an item’s tags the same counts as the cloud', async () => {
    const id = (await fred.post('BlogPost', { title: 'Greens', tag: ['kale', 'kale-soup'] })).body.id;
    const tags = await sam.get('Tag/list', { attachedTo: id, count: 10, fields: 'value,count' });
    const counts = await cloud(sam);
    expect(tags.body.entry).toEqual([
      { value: 'kale', count: counts.kale },
      { value: 'kale-soup', count: counts['kale-soup'] },
    ]);
  });
});
