// Requests that arrive together: whatever order the database runs them in, the outcome is one
// some order of whole requests would give. Updates of one post never mix; two members asking
// each other at once end as friends; counts stay exact; an item deleted while comments, tags
// or updates arrive leaves nothing of theirs behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test/harness';

let server: TestServer;
let author: Client;
let admin: Client;
let others: Client[];

beforeAll(async () => {
  server = await startTestServer();
  [author, admin, ...others] = await Promise.all(['Ann Author', 'Adam Admin', 'Cy One', 'Cy Two', 'Cy Three'].map((n) => server.signUp(n)));
  await server.setMembership(admin, { role: 'admin' });
});
afterAll(() => server.stop());

const ok = <R extends { status: number; body: any }>(res: R): R => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
};

/** Rows of a table that still point at item `id` of `type`, straight from the database. */
async function leftovers(type: string, id: number) {
  const db = server.db;
  const [comments, tags, events] = await Promise.all([
    db.selectFrom('comments').select('id').where('attached_to_type', '=', type).where('attached_to_id', '=', id).execute(),
    db.selectFrom('item_tags').select('value').where('item_type', '=', type).where('item_id', '=', id).execute(),
    db
      .selectFrom('activities')
      .select('type')
      .where((eb) => eb.or([eb.and([eb('content_type', '=', type), eb('content_id', '=', id)]), eb.and([eb('attached_to_type', '=', type), eb('attached_to_id', '=', id)])]))
      .execute(),
  ]);
  return { comments: comments.length, tags: tags.length, events: events.length };
}

const rowId = (id: string) => Number(id.split(':')[2]);

describe('concurrent updates of one post', () => {
  it('leave the post exactly as one of them wrote it: title, description, tags and visibility together', async () => {
    const id = ok(await author.post('BlogPost', { title: 'Start', tag: ['start'] })).body.id;
    const visibilities = ['all', 'members', 'friends', 'me'];
    for (let round = 0; round < 4; round++) {
      const writes = Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? admin : author).put(
          'BlogPost',
          { title: `Title ${round}-${i}`, description: `<p>Body ${round}-${i}</p>`, tag: [`a${round}x${i}`, `b${round}x${i}`], visibility: visibilities[i % 4] },
          { id },
        ),
      );
      for (const res of await Promise.all(writes)) ok(res);
      const post = (await author.get('BlogPost', { id, fields: 'title,description,topTags,visibility' })).body.entry;
      const i = Number(/^Title \d+-(\d+)$/.exec(post.title)![1]);
      expect(post).toEqual({
        id,
        title: `Title ${round}-${i}`,
        description: `<p>Body ${round}-${i}</p>`,
        topTags: [`a${round}x${i}`, `b${round}x${i}`],
        visibility: visibilities[i % 4],
      });
    }
  });
});

describe('concurrent friend requests', () => {
  it('from both sides at once end in one friendship, with one AddFriend event', async () => {
    const pairs = await Promise.all(Array.from({ length: 6 }, (_, i) => Promise.all([server.signUp(`Pal ${i}a`), server.signUp(`Pal ${i}b`)])));
    await Promise.all(
      pairs.map(async ([a, b]) => {
        const results = await Promise.all([a.post('Friend', { friend: b.who.screenName! }), b.post('Friend', { friend: a.who.screenName! })]);
        for (const res of results) ok(res);
      }),
    );
    for (const [a, b] of pairs) {
      for (const [me, them] of [[a, b], [b, a]] as const) {
        const list = (await me.get('Friend/recent', { count: 10, fields: 'friend,state' })).body.entry;
        expect(list).toEqual([{ friend: them.who.screenName, state: 'friend' }]);
      }
      const events = await server.anonymous().get('Activity/recent', { type: 'AddFriend', author: a.who.screenName!, count: 10 });
      const eventsB = await server.anonymous().get('Activity/recent', { type: 'AddFriend', author: b.who.screenName!, count: 10 });
      expect(events.body.entry.length + eventsB.body.entry.length).toBe(1);
    }
  });

  it('asked twice at once are asked once: the second hears the request is pending', async () => {
    const [a, b] = await Promise.all([server.signUp('Twice A'), server.signUp('Twice B')]);
    const results = await Promise.all(Array.from({ length: 5 }, () => a.post('Friend', { friend: b.who.screenName! })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await b.get('Friend/recent', { count: 10, fields: 'friend,state' })).body.entry).toEqual([{ friend: a.who.screenName, state: 'friend_request' }]);
  });
});

