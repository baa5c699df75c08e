// Story: nobody learns of content they cannot see through the feed. A friends-only post and
// the comments on it reach the author's friends, the author and administrators, and are
// absent from a stranger's feed, count and single get; drafts, members-only posts and
// comments awaiting approval follow the same rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { listedIds } from '../../test/expect-api';

let server: TestServer;
let ann: Client;
let fred: Client;
let sam: Client;
let owner: Client;

beforeAll(async () => {
  server = await startTestServer();
  [ann, fred, sam] = [await server.signUp('Ann Author'), await server.signUp('Fred Friend'), await server.signUp('Sam Stranger')];
  owner = await server.owner();
  await server.befriend(ann, fred);
});
afterAll(() => server.stop());

type Event = { id: string; type: string; title: string | null; contentId: string | null };

const feed = async (client: Client, query: Record<string, string> = {}) =>
  (await client.get('Activity/recent', { count: 100, fields: 'type,title,contentId', ...query })).body.entry as Event[];
const countOf = async (client: Client, query: Record<string, string> = {}) =>
  (await client.get('Activity/count', query)).body.count as number;
const titlesIn = (events: Event[]) => events.filter((e) => e.type === 'CreateBlogPost').map((e) => e.title);

describe('what the feed shows to whom', () => {
  it('keeps a friends-only post and its comments to friends, the author and administrators', async () => {
    const secret = (await ann.post('BlogPost', { title: 'For friends', visibility: 'friends' })).body.id as string;
    await fred.post('Comment', { attachedTo: secret, description: 'Only we can read this' });
    const byAnn = { author: ann.who.screenName! };

    for (const reader of [fred, ann, owner]) {
      const events = await feed(reader);
      expect(titlesIn(events)).toContain('For friends');
      expect(events.find((e) => e.type === 'CreateBlogPostComment')?.contentId).toMatch(/:Comment:/);
      expect(await countOf(reader, byAnn)).toBe(2);
    }

    const seenBySam = await feed(sam);
    expect(seenBySam.some((e) => e.contentId === secret || e.type === 'CreateBlogPostComment')).toBe(false);
    expect(await countOf(sam, byAnn)).toBe(1);
    expect(await countOf(sam, { type: 'CreateBlogPostComment' })).toBe(0);
    expect(await feed(server.anonymous(), { type: 'CreateBlogPost' })).toEqual([]);

    const [hidden] = await feed(fred, { type: 'CreateBlogPost' });
    expect((await sam.get('Activity', { id: hidden!.id })).status).toBe(404);
    expect((await sam.get('Activity', { id: [hidden!.id, `urn:uuid:${crypto.randomUUID()}`], fields: 'type' })).body.entry).toEqual([]);
    expect((await fred.get('Activity', { id: hidden!.id, fields: 'title' })).body.entry).toEqual({ id: hidden!.id, title: 'For friends' });
  });

  it('follows the post when its visibility changes', async () => {
    const post = (await ann.post('BlogPost', { title: 'Opened later', visibility: 'me' })).body.id as string;
    expect(titlesIn(await feed(fred))).not.toContain('Opened later');
    await ann.put('BlogPost', { id: post, visibility: 'all' });
    expect(titlesIn(await feed(sam))).toContain('Opened later');
    expect(titlesIn(await feed(server.anonymous()))).toContain('Opened later');
  });

  it('keeps drafts to their author and members-only posts to members', async () => {
    await ann.post('BlogPost', { title: 'Half written', publishStatus: 'draft' });
    await ann.post('BlogPost', { title: 'Members only', visibility: 'members' });
    expect(titlesIn(await feed(ann))).toEqual(expect.arrayContaining(['Half written', 'Members only']));
    for (const reader of [fred, owner]) expect(titlesIn(await feed(reader))).not.toContain('Half written');
    expect(titlesIn(await feed(sam))).toContain('Members only');
    expect(titlesIn(await feed(server.anonymous()))).not.toContain('Members only');
    expect(await countOf(server.anonymous(), { type: 'CreateBlogPost' })).toBe(titlesIn(await feed(server.anonymous())).length);
  });

  it('shows a comment awaiting approval only to its author, the item author and administrators', async () => {
    const post = (await ann.post('BlogPost', { title: 'Moderated talk' })).body.id as string;
    await server.updateNetwork({ comment_moderation: 1 });
    try {
      await sam.post('Comment', { attachedTo: post, description: 'Waiting for approval' });
    } finally {
      await server.updateNetwork({ comment_moderation: 0 });
    }
    const comments = async (client: Client) => listedIds(await client.get('Activity/recent', { type: 'CreateBlogPostComment', author: sam.who.screenName!, count: 10 }));
    for (const reader of [sam, ann, owner]) expect(await comments(reader)).toHaveLength(1);
    for (const reader of [fred, server.anonymous()]) expect(await comments(reader)).toHaveLength(0);
  });

  it('shows members joining to whoever may read the network', async () => {
    const joins = await feed(server.anonymous(), { type: 'JoinNetwork' });
    expect(joins.length).toBeGreaterThanOrEqual(3);
  });
});
