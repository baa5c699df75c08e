// A member whose own items show in a listing, a thread or a feed gets a reply of their own,
// read from the database: which items the page holds every time, their rows from those kept
// lately (lib/kept-rows.ts). What any write changes in a row shows on that member's very next
// read, and a row kept from one reader's read never shows an item to a reader who may not see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type Reply, type TestServer } from '../test/harness';
import { listedIds } from '../test/expect-api';

let server: TestServer;
let owner: Client;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.owner();
});
afterAll(() => server.stop());

const FIELDS = 'id,title,author,topTags,commentCount,author.fullName';

interface Listed {
  entry: { id: string; title: string; topTags: string[]; commentCount: number; author: string }[];
  resources: Record<string, { fullName: string }>;
}

/** The listing as `reader` reads it, twice: the second read takes the rows the first kept. */
async function listed(reader: Client, path = 'BlogPost/recent', query: Record<string, string | number> = {}): Promise<Listed> {
  const first = await reader.get(path, { count: 20, fields: FIELDS, ...query });
  const second = await reader.get(path, { count: 20, fields: FIELDS, ...query });
  expect(second.status).toBe(200);
  expect(second.body).toEqual(first.body);
  return second.body as Listed;
}

/** The ids of a multi-get's entries, in order. */
function idsOf(res: Reply): string[] {
  expect(res.status).toBe(200);
  return (res.body.entry as { id: string }[]).map((e) => e.id);
}

const entryOf = (reply: Listed, id: string) => reply.entry.find((e) => e.id === id);