describe('a friend request answered and withdrawn at once', () => {
  it('leaves both members agreeing: friends, still asked, or nothing, never one side alone', async () => {
    const mirror: Record<string, string> = { none: 'none', friend: 'friend', pending: 'friend_request', friend_request: 'pending' };
    const stateOf = async (me: Client, them: Client) => {
      const list = (await me.get('Friend/recent', { count: 10, fields: 'friend,state' })).body.entry as { friend: string; state: string }[];
      return list.find((f) => f.friend === them.who.screenName)?.state ?? 'none';
    };
    const pairs = await Promise.all(Array.from({ length: 8 }, (_, i) => Promise.all([server.signUp(`Asker ${i}`), server.signUp(`Asked ${i}`)])));
    await Promise.all(pairs.map(([a, b]) => a.post('Friend', { friend: b.who.screenName! }).then(ok)));
    const ends = await Promise.all(
      pairs.map(async ([a, b], i) => {
        const replies = await Promise.all([
          b.post('Friend', { friend: a.who.screenName! }),
          i % 2 ? a.del('Friend', { friend: b.who.screenName! }) : b.del('Friend', { friend: a.who.screenName!, state: 'friend_request' }),
        ]);
        for (const res of replies) expect([200, 404, 409], JSON.stringify(res.body)).toContain(res.status);
        const [mine, theirs] = [await stateOf(a, b), await stateOf(b, a)];
        expect(mirror[mine], `${mine} / ${theirs}`).toBe(theirs);
        return mine;
      }),
    );
    expect(ends.every((state) => ['none', 'friend', 'pending', 'friend_request'].includes(state))).toBe(true);
  });
});

