// Story: with moderation on for members, posts, comments, photos and videos, everything a
// newcomer submits waits in one queue; administrators approve some and reject the rest with
// each type's own PUT and DELETE, until the queue is empty.
import { describe, expect, it } from 'vitest';
import { useTestServer, type Client } from '../../test/harness';
import { expectError, ISO_DATE, listedIds } from '../../test/expect-api';
import { png } from '../photos/test-images';

const network = useTestServer();

const queued = async (admin: Client) => {
  const res = await admin.get('ModerationQueue/list', { count: 100 });
  return res.body.entry as { id: string; type: string; title: string | null; description: string | null; author: string }[];
};

describe('the moderation queue', () => {
  it('holds everything awaiting approval and empties as administrators approve and reject', async () => {
    const author = await network.server.signUp('Ada Author');
    const admin = await network.server.signUp('Al Admin');
    const commenter = await network.server.signUp('Cy Commenter');
    await network.owner.put('User', { isAdmin: true }, { id: (await admin.get('User')).body.entry.id });
    const topic = (await author.post('Topic', { title: 'A topic' })).body.id as string;
    const approvedPost = (await author.post('BlogPost', { title: 'Already out' })).body.id as string;
    await network.owner.put('Network', { userModeration: true, blogPostModeration: true, commentModeration: true, photoModeration: true, videoModeration: true });

    const newcomer = await network.server.signUp('Nell Newcomer');
    const post = (await author.post('BlogPost', { title: 'Needs a look', description: 'Body' })).body.id as string;
    await author.post('BlogPost', { title: 'Still a draft', publishStatus: 'draft' });
    const comment = (await commenter.post('Comment', { attachedTo: approvedPost, description: 'A comment' })).body.id as string;
    const photo = (await author.upload('Photo', { title: 'A photo' }, { file: await png() })).body.id as string;
    const video = (await author.post('Video', { url: 'https://youtu.be/dQw4w9WgXcQ', title: 'A video' })).body.id as string;
    // Topics have no moderation flag; an administrator can still hold one back.
    await admin.put('Topic', { approved: false }, { id: topic });
    await network.owner.put('Network', { userModeration: false, blogPostModeration: false, commentModeration: false, photoModeration: false, videoModeration: false });

    const newcomerId = (await newcomer.get('User')).body.entry.id as string;
    const all = await admin.get('ModerationQueue/list', { count: 100 });
    // Newest first; with order=oldest the longest waiting first: the topic was written before
    // the others, and held back later.
    expect(listedIds(all)).toHaveLength(6);
    expect(new Set(listedIds(all))).toEqual(new Set([topic, newcomerId, post, comment, photo, video]));
    const dates = all.body.entry.map((e: { createdDate: string }) => e.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const oldest = await admin.get('ModerationQueue/list', { count: 100, order: 'oldest' });
    expect(listedIds(oldest)).toEqual([...listedIds(all)].reverse());
    expect(listedIds(oldest)[0]).toBe(topic);
    const at = (id: string) => listedIds(all).indexOf(id);
    expect(all.body.entry[at(post)]).toEqual({
      id: post,
      type: 'BlogPost',
      author: author.who.screenName,
      createdDate: expect.stringMatching(ISO_DATE),
      title: 'Needs a look',
      description: 'Body',
      attachedTo: null,
      attachedToType: null,
      preview: 'Body',
      imageUrl: null,
    });
    expect(all.body.entry[at(photo)].imageUrl).toMatch(new RegExp(`/xn/images/${network.server.networkId}/\\d+/thumbnail\\.png$`));
    expect(all.body.entry[at(video)].imageUrl).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(all.body.entry[at(comment)]).toMatchObject({ type: 'Comment', author: commenter.who.screenName, title: null, description: 'A comment', preview: 'A comment', attachedTo: approvedPost, attachedToType: 'BlogPost' });
    expect(all.body.entry[at(newcomerId)]).toMatchObject({ type: 'User', author: newcomer.who.screenName, title: null });
    expect(all.body.resources[author.who.screenName!]).toMatchObject({ fullName: 'Ada Author' });
    expect((await admin.get('ModerationQueue/count')).body).toEqual({ success: true, count: 6 });
    expect((await admin.get('ModerationQueue/count', { type: ['Photo', 'Video', 'Photo'] })).body.count).toBe(2);
    expect(listedIds(await admin.get('ModerationQueue/list', { type: 'Comment', count: 10 }))).toEqual([comment]);

    // Paging through the queue two at a time, forwards and back, sees the same order.
    const pages: string[] = [];
    let anchor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const res = await admin.get('ModerationQueue/list', { count: 2, anchor });
      pages.push(...listedIds(res));
      anchor = res.body.anchor;
    }
    expect(pages).toEqual(listedIds(all));
    expect(listedIds(await admin.get('ModerationQueue/list', { count: -2, anchor }))).toEqual(pages.slice(4));

    // Approve half, reject the rest, each through its own resource.
    expect((await admin.put('User', { approved: true }, { id: newcomerId })).status).toBe(200);
    expect((await admin.put('BlogPost', { approved: true }, { id: post })).status).toBe(200);
    expect((await admin.put('Comment', { approved: true }, { id: comment })).status).toBe(200);
    expect((await admin.del('Photo', { id: photo })).status).toBe(200);
    expect((await admin.del('Video', { id: video })).status).toBe(200);
    expect((await admin.put('Topic', { approved: true }, { id: topic })).status).toBe(200);

    expect(await queued(admin)).toEqual([]);
    expect((await admin.get('ModerationQueue/count')).body.count).toBe(0);
    // What was approved is out for everyone; what was rejected is gone.
    const reader = network.server.anonymous();
    expect((await reader.get('BlogPost', { id: post, fields: 'approved' })).body.entry.approved).toBe(true);
    expect(listedIds(await reader.get('Comment/recent', { attachedTo: approvedPost, count: 10 }))).toEqual([comment]);
    expectError(await network.owner.get('Photo', { id: photo }), 404, 3, 1);
    expect((await newcomer.post('BlogPost', { title: 'Member at last' })).status).toBe(200);
  });

  it('a rejected pending member leaves the queue', async () => {
    const admin = await network.server.owner();
    await admin.put('Network', { userModeration: true });
    const first = await network.server.signUp('Rae Rejected');
    await admin.put('Network', { userModeration: false });
    const id = (await first.get('User')).body.entry.id as string;
    expect((await queued(admin)).map((e) => e.id)).toEqual([id]);
    expect((await admin.del('User', { id })).body).toEqual({ success: true });
    expect(await queued(admin)).toEqual([]);
  });
});
