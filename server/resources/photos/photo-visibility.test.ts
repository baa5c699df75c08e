// Story: a member shares photos with everyone, with members, with friends and with nobody;
// each caller finds exactly what the visibility scope allows, in gets, listings, counts,
// featured listings, comments and the image files themselves. With photo moderation on, a
// member's new photo waits for an administrator's approval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { visibilityCast, type VisibilityCast } from '../../test/roles';
import { uploadPhoto } from './test-images';

let server: TestServer;
let cast: VisibilityCast;
const photos: Record<'all' | 'members' | 'friends' | 'me', string> = { all: '', members: '', friends: '', me: '' };

beforeAll(async () => {
  server = await startTestServer();
  cast = await visibilityCast(server);
  const { author, owner } = cast;
  for (const visibility of ['all', 'members', 'friends', 'me'] as const) {
    photos[visibility] = await uploadPhoto(author, { title: visibility, visibility, tag: 'shared' });
    await owner.post('Photo/feature', {}, { id: photos[visibility] });
  }
});
afterAll(() => server.stop());

const dayAgo = () => new Date(Date.now() - 86_400_000).toISOString();
const titles = (reply: { body: { entry: { title: string }[] } }) => reply.body.entry.map((e) => e.title).sort();

describe('what each caller sees of photos shared with different audiences', () => {
  const cases = () =>
    [
      ['anonymous', cast.anonymous, ['all']],
      ['a stranger', cast.stranger, ['all', 'members']],
      ['a friend', cast.friend, ['all', 'friends', 'members']],
      ['the author', cast.author, ['all', 'friends', 'me', 'members']],
      ['an administrator', cast.admin, ['all', 'friends', 'me', 'members']],
    ] as const;

  it('is the same in gets, recent, tag filters, counts and featured listings', async () => {
    for (const [who, client, visible] of cases()) {
      const context = `as ${who}`;
      for (const [visibility, id] of Object.entries(photos)) {
        expect((await client.get('Photo', { id })).status, `${context}: ${visibility}`).toBe(visible.includes(visibility as never) ? 200 : 404);
      }
      const several = await client.get('Photo', { id: Object.values(photos), fields: 'title' });
      expect(titles(several), context).toEqual(visible);
      expect(titles(await client.get('Photo/recent', { count: 10, fields: 'title' })), context).toEqual(visible);
      expect(titles(await client.get('Photo/recent', { count: 10, tag: 'shared', fields: 'title' })), context).toEqual(visible);
      expect(titles(await client.get('Photo/featured', { count: 10, fields: 'title' })), context).toEqual(visible);
      expect((await client.get('Photo/count', { createdAfter: dayAgo() })).body.count, context).toBe(visible.length);
    }
  });

  it('is the same for the image files, which only everyone-visible photos let shared caches keep', async () => {
    const { author, anonymous } = cast;
    const images: Record<string, string> = {};
    for (const [visibility, id] of Object.entries(photos)) images[visibility] = (await author.get('Photo', { id, fields: 'image' })).body.entry.image;
    for (const [who, client, visible] of cases()) {
      for (const [visibility, image] of Object.entries(images)) {
        for (const size of ['large', 'medium', 'thumbnail']) {
          const served = await client.bytes(image.replace('/large.', `/${size}.`));
          expect(served.status, `as ${who}: ${visibility} ${size}`).toBe(visible.includes(visibility as never) ? 200 : 404);
        }
      }
    }
    expect((await anonymous.bytes(images.all!)).headers.get('cache-control')).toMatch(/^public,/);
    expect((await author.bytes(images.me!)).headers.get('cache-control')).toMatch(/^private,/);
  });

  it('hides the comments of a photo the caller cannot see, and refuses comments on it', async () => {
    const { friend, stranger } = cast;
    expect((await friend.post('Comment', { attachedTo: photos.friends, description: 'Nice!' })).status).toBe(200);
    expect((await friend.get('Comment/recent', { attachedTo: photos.friends, count: 10 })).body.entry).toHaveLength(1);
    expect((await stranger.get('Comment/recent', { attachedTo: photos.friends })).status).toBe(404);
    expect((await stranger.post('Comment', { attachedTo: photos.friends, description: 'Let me in' })).status).toBe(404);
    expect((await stranger.del('Photo', { id: photos.friends })).status).toBe(404);
  });

  it('lists for the Network Creator with private=true exactly the photos not visible to everyone', async () => {
    const { owner } = cast;
    const listed = await owner.get('Photo/recent', { private: 'true', count: 10, fields: 'title' });
    expect(titles(listed)).toEqual(['friends', 'me', 'members']);
    expect((await owner.get('Photo/count', { private: 'true', createdAfter: dayAgo() })).body.count).toBe(3);
  });
});

describe('photo moderation', () => {
  it('keeps a new photo by a member from others until an administrator approves it', async () => {
    const { author, stranger, admin } = cast;
    await server.updateNetwork({ photo_moderation: 1 });
    try {
      const id = await uploadPhoto(author, { title: 'Awaiting' });
      expect((await author.get('Photo', { id, fields: 'approved' })).body.entry.approved).toBe(false);
      expect((await stranger.get('Photo', { id })).status).toBe(404);
      expect((await admin.get('Photo/recent', { approved: 'false', count: 10, fields: 'title' })).body.entry).toEqual([{ id, title: 'Awaiting' }]);
      expect((await author.put('Photo', { id, approved: 'true' })).status).toBe(403);

      expect((await admin.put('Photo', { id, approved: 'true' })).body).toEqual({ success: true });
      expect((await stranger.get('Photo', { id, fields: 'approved' })).body.entry.approved).toBe(true);

      const byAdmin = await uploadPhoto(admin, { title: 'Straight in' });
      expect((await stranger.get('Photo', { id: byAdmin, fields: 'approved' })).body.entry.approved).toBe(true);
    } finally {
      await server.updateNetwork({ photo_moderation: 0 });
    }
  });
});
