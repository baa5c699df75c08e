// Story: members add videos by their YouTube, Vimeo and Dailymotion addresses and embed
// codes; a script passed off as an embed is refused; a video is listed, counted, commented
// on, edited, featured, moderated and deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, ISO_DATE, listedIds } from '../../test/expect-api';

let server: TestServer;
let author: Client;
let viewer: Client;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  author = await server.signUp('Vera Video');
  viewer = await server.signUp('Walt Watcher');
  admin = await server.signUp('Ann Admin');
  await server.setMembership(admin, { role: 'admin' });
});
afterAll(() => server.stop());

const count = async (client: Client) => (await client.get('Video/count', { author: author.who.screenName! })).body.count as number;

describe('videos from known hosts', () => {
  it('keeps only the host and id of a YouTube address, and serves its own player', async () => {
    const added = await author.post('Video', {
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      title: 'A classic',
      description: '<p>Watch <b>this</b><script>alert(1)</script></p>',
      tag: ['music', '80s'],
    });
    expect(added.body).toEqual({ success: true, id: expect.stringMatching(new RegExp(`^${server.networkId}:Video:\\d+$`)) });
    const id = added.body.id as string;

    const got = await viewer.get('Video', { id });
    const frame = 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg';
    expect(got.body.entry).toEqual({
      id,
      author: author.who.screenName,
      createdDate: expect.stringMatching(ISO_DATE),
      updatedDate: expect.stringMatching(ISO_DATE),
      featuredDate: null,
      title: 'A classic',
      description: '<p>Watch <b>this</b></p>',
      url: expect.stringContaining(`/videos/${encodeURIComponent(id)}`),
      sourceUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      visibility: 'all',
      approved: true,
      commentCount: 0,
      tags: ['music', '80s'],
      conversionStatus: 'complete',
      duration: null,
      embedCode: expect.stringMatching(/^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" [^<]*><\/iframe>$/),
      previewFrame: frame,
      videoAttachmentUrl: null,
      videoSizeInBytes: null,
    });
    expect(got.body.resources[frame]).toEqual({ url: frame, width: 480, height: 360 });
    expect(got.body.resources[author.who.screenName!]).toMatchObject({ fullName: 'Vera Video' });
    const tags = await viewer.get('Tag/list', { attachedTo: id, count: 10 });
    expect(tags.body.entry.map((t: { value: string }) => t.value)).toEqual(['music', '80s']);

    const event = await viewer.get('Activity/recent', { author: author.who.screenName!, type: 'CreateVideo' });
    expect(event.body.entry[0]).toMatchObject({ type: 'CreateVideo', contentId: id });
  });

  it('reads every YouTube, Vimeo and Dailymotion form to the same video', async () => {
    const sources: [Record<string, string>, string][] = [
      [{ url: 'https://youtu.be/dQw4w9WgXcQ' }, 'youtube-nocookie.com/embed/dQw4w9WgXcQ"'],
      [{ url: 'https://www.youtube.com/shorts/dQw4w9WgXcQ' }, 'youtube-nocookie.com/embed/dQw4w9WgXcQ"'],
      [{ embedCode: '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>' }, 'youtube-nocookie.com/embed/dQw4w9WgXcQ"'],
      [{ url: 'https://vimeo.com/76979871' }, 'player.vimeo.com/video/76979871?dnt=1"'],
      [
        {
          embedCode:
            '<div style="padding:56.25% 0 0 0;position:relative;"><iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e" ' +
            'frameborder="0" allow="autoplay; fullscreen"></iframe></div><script src="https://player.vimeo.com/api/player.js"></script>',
        },
        'player.vimeo.com/video/76979871?dnt=1"',
      ],
      [{ url: 'https://www.dailymotion.com/video/x7tgad0' }, 'dailymotion.com/embed/video/x7tgad0"'],
    ];
    for (const [source, player] of sources) {
      const added = await author.post('Video', { ...source, title: 'Same one' });
      expect({ source, status: added.status }).toEqual({ source, status: 200 });
      const got = await viewer.get('Video', { id: added.body.id, fields: 'embedCode,previewFrame,previewFrame.url' });
      expect(got.body.entry.embedCode).toContain(player);
      if (player.includes('vimeo')) {
        expect(got.body.entry.previewFrame).toBeNull();
        expect(got.body.resources).toEqual({});
      }
    }
  });

  it('refuses scripts, unknown hosts and disagreeing sources, storing nothing', async () => {
    const before = await count(viewer);
    const refused: Record<string, string>[] = [
      { embedCode: '<script src="https://evil.example/player.js"></script>' },
      { embedCode: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><script>alert(document.cookie)</script>' },
      { url: '<script>alert(1)</script>' },
      { url: 'https://example.com/videos/42' },
      { url: 'javascript:alert(1)' },
      { embedCode: '<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>' },
      { url: 'https://youtu.be/dQw4w9WgXcQ', embedCode: '<iframe src="https://player.vimeo.com/video/76979871"></iframe>' },
    ];
    for (const form of refused) {
      const res = await author.post('Video', { ...form, title: 'Nope' });
      expectError(res, 400, 4, 3);
    }
    expectError(await author.post('Video', { title: 'No source' }), 400, 4, 2);
    expect(await count(viewer)).toBe(before);
  });

  it('is listed, counted, commented on, edited, featured and deleted', async () => {
    const id = (await author.post('Video', { url: 'https://vimeo.com/1084537', title: 'Big Buck Bunny', tag: 'animation' })).body.id as string;
    expect(listedIds(await viewer.get('Video/recent', { tag: 'animation', count: 10 }))).toEqual([id]);
    expect(listedIds(await viewer.get('Video/recent', { author: author.who.screenName!, count: 1 }))).toEqual([id]);
    const since = new Date(Date.now() - 3 * 86_400_000).toISOString();
    expect((await viewer.get('Video/count', { tag: 'animation', createdAfter: since })).body).toEqual({ success: true, count: 1 });

    expect((await viewer.post('Comment', { attachedTo: id, description: 'Lovely' })).status).toBe(200);
    expect((await viewer.get('Video', { id, fields: 'commentCount' })).body.entry).toEqual({ id, commentCount: 1 });
    const commented = await author.get('Activity/recent', { type: 'CreateVideoComment' });
    expect(commented.body.entry[0]).toMatchObject({ type: 'CreateVideoComment', attachedTo: id });

    const edit = { id, title: 'Bunny', description: 'Short film', visibility: 'members', tag: ['film', 'blender'] };
    expect((await author.put('Video', edit)).body).toEqual({ success: true });
    expect((await viewer.get('Video', { id, fields: 'title,description,visibility,tags' })).body.entry).toEqual({
      id,
      title: 'Bunny',
      description: 'Short film',
      visibility: 'members',
      tags: ['film', 'blender'],
    });

    expect((await admin.post('Video/feature', { id })).body).toEqual({ success: true });
    const featured = await viewer.get('Video/featured', { count: 5, fields: 'featuredDate' });
    expect(listedIds(featured)).toEqual([id]);
    expect(featured.body.entry[0].featuredDate).toMatch(ISO_DATE);

    expect((await author.del('Video', { id })).body).toEqual({ success: true });
    expect((await viewer.get('Video', { id })).status).toBe(404);
    expect((await viewer.get('Comment/recent', { attachedTo: id })).status).toBe(404);
    expect(listedIds(await viewer.get('Video/featured', { count: 5 }))).toEqual([]);
  });

  it('waits for approval when the network moderates videos', async () => {
    await server.updateNetwork({ video_moderation: 1 });
    try {
      const id = (await author.post('Video', { url: 'https://youtu.be/9bZkp7q19f0', title: 'Waiting' })).body.id as string;
      expect((await author.get('Video', { id, fields: 'approved' })).body.entry).toEqual({ id, approved: false });
      expect((await viewer.get('Video', { id })).status).toBe(404);
      expect(listedIds(await admin.get('Video/recent', { approved: false, count: 10 }))).toContain(id);
      expectError(await author.put('Video', { id, approved: 'true' }), 403, 2, 1);

      expect((await admin.put('Video', { id, approved: 'true' })).body).toEqual({ success: true });
      expect((await viewer.get('Video', { id, fields: 'approved' })).body.entry).toEqual({ id, approved: true });
      const byAdmin = (await admin.post('Video', { url: 'https://youtu.be/9bZkp7q19f0' })).body.id as string;
      expect((await viewer.get('Video', { id: byAdmin, fields: 'approved,title' })).body.entry).toEqual({ id: byAdmin, approved: true, title: '' });
    } finally {
      await server.updateNetwork({ video_moderation: 0 });
    }
  });
});
