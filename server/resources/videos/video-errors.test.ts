// Bad requests to Video: each answered with the wire contract's error code, and nothing
// changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';

let server: TestServer;
let member: Client;
let videoId: string;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Err Member');
  videoId = (await member.post('Video', { url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Errors' })).body.id;
});
afterAll(() => server.stop());

const unknown = () => `${server.networkId}:Video:999999`;

describe('Video errors', () => {
  it('refuses a video it cannot read, or with bad values', async () => {
    expectError(await member.post('Video', { title: 'No source' }), 400, 4, 2);
    expectError(await member.post('Video', { url: '' }), 400, 4, 3);
    expectError(await member.post('Video', { url: 'https://www.youtube.com/watch?v=' + 'x'.repeat(10_000) }), 400, 4, 3);
    expectError(await member.post('Video', { url: 'https://youtu.be/dQw4w9WgXcQ', title: 'x'.repeat(201) }), 400, 4, 3);
    expectError(await member.post('Video', { url: 'https://youtu.be/dQw4w9WgXcQ', visibility: 'public' }), 400, 4, 3);
    expectError(await member.post('Video', { url: 'https://youtu.be/dQw4w9WgXcQ', tag: 'x'.repeat(65) }), 400, 4, 3);
    expectError(await member.post('Video', { embedCode: '<embed src="https://evil.example/movie.swf">' }), 400, 4, 3);
    expect((await member.get('Video/count')).body.count).toBe(1);
  });

  it('answers bad and unknown ids', async () => {
    expectError(await member.get('Video'), 400, 4, 2);
    expectError(await member.get('Video', { id: 'dQw4w9WgXcQ' }), 400, 4, 3);
    expectError(await member.get('Video', { id: videoId.replace(':Video:', ':Photo:') }), 400, 4, 3);
    expectError(await member.get('Video', { id: unknown() }), 404, 3, 1);
    expectError(await member.get('Video', { id: videoId.replace(/^\d+/, '1') }), 404, 3, 1);
    expectError(await member.get('Video', { id: Array.from({ length: 101 }, () => videoId) }), 400, 4, 4);
    expect((await member.get('Video', { id: [videoId, unknown()], fields: 'title' })).body.entry).toEqual([{ id: videoId, title: 'Errors' }]);
    expectError(await member.put('Video', { id: unknown(), title: 'x' }), 404, 3, 1);
    expectError(await member.del('Video', { id: unknown() }), 404, 3, 1);
    expectError(await member.post('Comment', { attachedTo: unknown(), description: 'hello?' }), 404, 3, 1);
  });

  it('refuses bad updates and leaves the video as it was', async () => {
    expectError(await member.put('Video', { title: 'No id' }), 400, 4, 2);
    expectError(await member.put('Video', { id: videoId, approved: 'true' }), 403, 2, 1);
    expectError(await member.put('Video', { id: videoId, visibility: 'nobody' }), 400, 4, 3);
    expectError(await member.put('Video', { id: videoId, description: 'x'.repeat(100_001) }), 400, 4, 3);
    // The source is not writable: an address sent along is ignored, like any unknown parameter.
    expect((await member.put('Video', { id: videoId, url: 'https://vimeo.com/76979871' })).body).toEqual({ success: true });
    const video = await member.get('Video', { id: videoId, fields: 'title,visibility,sourceUrl' });
    expect(video.body.entry).toEqual({ id: videoId, title: 'Errors', visibility: 'all', sourceUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  });

  it('answers bad listing and count parameters', async () => {
    expectError(await member.get('Video/recent', { count: 0 }), 400, 4, 6);
    expectError(await member.get('Video/recent', { anchor: 'not-an-anchor' }), 400, 4, 7);
    expectError(await member.get('Video/recent', { private: 'true' }), 403, 2, 2);
    expectError(await member.get('Video/count', { private: 'false' }), 403, 2, 2);
    expectError(await member.get('Video/recent', { fields: 'embedCode,previewFrame.colour' }), 400, 4, 1);
    expectError(await member.get('Video/featured', { fields: 'thumbnail' }), 400, 4, 1);
    expectError(await member.get('Video/count', { createdAfter: 'yesterday' }), 400, 4, 3);
    expectError(await member.get('Video/count', { createdAfter: new Date(Date.now() - 8 * 86_400_000).toISOString() }), 400, 4, 5);
    const fiveDays = new Date(Date.now() - 5 * 86_400_000).toISOString().replace('Z', '+00:00');
    expect((await member.get('Video/count', { createdAfter: fiveDays })).body).toEqual({ success: true, count: 1 });
    expect(listedIds(await member.get('Video/recent', { author: 'nobody-here', count: 5 }))).toEqual([]);
  });
});
