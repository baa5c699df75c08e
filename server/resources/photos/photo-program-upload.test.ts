// Story: a program written for the historical API (the PHP client) uploads photos with
// OAuth 1.0a in the Authorization header and the fields in a multipart body, which the
// signature never covers (oauth-vectors.jsonl has a recorded request of this shape).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { OAuthClient, startTestServer, toFormData, type Client, type TestServer } from '../../test/harness';
import { cameraJpeg, storedRows } from './test-images';

let server: TestServer;
let member: Client;
let program: OAuthClient;
beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Pat Program');
  program = await server.oauthFor(member.who);
});
afterAll(() => server.stop());

const BOUNDARY = '------------------------53366125b28010e7';

/** The multipart body PHP's curl writes: text parts, then the file part (or, with `@path` unsupported, its name as text). */
function phpMultipart(file: { bytes: Uint8Array } | { text: string }) {
  const text = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = text('title', 'Photo Title') + text('description', 'Photo Description') + text('tag', 'tests') + text('tag', 'php');
  const filePart =
    'bytes' in file
      ? [
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="sample.jpg"\r\nContent-Type: application/octet-stream\r\n\r\n`),
          file.bytes,
          Buffer.from('\r\n'),
        ]
      : [Buffer.from(text('file', file.text))];
  return {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    bytes: Buffer.concat([Buffer.from(head), ...filePart, Buffer.from(`--${BOUNDARY}--\r\n`)]),
  };
}

describe('a program uploading photos through OAuth', () => {
  it('uploads in the PHP request shape and reads the photo back', async () => {
    const jpeg = await cameraJpeg(800, 600);
    const created = await program.upload('Photo', phpMultipart({ bytes: jpeg.bytes }));
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, id: expect.stringMatching(/^\d+:Photo:\d+$/) });

    const got = await program.get('Photo', { id: created.body.id, fields: 'author,title,description,topTags,image,image.url,image.width' });
    expect(got.body.entry).toMatchObject({
      author: member.who.screenName,
      title: 'Photo Title',
      description: 'Photo Description',
      topTags: ['tests', 'php'],
    });
    expect(got.body.resources[got.body.entry.image]).toEqual({ url: expect.stringMatching(/\/large\.jpg$/), width: 800 });
    const stored = await sharp((await member.bytes(got.body.entry.image)).bytes).metadata();
    expect(stored.exif).toBeUndefined();
  });

  it('uploads with a FormData body as other clients build it', async () => {
    const res = await program.upload('Photo', toFormData({ title: 'From FormData', visibility: 'members' }, { file: await cameraJpeg(50, 40) }));
    expect(res.status).toBe(200);
    const got = await program.get('Photo', { id: res.body.id, fields: 'title,visibility' });
    expect(got.body.entry).toMatchObject({ title: 'From FormData', visibility: 'members' });
  });

  it('uploads with the OAuth parameters in the query string', async () => {
    const res = await program.upload('Photo', toFormData({ title: 'Signed in the query' }, { file: await cameraJpeg(30, 20) }), 'query');
    expect(res.status).toBe(200);
    expect((await program.get('Photo', { id: res.body.id, fields: 'author' })).body.entry.author).toBe(member.who.screenName);
  });

  it('answers a malformed multipart body with 400, storing nothing', async () => {
    const before = await storedRows(server);
    const res = await program.upload('Photo', { contentType: `multipart/form-data; boundary=${BOUNDARY}`, bytes: Buffer.from(`--${BOUNDARY}\r\nContent-Disp`) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 4, subcode: 3 });
    expect(await storedRows(server)).toEqual(before);
  });

  it('refuses, storing nothing, the recorded PHP request whose file part holds only a file name', async () => {
    const before = await storedRows(server);
    const res = await program.upload('Photo', phpMultipart({ text: '@/tmp/ning-php-v1/test/files/sample.jpg' }));
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, status: 415, code: 5, subcode: 3 });
    expect(await storedRows(server)).toEqual(before);
  });

  it('refuses an upload whose signature does not match, before storing anything', async () => {
    const before = await storedRows(server);
    const forged = new OAuthClient(server, program.consumer, { key: program.token!.key, secret: 'not-the-secret' });
    const res = await forged.upload('Photo', phpMultipart({ bytes: (await cameraJpeg(20, 20)).bytes }));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 1, subcode: 2 });
    expect(await storedRows(server)).toEqual(before);
  });
});
