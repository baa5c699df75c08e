// Story: a member uploads an icon; it is cropped to a square WebP, their iconUrl points to it
// everywhere, and a new upload replaces it. Anything but an image, or too large, is refused
// and changes nothing.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';
import { cameraJpeg, png, svg, textFile, webp } from '../photos/test-images';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const iconRows = async () => Number((await server.db.selectFrom('account_icons').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('a member icon', () => {
  it('is cropped to a 256-pixel square WebP without metadata, and iconUrl points to it', async () => {
    const ada = await server.signUp('Ada Icon');
    const res = await ada.upload('User/icon', {}, { file: await cameraJpeg(800, 400) });
    expect(res.status).toBe(200);
    const iconUrl = res.body.entry.iconUrl as string;
    expect(iconUrl).toMatch(new RegExp(`^${server.url}/xn/icons/\\d+/\\d+\\.webp$`));

    const image = await fetch(iconUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({ format: 'webp', width: 256, height: 256, exif: undefined });

    expect((await ada.get('User', { fields: 'iconUrl' })).body.entry.iconUrl).toBe(iconUrl);
    expect((await ada.get('Session')).body.entry.iconUrl).toBe(iconUrl);
    expect((await server.anonymous().get('User', { author: ada.who.screenName!, fields: 'iconUrl' })).body.entry.iconUrl).toBe(iconUrl);
    // Stored as its path on the service, so a change of the public address moves it along.
    const stored = await server.db.selectFrom('accounts').select('icon_url').where('id', '=', await server.accountIdOf(ada)).executeTakeFirstOrThrow();
    expect(iconUrl).toBe(`${server.url}${stored.icon_url}`);
  });

  it('is replaced by a new upload: the old URL is gone', async () => {
    const bo = await server.signUp('Bo Replace');
    const first = (await bo.upload('User/icon', {}, { file: await png(300, 300) })).body.entry.iconUrl as string;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await bo.upload('User/icon', {}, { file: await webp(120, 90) })).body.entry.iconUrl as string;
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
    expect((await bo.get('User', { fields: 'iconUrl' })).body.entry.iconUrl).toBe(second);
    const rows = await server.db.selectFrom('account_icons').select('account_id').where('account_id', '=', await server.accountIdOf(bo)).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses what is not an image, or is too large, changing nothing', async () => {
    const cy = await server.signUp('Cy Refused');
    const before = await iconRows();
    expectError(await cy.upload('User/icon', {}, { file: textFile() }), 415, 5, 3);
    expectError(await cy.upload('User/icon', {}, { file: svg() }), 415, 5, 3);
    expectError(await cy.upload('User/icon', {}, { file: { name: 'big.png', type: 'image/png', bytes: Buffer.alloc(5 * 1024 * 1024 + 1) } }), 413, 5, 2);
    expectError(await cy.upload('User/icon', { title: 'no file' }, {}), 400, 4, 2);
    expect(await iconRows()).toBe(before);
    expect((await cy.get('User', { fields: 'iconUrl' })).body.entry.iconUrl).toMatch(/default-user-icon\.svg$/);
  });

  it('is for members only, and unknown icon URLs are 404', async () => {
    expectError(await server.anonymous().upload('User/icon', {}, { file: await png() }), 401, 1, 1);
    expect((await fetch(`${server.url}/xn/icons/1/2.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/xn/icons/nothing`)).status).toBe(404);
  });
});
