// What comes back from an image URL is an image and nothing a browser would run: uploads are
// re-encoded, so script hidden in a file (an HTML page glued to a PNG, an SVG drawing named
// .png, a page sent as text/html) never reaches a reader; every image is sent with its
// image type, `X-Content-Type-Options: nosniff` and a policy that runs no script.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { png, uploadPhoto } from './test-images';
import { DISPLAY_SIZES } from './renditions';

let server: TestServer;
let member: Client;
beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUp('Polyglot Poster');
});
afterAll(() => server.stop());

const SCRIPT = '<html><body><script>window.xss = 1; alert(document.domain)</script></body></html>';

describe('an uploaded file with script in it', () => {
  it('is served as a re-encoded image, typed, never sniffed, under a policy without inline script', async () => {
    const polyglot = await png();
    const files = [
      { name: 'page.png', type: 'image/png', bytes: Buffer.concat([polyglot.bytes, Buffer.from(SCRIPT)]) },
      { name: 'page.html', type: 'text/html', bytes: Buffer.concat([polyglot.bytes, Buffer.from(SCRIPT)]) },
    ];
    for (const file of files) {
      const id = await uploadPhoto(member, { title: file.name }, file);
      const large = (await member.get('Photo', { id, fields: 'image' })).body.entry.image as string;
      const urls = Object.keys(DISPLAY_SIZES).map((size) => large.replace('/large.', `/${size}.`));
      for (const url of urls) {
        const res = await member.bytes(url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type'), url).toMatch(/^image\/(png|jpeg|webp|gif)$/);
        expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
        expect(res.headers.get('content-security-policy'), url).toMatch(/script-src 'self'/);
        expect(res.headers.get('content-security-policy'), url).not.toMatch(/unsafe-inline[^;]*;?\s*$|script-src[^;]*unsafe-inline/);
        expect(res.bytes.includes(Buffer.from('<script')), url).toBe(false);
        expect(res.bytes.includes(Buffer.from('<html')), url).toBe(false);
      }
    }
  });

  it('is refused when it is an SVG drawing with script, whatever it is called', async () => {
    const drawing = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>window.xss=1</script><rect width="10" height="10"/></svg>');
    for (const file of [
      { name: 'drawing.svg', type: 'image/svg+xml', bytes: drawing },
      { name: 'drawing.png', type: 'image/png', bytes: drawing },
    ]) {
      const res = await member.upload('Photo', { title: 'svg' }, { file });
      expect(res.status, file.name).toBe(415);
    }
  });
});
