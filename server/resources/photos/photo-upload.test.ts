// Story: a member uploads a photo straight from their phone; what the network stores and
// serves has no GPS position or other metadata, is upright, and comes in three sizes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { animatedGif, cameraJpeg, png, uploadPhoto, webp } from './test-images';

let server: TestServer;
let member: Client;
beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Paula Photographer');
});
afterAll(() => server.stop());

const path = (url: string) => new URL(url).pathname;

describe('a photo uploaded from a phone', () => {
  it('is stored without its EXIF and GPS metadata, at the right size, and served with long cache headers', async () => {
    const original = await cameraJpeg(3000, 2000);
    expect((await sharp(original.bytes).metadata()).exif?.toString('latin1')).toContain('TestCam');

    const created = await member.upload('Photo', { title: 'Harbour', description: 'At dawn', tag: ['sea', 'boats'] }, { file: original });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, id: expect.stringMatching(new RegExp(`^${server.networkId}:Photo:\\d+$`)) });
    const id = created.body.id as string;
    const n = id.split(':')[2];

    const got = await member.get('Photo', { id });
    expect(got.status).toBe(200);
    const key = `/xn/images/${server.networkId}/${n}/large.jpg`;
    expect(got.body.entry).toEqual({
      id,
      author: member.who.screenName,
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updatedDate: expect.stringMatching(/Z$/),
      featuredDate: null,
      title: 'Harbour',
      description: 'At dawn',
      visibility: 'all',
      approved: true,
      commentCount: 0,
      url: expect.stringContaining(`/photos/${encodeURIComponent(id)}`),
      topTags: ['sea', 'boats'],
      image: key,
    });
    expect(got.body.resources[key]).toEqual({ url: `${server.url}${key}`, width: 2048, height: 1365 });
    expect(got.body.resources[member.who.screenName!]).toMatchObject({ fullName: 'Paula Photographer' });

    const served = await member.bytes(key);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(served.bytes).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 2048, height: 1365 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(served.bytes.toString('latin1')).not.toContain('TestCam');

    const sizes = await member.get('Photo', { id, fields: 'image.mediumUrl,image.thumbnailUrl' });
    const { mediumUrl, thumbnailUrl } = sizes.body.resources[key];
    for (const [url, width, height] of [[mediumUrl, 1024, 683], [thumbnailUrl, 320, 213]] as const) {
      const smaller = await member.bytes(path(url));
      expect(smaller.status).toBe(200);
      const metadata = await sharp(smaller.bytes).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width, height });
      expect(metadata.exif).toBeUndefined();
    }
  });

  it('is turned upright by its EXIF orientation', async () => {
    const id = await uploadPhoto(member, {}, await cameraJpeg(600, 400, 6));
    const got = await member.get('Photo', { id, fields: 'image,image.width,image.height' });
    expect(got.body.resources[got.body.entry.image]).toEqual({ width: 400, height: 600 });
    const served = await sharp((await member.bytes(got.body.entry.image)).bytes).metadata();
    expect(served).toMatchObject({ width: 400, height: 600 });
    expect(served.orientation).toBeUndefined();
  });

  it('accepts PNG, WebP and GIF and keeps each in its format, transparency and animation included', async () => {
    const cases = [
      { file: await png(40, 30), ext: 'png', type: 'image/png' },
      { file: await webp(40, 30), ext: 'webp', type: 'image/webp' },
      { file: await animatedGif(40, 30), ext: 'gif', type: 'image/gif' },
    ];
    for (const { file, ext, type } of cases) {
      const id = await uploadPhoto(member, { title: file.name }, file);
      const got = await member.get('Photo', { id, fields: 'image,image.width,image.height' });
      expect(got.body.entry.image).toMatch(new RegExp(`/large\\.${ext}$`));
      expect(got.body.resources[got.body.entry.image]).toEqual({ width: 40, height: 30 });
      const served = await member.bytes(got.body.entry.image);
      expect(served.headers.get('content-type')).toBe(type);
      const metadata = await sharp(served.bytes, { animated: true }).metadata();
      expect(metadata).toMatchObject({ format: ext === 'jpg' ? 'jpeg' : ext, width: 40 });
      if (ext === 'png') expect(metadata.hasAlpha).toBe(true);
      if (ext === 'gif') expect(metadata).toMatchObject({ pages: 2, pageHeight: 30 });
    }
  });

  it('records a CreatePhoto event', async () => {
    const id = await uploadPhoto(member, { title: 'Event' });
    const events = await server.db
      .selectFrom('activities')
      .select(['type', 'title'])
      .where('content_type', '=', 'Photo')
      .where('content_id', '=', Number(id.split(':')[2]))
      .execute();
    expect(events).toEqual([{ type: 'CreatePhoto', title: 'Event' }]);
  });
});
