// Story: two members go through every step of a friendship, each step checked from both
// sides and from a third member's point of view: ask, accept, unfriend; decline; cancel;
// block and unblock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, ISO_DATE, listedIds } from '../../test/expect-api';

let server: TestServer;
let ada: Client;
let bob: Client;
let carl: Client;

beforeAll(async () => {
  server = await startTestServer();
  [ada, bob, carl] = [await server.signUp('Ada Lovelace'), await server.signUp('Bob Babbage'), await server.signUp('Carl Gauss')];
});
afterAll(() => server.stop());

const name = (c: Client) => c.who.screenName!;

/** How `viewer` sees the relationships in `author`'s list (the viewer's own without `author`): screen name → state. */
async function relationships(viewer: Client, author?: Client): Promise<Record<string, string>> {
  const res = await viewer.get('Friend/recent', { author: author && name(author), fields: 'friend,state', count: 100 });
  listedIds(res);
  return Object.fromEntries(res.body.entry.map((e: { friend: string; state: string }) => [e.friend, e.state]));
}

const addFriendEvents = async (by: Client) =>
  (await carl.get('Activity/count', { author: name(by), type: 'AddFriend' })).body.count as number;

describe('a friend request', () => {
  it('is asked, seen as pending and as a request, accepted, and ends when either side unfriends', async () => {
    const asked = await ada.post('Friend', {}, { friend: name(bob) });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: true });

    expect(await relationships(ada)).toEqual({ [name(bob)]: 'pending' });
    expect(await relationships(bob)).toEqual({ [name(ada)]: 'friend_request' });
    // Nobody else learns of a request.
    expect(await relationships(carl, ada)).toEqual({});
    expect(await relationships(carl, bob)).toEqual({});

    const pending = await ada.get('Friend/recent', { count: 10 });
    expect(pending.body.entry).toEqual([
      { author: name(ada), friend: name(bob), state: 'pending', createdDate: expect.stringMatching(ISO_DATE), updatedDate: expect.stringMatching(ISO_DATE) },
    ]);
    expect(pending.body.resources[name(bob)]).toEqual({
      fullName: 'Bob Babbage',
      iconUrl: expect.stringMatching(/^http/),
      url: expect.stringContaining(`/members/${name(bob)}`),
    });

    // Accepting is asking back.
    expect((await bob.post('Friend', { friend: name(ada) })).body).toEqual({ success: true });
    expect(await relationships(ada)).toEqual({ [name(bob)]: 'friend' });
    expect(await relationships(bob)).toEqual({ [name(ada)]: 'friend' });
    expect(await relationships(carl, ada)).toEqual({ [name(bob)]: 'friend' });
    expect(await relationships(carl, bob)).toEqual({ [name(ada)]: 'friend' });
    expect(await addFriendEvents(bob)).toBe(1);

    const accepted = (await bob.get('Friend/recent', { fields: 'createdDate,updatedDate', count: 1 })).body.entry[0];
    expect(Date.parse(accepted.updatedDate)).toBeGreaterThanOrEqual(Date.parse(accepted.createdDate));

    expect((await bob.del('Friend', { friend: name(ada), state: 'friend' })).body).toEqual({ success: true });
    expect(await relationships(ada)).toEqual({});
    expect(await relationships(bob)).toEqual({});
    // The feed no longer says they are friends.
    expect(await addFriendEvents(bob)).toBe(0);
  });

  it('can be declined, after which it can be asked again', async () => {
    await ada.post('Friend', {}, { friend: name(carl) });
    expect((await carl.del('Friend', { friend: name(ada), state: 'friend_request' })).body).toEqual({ success: true });
    expect(await relationships(ada)).toEqual({});
    expect(await relationships(carl)).toEqual({});

    expect((await ada.post('Friend', {}, { friend: name(carl) })).status).toBe(200);
    expect(await relationships(carl)).toEqual({ [name(ada)]: 'friend_request' });
    await carl.del('Friend', { friend: name(ada) });
  });

  it('asked by both members at once makes them friends, whichever request comes first', async () => {
    const [x, y] = [await server.signUp('Xena Eager'), await server.signUp('Yuri Eager')];
    const replies = await Promise.all([x.post('Friend', {}, { friend: name(y) }), y.post('Friend', {}, { friend: name(x) })]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(await relationships(x)).toEqual({ [name(y)]: 'friend' });
    expect(await relationships(y)).toEqual({ [name(x)]: 'friend' });
  });

  it('can be cancelled by the member who asked', async () => {
    await bob.post('Friend', {}, { friend: name(carl) });
    expect((await bob.del('Friend', { friend: name(carl), state: 'pending' })).body).toEqual({ success: true });
    expect(await relationships(bob)).toEqual({});
    expect(await relationships(carl)).toEqual({});
  });
});