describe('rows kept for replies read from the database', () => {
  it('shows every write to a listed item on the very next read of a member whose draft keeps them from shared replies', async () => {
    const writer = await server.signUp('Kept Writer');
    const commenter = await server.signUp('Kept Commenter');
    const reader = await server.signUp('Kept Reader');
    const post = (await writer.post('BlogPost', { title: 'Kept post', description: 'Body', tag: ['first'] })).body.id as string;
    const draft = (await reader.post('BlogPost', { title: 'Reader draft', publishStatus: 'draft' })).body.id as string;

    let reply = await listed(reader);
    expect(entryOf(reply, draft)).toBeDefined();
    expect(entryOf(reply, post)).toMatchObject({ title: 'Kept post', topTags: ['first'], commentCount: 0 });

    // A comment counts on the next read.
    await commenter.post('Comment', { attachedTo: post, description: 'Hello' });
    expect(entryOf(await listed(reader), post)!.commentCount).toBe(1);

    // So do a new title and new tags.
    await writer.put('BlogPost', { id: post, title: 'Kept post, renamed', tag: ['second', 'third'] });
    expect(entryOf(await listed(reader), post)).toMatchObject({ title: 'Kept post, renamed', topTags: ['second', 'third'] });

    // The author's new name shows in the resources.
    await writer.put('User', { fullName: 'Kept Writer Renamed' });
    reply = await listed(reader);
    expect(reply.resources[entryOf(reply, post)!.author]!.fullName).toBe('Kept Writer Renamed');

    // A listing by tag and by author reads the same rows.
    expect(listedIds(await reader.get('BlogPost/recent', { tag: 'second', count: 20, fields: 'id' }))).toEqual([post]);
    expect(entryOf(await listed(reader, 'BlogPost/recent', { tag: 'third' }), post)!.title).toBe('Kept post, renamed');

    // An item the author keeps to themselves leaves the listing at once; a deleted one too.
    await writer.put('BlogPost', { id: post, visibility: 'me' });
    expect(entryOf(await listed(reader), post)).toBeUndefined();
    await writer.put('BlogPost', { id: post, visibility: 'all' });
    expect(entryOf(await listed(reader), post)).toBeDefined();
    await writer.del('BlogPost', { id: post });
    expect(entryOf(await listed(reader), post)).toBeUndefined();
  });

  it('shows every change of comments and events on the next read of their listings by a member with a friends-only post', async () => {
    const reader = await server.signUp('Kept Thread Reader');
    const friend = await server.signUp('Kept Thread Friend');
    await server.befriend(reader, friend);
    const post = (await reader.post('BlogPost', { title: 'For friends', visibility: 'friends' })).body.id as string;
    const thread = async () => {
      const first = await reader.get('Comment/recent', { attachedTo: post, count: 20, fields: 'id,description,author,author.fullName' });
      const second = await reader.get('Comment/recent', { attachedTo: post, count: 20, fields: 'id,description,author,author.fullName' });
      expect(second.body).toEqual(first.body);
      return second.body as { entry: { id: string; description: string; author: string }[]; resources: Record<string, { fullName: string }> };
    };
    const comment = (await friend.post('Comment', { attachedTo: post, description: 'First words' })).body.id as string;
    expect((await thread()).entry.map((e) => e.description)).toEqual(['First words']);
    await friend.put('Comment', { id: comment, description: 'Second words' });
    expect((await thread()).entry.map((e) => e.description)).toEqual(['Second words']);
    await friend.put('User', { fullName: 'Kept Thread Friend Renamed' });
    const renamed = await thread();
    expect(renamed.resources[renamed.entry[0]!.author]!.fullName).toBe('Kept Thread Friend Renamed');
    await friend.del('Comment', { id: comment });
    expect((await thread()).entry).toEqual([]);

    // The reader's friends-only post shows in their activity feed: read from the database, with its events kept.
    const feed = async () => {
      const first = await reader.get('Activity/recent', { count: 20, fields: 'id,title,author,author.fullName' });
      const second = await reader.get('Activity/recent', { count: 20, fields: 'id,title,author,author.fullName' });
      expect(second.body).toEqual(first.body);
      return second.body as { entry: { title: string | null; author: string }[]; resources: Record<string, { fullName: string }> };
    };
    expect((await feed()).entry.map((e) => e.title)).toContain('For friends');
    await friend.post('BlogPost', { title: 'Newest event' });
    expect((await feed()).entry[0]!.title).toBe('Newest event');
    await friend.put('User', { fullName: 'Kept Thread Friend Again' });
    const events = await feed();
    expect(events.resources[events.entry[0]!.author]!.fullName).toBe('Kept Thread Friend Again');
  });

  it('never shows an item kept from its author’s read to a reader who may not see it', async () => {
    const author = await server.signUp('Kept Private Author');
    const other = await server.signUp('Kept Other Reader');
    const hidden = (await author.post('BlogPost', { title: 'Only me', visibility: 'me' })).body.id as string;
    const draft = (await author.post('BlogPost', { title: 'Author draft', publishStatus: 'draft' })).body.id as string;
    const open = (await author.post('BlogPost', { title: 'Open' })).body.id as string;
    await other.post('BlogPost', { title: 'Other draft', publishStatus: 'draft' });

    // The author reads all three: their rows are kept.
    expect(idsOf(await author.get('BlogPost', { id: [hidden, draft, open], fields: 'id,title' }))).toEqual([hidden, draft, open]);
    expect(listedIds(await author.get('BlogPost/recent', { count: 20, fields: 'id,title' }))).toEqual(expect.arrayContaining([hidden, draft, open]));

    // Another member, whose own draft has them read from the database too, sees the open one alone.
    for (let i = 0; i < 2; i++) {
      expect(idsOf(await other.get('BlogPost', { id: [hidden, draft, open], fields: 'id,title' }))).toEqual([open]);
      const listing = listedIds(await other.get('BlogPost/recent', { count: 20, fields: 'id,title' }));
      expect(listing).toContain(open);
      expect(listing).not.toContain(hidden);
      expect(listing).not.toContain(draft);
    }
    expect((await other.get('BlogPost', { id: hidden, fields: 'id,title' })).status).toBe(404);
    expect((await owner.get('BlogPost', { id: draft, fields: 'id' })).status).toBe(404);
  });
});