describe('counts under concurrent writes', () => {
  it('commentCount, the thread and the feed agree while comments are added and removed at once', async () => {
    const id = ok(await author.post('BlogPost', { title: 'Busy thread' })).body.id;
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => others[i % 3]!.post('Comment', { attachedTo: id, description: `First ${i}` })));
    const doomed = first.slice(0, 10).map((r) => ok(r).body.id as string);
    const results = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => others[i % 3]!.post('Comment', { attachedTo: id, description: `Second ${i}` })),
      ...doomed.map((c) => author.del('Comment', { id: c })),
    ]);
    for (const res of results) ok(res);
    const expected = 20 + 30 - 10;
    expect((await server.anonymous().get('BlogPost', { id, fields: 'commentCount' })).body.entry.commentCount).toBe(expected);
    const thread = await server.anonymous().get('Comment/recent', { attachedTo: id, count: 100, fields: 'id' });
    expect(thread.body.entry).toHaveLength(expected);
    const stored = await server.db.selectFrom('activities').select('id').where('attached_to_type', '=', 'BlogPost').where('attached_to_id', '=', rowId(id)).execute();
    expect(stored).toHaveLength(expected);
  });

  it('members joining at once are each counted once, each with one JoinNetwork event', async () => {
    const before = (await server.anonymous().get('User/count')).body.count as number;
    const joined = await Promise.all(Array.from({ length: 15 }, (_, i) => server.signUp(`Joiner ${i}`)));
    expect((await server.anonymous().get('User/count')).body.count).toBe(before + 15);
    for (const member of joined) {
      const events = await server.anonymous().get('Activity/recent', { type: 'JoinNetwork', author: member.who.screenName!, count: 5 });
      expect(events.body.entry).toHaveLength(1);
    }
  });

  it('a tag given to many posts at once counts every one of them', async () => {
    const tag = `rush${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => [author, ...others][i % 4]!.post('BlogPost', { title: `Rush ${i}`, tag: [tag, 'rush'] })));
    for (const res of results) ok(res);
    const popular = await server.anonymous().get('Tag/popular', { count: 100 });
    expect(popular.body.entry.find((t: { value: string }) => t.value === tag)?.count).toBe(16);
    expect((await server.anonymous().get('BlogPost/count', { tag, createdAfter: new Date(Date.now() - 3_600_000).toISOString() })).body.count).toBe(16);
  });

  it('the dashboard’s daily counters and tag counts stay exact while posts and comments are added and removed at once', async () => {
    const tag = `tally${Date.now()}`;
    const today = async () => (ok(await admin.get('Dashboard')).body.entry.days as { posts: number; comments: number }[]).at(-1)!;
    const tagCount = async () =>
      (ok(await server.anonymous().get('Tag/popular', { count: 100 })).body.entry as { value: string; count: number }[]).find((t) => t.value === tag)?.count;
    const thread = ok(await author.post('BlogPost', { title: 'Tally thread' })).body.id;
    const doomed = await Promise.all(Array.from({ length: 6 }, (_, i) => author.post('BlogPost', { title: `Doomed ${i}`, tag: [tag] })));
    const base = await today();
    // Read once before, so a count kept from then must follow the writes.
    expect(await tagCount()).toBe(6);
    const results = await Promise.all([
      ...Array.from({ length: 16 }, (_, i) => [author, ...others][i % 4]!.post('BlogPost', { title: `Tally ${i}`, tag: [tag] })),
      ...Array.from({ length: 16 }, (_, i) => others[i % 3]!.post('Comment', { attachedTo: thread, description: `Tally ${i}` })),
      ...doomed.map((res) => author.del('BlogPost', { id: ok(res).body.id })),
    ]);
    for (const res of results) ok(res);
    expect(await today()).toMatchObject({ posts: base.posts + 16 - 6, comments: base.comments + 16 });
    expect(await tagCount()).toBe(16);
  });
});

describe('an item deleted while other writes arrive', () => {
  it('leaves no comment, tag or event of the comments that raced it', async () => {
    for (let round = 0; round < 3; round++) {
      const id = ok(await author.post('BlogPost', { title: `Doomed ${round}`, tag: ['doomed'] })).body.id as string;
      const comments = Array.from({ length: 24 }, (_, i) => others[i % 3]!.post('Comment', { attachedTo: id, description: `Late ${i}` }));
      const deletion = author.del('BlogPost', { id });
      const results = await Promise.all([...comments, deletion]);
      ok(results.at(-1)!);
      for (const res of results.slice(0, -1)) expect([200, 404], JSON.stringify(res.body)).toContain(res.status);
      expect(await leftovers('BlogPost', rowId(id))).toEqual({ comments: 0, tags: 0, events: 0 });
    }
  });

  it('leaves no tags of the updates that raced it', async () => {
    for (let round = 0; round < 3; round++) {
      const id = ok(await author.post('BlogPost', { title: `Retagged ${round}` })).body.id as string;
      const updates = Array.from({ length: 12 }, (_, i) => (i % 2 ? admin : author).put('BlogPost', { tag: [`late${i}`] }, { id }));
      const results = await Promise.all([...updates, author.del('BlogPost', { id })]);
      ok(results.at(-1)!);
      for (const res of results.slice(0, -1)) expect([200, 404], JSON.stringify(res.body)).toContain(res.status);
      expect(await leftovers('BlogPost', rowId(id))).toEqual({ comments: 0, tags: 0, events: 0 });
    }
  });

  it('is deleted once when deleted several times at once', async () => {
    const id = ok(await author.post('BlogPost', { title: 'Deleted thrice', tag: ['x'] })).body.id as string;
    const results = await Promise.all([author.del('BlogPost', { id }), admin.del('BlogPost', { id }), author.del('BlogPost', { id })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404]);
    expect(await leftovers('BlogPost', rowId(id))).toEqual({ comments: 0, tags: 0, events: 0 });
  });
});