describe('blocking', () => {
  it('ends the friendship, shows only on the blocker side, refuses new requests, and is undone by unblocking', async () => {
    await ada.post('Friend', {}, { friend: name(bob) });
    await bob.post('Friend', {}, { friend: name(ada) });

    expect((await ada.post('Friend', {}, { friend: name(bob), state: 'blocked' })).body).toEqual({ success: true });
    expect(await relationships(ada)).toEqual({ [name(bob)]: 'blocked' });
    expect(await relationships(bob)).toEqual({});
    expect(await relationships(carl, ada)).toEqual({});
    expect(await addFriendEvents(bob)).toBe(0);

    expectError(await bob.post('Friend', {}, { friend: name(ada) }), 403, 2, 3);
    expect(await relationships(ada)).toEqual({ [name(bob)]: 'blocked' });

    expect((await ada.del('Friend', { friend: name(bob), state: 'blocked' })).body).toEqual({ success: true });
    expect(await relationships(ada)).toEqual({});
    expect((await bob.post('Friend', {}, { friend: name(ada) })).status).toBe(200);
    expect(await relationships(ada)).toEqual({ [name(bob)]: 'friend_request' });
    await bob.del('Friend', { friend: name(ada) });
  });

  it('by both members is undone one side at a time', async () => {
    await ada.post('Friend', {}, { friend: name(carl), state: 'blocked' });
    await carl.post('Friend', {}, { friend: name(ada), state: 'blocked' });
    expect(await relationships(ada)).toEqual({ [name(carl)]: 'blocked' });
    expect(await relationships(carl)).toEqual({ [name(ada)]: 'blocked' });

    await ada.del('Friend', { friend: name(carl) });
    expect(await relationships(ada)).toEqual({});
    expect(await relationships(carl)).toEqual({ [name(ada)]: 'blocked' });
    expectError(await ada.post('Friend', {}, { friend: name(carl) }), 403, 2, 3);
    await carl.del('Friend', { friend: name(ada), state: 'blocked' });
  });
});

