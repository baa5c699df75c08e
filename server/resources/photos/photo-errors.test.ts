// Every way a Photo request can go wrong, each answered by the error envelope with its code,
// and a refused upload storing nothing at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { cameraJpeg, png, storedRows, svg, textFile, truncatedJpeg, uploadPhoto } from './test-images';

let server: TestServer;
let member: Client;
let photo: string;
beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Eve Errors');
  photo = await uploadPhoto(member);
});
afterAll(() => server.stop());

const MB = 1024 * 1024;

const error = (status: number, code: number, subcode: number) => ({
  success: false,
  status,
  code,
  subcode,
  reason: expect.any(String),
  trace: expect.any(String),
});

describe('uploads that are refused, storing nothing', () => {
  const refusals = () =>
    [
      ['a text file', () => member.upload('Photo', { title: 't' }, { file: textFile() }), error(415, 5, 3)],
      ['a truncated JPEG', async () => member.upload('Photo', { title: 't' }, { file: await truncatedJpeg() }), error(415, 5, 3)],
      ['an SVG drawing', () => member.upload('Photo', { title: 't' }, { file: svg() }), error(415, 5, 3)],
      ['an empty file', () => member.upload('Photo', {}, { file: { name: 'empty.jpg', type: 'image/jpeg', bytes: new Uint8Array() } }), error(415, 5, 3)],
      [
        'a file over 10 MB',
        () => member.upload('Photo', { title: 't' }, { file: { name: 'huge.jpg', type: 'image/jpeg', bytes: new Uint8Array(10 * 1024 * 1024 + 1) } }),
        error(413, 5, 2),
      ],
      ['a form without the file part', () => member.upload('Photo', { title: 't' }, {}), error(400, 4, 2)],
      ['a url-encoded form', () => member.post('Photo', { title: 't', file: 'photo.jpg' }), error(415, 5, 3)],
      ['a file in another part', async () => member.upload('Photo', {}, { image: await png() }), error(400, 4, 3)],
      ['an approved flag from a non-administrator', async () => member.upload('Photo', { approved: 'true' }, { file: await png() }), error(403, 2, 1)],
      ['an unknown visibility', async () => member.upload('Photo', { visibility: 'public' }, { file: await png() }), error(400, 4, 3)],
      ['a title over 200 characters', async () => member.upload('Photo', { title: 'x'.repeat(201) }, { file: await png() }), error(400, 4, 3)],
      ['21 tags', async () => member.upload('Photo', { tag: Array.from({ length: 21 }, (_, i) => `t${i}`) }, { file: await png() }), error(400, 4, 3)],
      ['one text part over the form limit of 1 MB', async () => member.upload('Photo', { description: 'x'.repeat(MB + 1) }, { file: await png() }), error(413, 5, 2)],
      [
        'text parts over 1 MB together',
        async () => member.upload('Photo', { a: 'x'.repeat(MB / 2), b: 'x'.repeat(MB / 2), c: 'x' }, { file: await png() }),
        error(413, 5, 2),
      ],
      ['10,001 text parts', async () => member.upload('Photo', { p: Array.from({ length: 10_001 }, () => '') }, { file: await png() }), error(413, 5, 2)],
    ] as const;

  it.each(refusals().map(([name], i) => [name, i] as const))('refuses %s', async (_name, i) => {
    const [, send, expected] = refusals()[i]!;
    const before = await storedRows(server);
    const res = await send();
    expect(res.body).toEqual(expected);
    expect(res.status).toBe(expected.status);
    expect(await storedRows(server)).toEqual(before);
  });

  it('takes text parts up to 1 MB together, a file of exactly 10 MB is refused only for not being an image', async () => {
    // 1 MB of text parts exactly: the limit counts each part's name and value.
    const fields = { title: 'At the limit', a: 'x'.repeat(MB / 2 - 'title'.length - 'At the limit'.length - 'a'.length), b: 'x'.repeat(MB / 2 - 'b'.length) };
    const taken = await member.upload('Photo', fields, { file: await png() });
    expect(taken.status).toBe(200);
    expect((await member.del('Photo', { id: taken.body.id })).status).toBe(200);
    expect((await member.upload('Photo', { ...fields, b: `${fields.b}x` }, { file: await png() })).body).toEqual(error(413, 5, 2));
    const tenMb = await member.upload('Photo', { title: 't' }, { file: { name: 'ten.jpg', type: 'image/jpeg', bytes: new Uint8Array(10 * MB) } });
    expect(tenMb.body).toEqual(error(415, 5, 3));
  });

  it('refuses 200 MB of text parts while they stream, without holding them in memory', async () => {
    const boundary = 'xn-boundary-4f2a';
    const part = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="filler"\r\n\r\n${'y'.repeat(MB - 100)}\r\n`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 200) return controller.close();
        sent++;
        controller.enqueue(part);
      },
    });
    let peak = 0;
    const base = process.memoryUsage().heapUsed;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed - base)), 5);
    const res = await fetch(member.url('Photo'), {
      method: 'POST',
      headers: { ...member.credentialHeaders('POST'), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit).finally(() => clearInterval(sample));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(error(413, 5, 2));
    // 200 parts of 1 MB held as strings would take 200 MB; refused early, a few MB at most.
    expect(peak).toBeLessThan(64 * MB);
  });

  it('refuses an upload by a caller who is not signed in before reading it', async () => {
    const res = await server.anonymous().upload('Photo', {}, { file: await cameraJpeg(10, 10) });
    expect(res.body).toEqual(error(401, 1, 1));
  });
});

describe('reads and writes with bad parameters', () => {
  const otherNetworkId = () => `${server.networkId + 1}:Photo:1`;

  it.each([
    ['GET Photo without id', 'GET', 'Photo', {}, error(400, 4, 2)],
    ['GET Photo with a malformed id', 'GET', 'Photo', { id: 'abc' }, error(400, 4, 3)],
    ['GET Photo with a blog post id', 'GET', 'Photo', { id: '1:BlogPost:1' }, error(400, 4, 3)],
    ['GET Photo with 101 ids', 'GET', 'Photo', { id: Array.from({ length: 101 }, (_, i) => `1:Photo:${i}`) }, error(400, 4, 4)],
    ['GET Photo with an unknown id', 'GET', 'Photo', { id: '__network__:Photo:999999' }, error(404, 3, 1)],
    ['GET Photo with an unknown field', 'GET', 'Photo', { id: '__photo__', fields: 'title,colour' }, error(400, 4, 1)],
    ['GET Photo with an unknown image field', 'GET', 'Photo', { id: '__photo__', fields: 'image.depth' }, error(400, 4, 1)],
    ['Photo/recent with count=0', 'GET', 'Photo/recent', { count: 0 }, error(400, 4, 6)],
    ['Photo/recent with count=101', 'GET', 'Photo/recent', { count: 101 }, error(400, 4, 6)],
    ['Photo/recent with a tampered anchor', 'GET', 'Photo/recent', { anchor: 'WzEsMSwxXQ.AAAAAAAAAAAAAAAAAAAAAA' }, error(400, 4, 7)],
    ['Photo/recent with private=true', 'GET', 'Photo/recent', { private: 'true' }, error(403, 2, 2)],
    ['Photo/featured with count=-101', 'GET', 'Photo/featured', { count: -101 }, error(400, 4, 6)],
    ['Photo/count with a bad date', 'GET', 'Photo/count', { createdAfter: 'yesterday' }, error(400, 4, 3)],
    ['Photo/count older than a week', 'GET', 'Photo/count', { createdAfter: '__8_days_ago__' }, error(400, 4, 5)],
    ['Photo/count with private=true', 'GET', 'Photo/count', { createdAfter: '__1_day_ago__', private: 'true' }, error(403, 2, 2)],
    ['PUT Photo without id', 'PUT', 'Photo', { title: 'x' }, error(400, 4, 2)],
    ['PUT Photo with an unknown id', 'PUT', 'Photo', { id: '__network__:Photo:999999', title: 'x' }, error(404, 3, 1)],
    ['PUT Photo of another network', 'PUT', 'Photo', { id: '__other__', title: 'x' }, error(404, 3, 1)],
    ['PUT Photo with an unknown visibility', 'PUT', 'Photo', { id: '__photo__', visibility: 'everyone' }, error(400, 4, 3)],
    ['PUT Photo with a tag over 64 characters', 'PUT', 'Photo', { id: '__photo__', tag: 'x'.repeat(65) }, error(400, 4, 3)],
    ['PUT Photo with approved by its author', 'PUT', 'Photo', { id: '__photo__', approved: 'true' }, error(403, 2, 1)],
    ['DELETE Photo without id', 'DELETE', 'Photo', {}, error(400, 4, 2)],
    ['DELETE Photo with an unknown id', 'DELETE', 'Photo', { id: '__network__:Photo:999999' }, error(404, 3, 1)],
  ] as const)('answers %s', async (_name, method, path, raw, expected) => {
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const fill = (v: unknown): string | string[] =>
      Array.isArray(v)
        ? v.map((x) => fill(x) as string)
        : String(v)
            .replace('__network__', String(server.networkId))
            .replace('__photo__', photo)
            .replace('__other__', otherNetworkId())
            .replace('__8_days_ago__', days(8))
            .replace('__1_day_ago__', days(1));
    const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, fill(v)]));
    const res = method === 'GET' ? await member.get(path, params) : method === 'PUT' ? await member.put(path, params) : await member.del(path, params);
    expect(res.body).toEqual(expected);
  });

  it('counts photos of five days back (the week rule admits them), and all photos without createdAfter', async () => {
    const res = await member.get('Photo/count', { createdAfter: new Date(Date.now() - 5 * 86_400_000).toISOString() });
    expect(res.body).toEqual({ success: true, count: 1 });
    expect((await member.get('Photo/count')).body).toEqual({ success: true, count: 1 });
  });

  it('answers 404 for image URLs naming no image', async () => {
    const image = (await member.get('Photo', { id: photo, fields: 'image' })).body.entry.image as string;
    const [, , , networkId, photoId] = image.split('/');
    for (const url of [
      image.replace('large.png', 'huge.png'),
      image.replace('large.png', 'large.jpg'),
      `/xn/images/${networkId}/999999/large.png`,
      `/xn/images/${Number(networkId) + 1}/${photoId}/large.png`,
      `/xn/images/x/${photoId}/large.png`,
    ]) {
      const res = await member.bytes(url);
      expect(res.status, url).toBe(404);
      expect(JSON.parse(res.bytes.toString())).toEqual(error(404, 3, 1));
    }
  });

  it('answers other methods on image URLs in the envelope, OPTIONS included', async () => {
    const image = (await member.get('Photo', { id: photo, fields: 'image' })).body.entry.image as string;
    for (const method of ['OPTIONS', 'POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${server.url}${image}`, { method });
      expect(res.status, method).toBe(404);
      expect(res.headers.get('content-type'), method).toMatch(/^application\/json/);
      expect(await res.json(), method).toEqual(error(404, 3, 3));
    }
    expect((await member.bytes(image)).status).toBe(200);
  });

  it('answers 404 when featuring a photo that does not exist', async () => {
    const owner = await server.owner();
    expect((await owner.post('Photo/feature', {}, { id: `${server.networkId}:Photo:999999` })).body).toEqual(error(404, 3, 1));
  });
});
