// Story: a member fills in their profile, reads it back as themselves, and others see it
// without the private fields; a new status message shows in the activity feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { ISO_DATE } from '../../test/expect-api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('a member profile', () => {
  it('is edited by its member and read by everyone, private fields by the member and administrators only', async () => {
    const ada = await server.signUp('Ada Lovelace');
    const reader = await server.signUp('Rita Reader');
    const owner = await server.owner();

    const me = await ada.get('User');
    expect(me.status).toBe(200);
    const id = me.body.entry.id as string;
    expect(id).toMatch(new RegExp(`^${server.networkId}:User:\\d+$`));
    expect(me.body.entry).toMatchObject({
      author: ada.who.screenName,
      fullName: 'Ada Lovelace',
      email: ada.who.email,
      statusMessage: null,
      location: null,
      birthdate: null,
      gender: null,
      isOwner: false,
      isAdmin: false,
      isMember: true,
      isBlocked: false,
      approved: true,
      state: 'active',
      visibility: 'all',
      commentCount: 0,
      featuredDate: null,
      profileQuestions: null,
    });
    expect(me.body.entry.createdDate).toMatch(ISO_DATE);
    expect(me.body.entry.iconUrl).toMatch(/default-user-icon\.svg$/);
    expect(me.body.resources[ada.who.screenName!]).toEqual({
      fullName: 'Ada Lovelace',
      iconUrl: expect.stringMatching(/^http/),
      url: expect.stringContaining(`/members/${ada.who.screenName}`),
    });

    const changed = await ada.put('User', {
      fullName: '  Ada King  ',
      statusMessage: 'Writing the first program',
      location: 'London',
      birthdate: '1815-12-10',
      gender: 'female',
      iconUrl: 'https://images.example/ada.png',
      profileQuestions: JSON.stringify({ 'What do you make?': 'Notes on the Analytical Engine' }),
    });
    expect(changed.body).toEqual({ success: true });

    const mine = await ada.get('User', { fields: 'fullName,statusMessage,location,birthdate,gender,iconUrl,email,profileQuestions,updatedDate' });
    expect(mine.body.entry).toEqual({
      id,
      fullName: 'Ada King',
      statusMessage: 'Writing the first program',
      location: 'London',
      birthdate: '1815-12-10T00:00:00.000Z',
      gender: 'female',
      iconUrl: 'https://images.example/ada.png',
      email: ada.who.email,
      profileQuestions: { 'What do you make?': 'Notes on the Analytical Engine' },
      updatedDate: expect.stringMatching(ISO_DATE),
    });

    // Another member sees the profile, but email and answers only as null keys.
    const seen = await reader.get('User', { id, fields: 'fullName,statusMessage,email,profileQuestions' });
    expect(seen.body.entry).toEqual({
      id,
      fullName: 'Ada King',
      statusMessage: 'Writing the first program',
      email: null,
      profileQuestions: null,
    });
    const byAuthor = await server.anonymous().get('User', { author: ada.who.screenName, fields: 'author,email' });
    expect(byAuthor.body.entry).toEqual({ id, author: ada.who.screenName, email: null });
    // Administrators see them.
    const asOwner = await owner.get('User', { id, fields: 'email,profileQuestions' });
    expect(asOwner.body.entry).toEqual({ id, email: ada.who.email, profileQuestions: { 'What do you make?': 'Notes on the Analytical Engine' } });

    // Clearing: empty values store nothing, the default icon comes back.
    await ada.put('User', { location: '', iconUrl: '', gender: '', birthdate: '', profileQuestions: '' });
    const cleared = await ada.get('User', { fields: 'location,iconUrl,gender,birthdate,profileQuestions,statusMessage' });
    expect(cleared.body.entry).toEqual({
      id,
      location: null,
      iconUrl: expect.stringMatching(/default-user-icon\.svg$/),
      gender: null,
      birthdate: null,
      profileQuestions: null,
      statusMessage: 'Writing the first program',
    });

    // Another member cannot change the profile.
    const hijack = await reader.put('User', { id, fullName: 'Hijacked' });
    expect(hijack.status).toBe(403);
    expect((await reader.get('User', { id, fields: 'fullName' })).body.entry.fullName).toBe('Ada King');
  });

  it('writes one StatusUpdate event per new status message, in the feed', async () => {
    const bo = await server.signUp('Bo Status');
    await bo.put('User', { statusMessage: 'Out on a ride' });
    await bo.put('User', { statusMessage: 'Out on a ride', location: 'Oslo' });
    await bo.put('User', { statusMessage: '' });
    const feed = await server.anonymous().get('Activity/recent', { author: bo.who.screenName, count: 10, fields: 'type,description' });
    expect(feed.status).toBe(200);
    expect(feed.body.entry.map((e: { type: string; description: string | null }) => [e.type, e.description])).toEqual([
      ['StatusUpdate', 'Out on a ride'],
      ['JoinNetwork', null],
    ]);
  });

  it('lists members by join date, by name and by featuring, and counts them', async () => {
    const zed = await server.signUp('zed Zebra');
    const abe = await server.signUp('Abe Aardvark');
    const recent = await server.anonymous().get('User/recent', { count: 2, fields: 'author' });
    expect(recent.body.entry.map((e: { author: string }) => e.author)).toEqual([abe.who.screenName, zed.who.screenName]);

    const alpha = await server.anonymous().get('User/alpha', { count: 100, fields: 'fullName' });
    const names = alpha.body.entry.map((e: { fullName: string }) => e.fullName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names[0]).toBe('Abe Aardvark');
    expect(names.at(-1)).toBe('zed Zebra');
    // The order follows a change of name (the membership's copy of the sort name is kept by triggers).
    expect((await zed.put('User', { fullName: 'Aaron Zebra' })).status).toBe(200);
    const renamed = await server.anonymous().get('User/alpha', { count: 1, fields: 'fullName' });
    expect(renamed.body.entry.map((e: { fullName: string }) => e.fullName)).toEqual(['Aaron Zebra']);

    const owner = await server.owner();
    const zedId = (await zed.get('User')).body.entry.id;
    const abeId = (await abe.get('User')).body.entry.id;
    await owner.post('User/feature', {}, { id: zedId });
    await owner.post('User/feature', {}, { id: abeId });
    const featured = await server.anonymous().get('User/featured', { count: 10, fields: 'featuredDate' });
    expect(featured.body.entry.map((e: { id: string }) => e.id)).toEqual([abeId, zedId]);
    expect(featured.body.entry[0].featuredDate).toMatch(ISO_DATE);

    const all = await server.anonymous().get('User/count');
    const since = await server.anonymous().get('User/count', { createdAfter: new Date(Date.now() - 60_000).toISOString() });
    expect(all.body).toEqual({ success: true, count: expect.any(Number) });
    expect(all.body.count).toBeGreaterThanOrEqual(since.body.count);
    expect(since.body.count).toBeGreaterThanOrEqual(2);

    // Multi-get by repeated id and author, in the order asked, each member once.
    const several = await server.anonymous().get('User', { id: [zedId, abeId], author: [zed.who.screenName!], fields: 'author' });
    expect(several.body.entry).toEqual([
      { id: zedId, author: zed.who.screenName },
      { id: abeId, author: abe.who.screenName },
    ]);
  });
});