describe('friend lists', () => {
  it('come newest first from Friend/recent and by full name from Friend/alpha, paged by anchors', async () => {
    const host = await server.signUp('Hilda Host');
    const guests = [await server.signUp('Zoe Zed'), await server.signUp('amy apple'), await server.signUp('Mia Middle')];
    for (const guest of guests) {
      await host.post('Friend', {}, { friend: name(guest) });
      await guest.post('Friend', {}, { friend: name(host) });
    }
    const [zoe, amy, mia] = guests.map(name);

    const recent = await host.get('Friend/recent', { count: 10, fields: 'friend,updatedDate' });
    const dates = recent.body.entry.map((e: { updatedDate: string }) => e.updatedDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(recent.body.entry.map((e: { friend: string }) => e.friend).sort()).toEqual([zoe, amy, mia].sort());

    const first = await carl.get('Friend/alpha', { author: name(host), count: 2, fields: 'friend,friend.fullName' });
    expect(first.body.entry.map((e: { friend: string }) => e.friend)).toEqual([amy, mia]);
    expect(first.body).toMatchObject({ firstPage: true, lastPage: false });
    expect(first.body.resources[amy]).toEqual({ fullName: 'amy apple' });
    const rest = await carl.get('Friend/alpha', { author: name(host), count: 2, anchor: first.body.anchor, fields: 'friend' });
    expect(rest.body.entry).toEqual([{ friend: zoe }]);
    expect(rest.body).toMatchObject({ firstPage: false, lastPage: true });
    const back = await carl.get('Friend/alpha', { author: name(host), count: -2, anchor: rest.body.anchor, fields: 'friend' });
    expect(back.body.entry).toEqual([{ friend: mia }, { friend: zoe }]);
    const past = await carl.get('Friend/alpha', { author: name(host), count: 2, anchor: rest.body.anchor, fields: 'friend' });
    expect(past.body).toMatchObject({ entry: [], anchor: expect.stringMatching(/\S/), lastPage: true });
  });

  it("shows a member's new name on every friend list that holds them, at the very next read", async () => {
    const [ida, jon] = [await server.signUp('Ida Initial'), await server.signUp('Jon Initial')];
    await server.befriend(ida, jon);
    const names = async (viewer: Client, author?: Client) => {
      const res = await viewer.get('Friend/recent', { author: author && name(author), fields: 'author.fullName,friend.fullName', count: 10 });
      return Object.fromEntries(Object.entries(res.body.resources as Record<string, { fullName: string }>).map(([who, r]) => [who, r.fullName]));
    };
    // Read once from the database, then from the names kept.
    for (let i = 0; i < 2; i++) expect(await names(jon)).toEqual({ [name(jon)]: 'Jon Initial', [name(ida)]: 'Ida Initial' });
    expect(await names(carl, jon)).toEqual({ [name(jon)]: 'Jon Initial', [name(ida)]: 'Ida Initial' });
    expect((await ida.put('User', { fullName: 'Ida Renamed' })).status).toBe(200);
    expect((await jon.put('User', { fullName: 'Jon Renamed' })).status).toBe(200);
    const renamed = { [name(jon)]: 'Jon Renamed', [name(ida)]: 'Ida Renamed' };
    expect(await names(jon)).toEqual(renamed);
    expect(await names(carl, jon)).toEqual(renamed);
    expect(await names(ida)).toEqual(renamed);
  });

  it('read through OAuth with fields=friend,state, the way client libraries ask', async () => {
    await ada.post('Friend', {}, { friend: name(carl) });
    const program = await server.oauthFor(carl.who);
    const res = await program.get('Friend/recent', { fields: 'friend,state', count: 5 });
    expect(res.status).toBe(200);
    expect(res.body.entry).toContainEqual({ friend: name(ada), state: 'friend_request' });
    expect((await program.post('Friend', { friend: name(ada) })).body).toEqual({ success: true });
    expect((await program.get('Friend/recent', { fields: 'friend,state' })).body.entry).toEqual([{ friend: name(ada), state: 'friend' }]);
  });

  it('can be narrowed to one state of the caller’s own relationships', async () => {
    const dora = await server.signUp('Dora Dual');
    await dora.post('Friend', {}, { friend: name(ada) });
    await carl.post('Friend', {}, { friend: name(dora) });
    const requests = await dora.get('Friend/recent', { state: 'friend_request', fields: 'friend,state', count: 10 });
    expect(requests.body.entry).toEqual([{ friend: name(carl), state: 'friend_request' }]);
    // Others see only accepted friends, whatever they ask for.
    expect((await ada.get('Friend/recent', { author: name(dora), state: 'pending', count: 10 })).body.entry).toEqual([]);
  });

  it('can be narrowed to the relationship with one member, which is how a profile page learns it', async () => {
    const erin = await server.signUp('Erin Either');
    const fred = await server.signUp('Fred Fellow');
    const stand = async (viewer: Client, other: Client, author?: Client) =>
      (await viewer.get('Friend/alpha', { friend: name(other), author: author && name(author), fields: 'friend,state', count: 1 })).body.entry;

    expect(await stand(erin, fred)).toEqual([]);
    await erin.post('Friend', {}, { friend: name(fred) });
    expect(await stand(erin, fred)).toEqual([{ friend: name(fred), state: 'pending' }]);
    expect(await stand(fred, erin)).toEqual([{ friend: name(erin), state: 'friend_request' }]);
    // A third member learns nothing of a request, from either list.
    expect(await stand(carl, fred, erin)).toEqual([]);
    await fred.post('Friend', {}, { friend: name(erin) });
    expect(await stand(carl, fred, erin)).toEqual([{ friend: name(fred), state: 'friend' }]);
    await erin.post('Friend', {}, { friend: name(fred), state: 'blocked' });
    expect(await stand(erin, fred)).toEqual([{ friend: name(fred), state: 'blocked' }]);
    // The blocked member is not told.
    expect(await stand(fred, erin)).toEqual([]);
    expect(await stand(erin, carl)).toEqual([]);
    expect((await erin.get('Friend/recent', { friend: 'nobody-at-all', count: 5 })).body.entry).toEqual([]);
  });
});
