// How the web app is served, over real HTTP: the shell names the configured DEFAULT_NETWORK
// and is revalidated on every load, hashed assets are cached as immutable, responses are
// compressed, and the Content-Security-Policy works over plain HTTP. A small build stands in
// for dist/ here; e2e/serving.spec.ts checks the real one in Chromium.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { filesOf, withDefaultNetwork, withPage } from './web-app';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Community</title>
    <script type="module" crossorigin src="/assets/index-B4x9Qz1a.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const STORED = { br: zlib.brotliCompressSync(SCRIPT), gzip: zlib.gzipSync(SCRIPT, { level: 9 }) };
const MANIFEST = { 'index.html': { file: 'assets/index-B4x9Qz1a.js', isEntry: true }, 'web/app/routes/home.tsx': { file: 'assets/home-1.js' } };
// Stands in for the build's renderer: a network's front page from its Network reply, numbered by render.
const RENDERER = `
let renders = 0;
export async function renderPage(url, send) {
  const network = /^\\/n\\/([a-z0-9]+)$/.exec(url)?.[1];
  const reply = network && (await send('/xn/rest/' + network + '/1.0/Network', {}));
  if (!reply || !reply.ok) return null;
  const { entry } = await reply.json();
  renders += 1;
  const html = '<main><h1>' + entry.name + '</h1><p>render ' + renders + '</p></main>';
  return { title: entry.name, head: '', html, stateElement: '', module: 'web/app/routes/home.tsx' };
}
`;

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-web-app-'));
  const webDir = path.join(dataDir, 'dist');
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), SHELL);
  fs.writeFileSync(path.join(webDir, 'assets', 'index-B4x9Qz1a.js'), SCRIPT);
  // An asset the build stored compressed too, as vite.config.ts does.
  fs.writeFileSync(path.join(webDir, 'assets', 'app-1.js'), SCRIPT);
  fs.writeFileSync(path.join(webDir, 'assets', 'app-1.js.br'), STORED.br);
  fs.writeFileSync(path.join(webDir, 'assets', 'app-1.js.gz'), STORED.gzip);
  fs.mkdirSync(path.join(webDir, '.vite'));
  fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.mkdirSync(path.join(webDir, 'server'));
  fs.writeFileSync(path.join(webDir, 'server', 'entry-server.js'), RENDERER);
  // Always the embedded database: how files are served does not depend on it.
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'data'),
    DEFAULT_NETWORK: 'gardeners',
    DEMO_CONTENT: 'off',
    ADMIN_PASSWORD: 'web-app-password',
    LOG_LEVEL: 'silent',
  });
  server = await startServer(config, { webDir });
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly the headers given (fetch would add Accept-Encoding and undo the compression). */
function get(p: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${p}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the shell (index.html)', () => {
  it.each(['/', '/n/gardeners', '/n/gardeners/members/someone', '/index.html'])(
    '%s names the configured default network and is revalidated on every load',
    async (p) => {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = res.body.toString('utf8');
      expect(html).toContain('<meta name="default-network" content="gardeners" />');
      expect(html.match(/name="default-network"/g)).toHaveLength(1);
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-B4x9Qz1a.js">');
    },
  );

  it('escapes the name it writes into the page', () => {
    expect(withDefaultNetwork('<head></head>', 'a"b<c>&')).toContain('content="a&quot;b&lt;c&gt;&amp;"');
    expect(() => withDefaultNetwork('<p>no head</p>', 'x')).toThrow(/<\/head>/);
  });
});

describe('a page rendered for visitors', () => {
  const NETWORK = 'gardeners';
  const renderOf = async (p: string) => /render (\d+)/.exec((await get(p)).body.toString('utf8'))?.[1];

  it('is rendered once, and served again while the answers it was made from stay the same', async () => {
    const first = await renderOf(`/n/${NETWORK}`);
    expect(first).toBeDefined();
    expect(await renderOf(`/n/${NETWORK}`)).toBe(first);
    expect(await renderOf(`/n/${NETWORK}?from=elsewhere`)).not.toBe(first);
  });

  it('is rendered anew on the next load once one of those answers changed', async () => {
    const before = await renderOf(`/n/${NETWORK}`);
    await server.db.updateTable('networks').set({ name: 'Renamed Example' }).where('subdomain', '=', NETWORK).execute();
    // A write through the service announces itself; one straight to the database says so here.
    server.dropCached('all');
    const html = (await get(`/n/${NETWORK}`)).body.toString('utf8');
    expect(html).toContain('<h1>Renamed Example</h1>');
    expect(/render (\d+)/.exec(html)?.[1]).not.toBe(before);
  });

  it('names its scripts for the app to fetch after the first paint, and preloads none', async () => {
    const html = (await get(`/n/${NETWORK}`)).body.toString('utf8');
    expect(html).toContain('<meta name="page-modules" content="/assets/home-1.js">');
    expect(html).not.toContain('modulepreload');
  });

  it('is not for members, who get the shell', async () => {
    const html = (await get(`/n/${NETWORK}`, { cookie: 'xn_session=someone' })).body.toString('utf8');
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('hashed assets', () => {
  it('are cached for a year as immutable', async () => {
    const res = await get('/assets/index-B4x9Qz1a.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString('utf8')).toBe(SCRIPT);
  });

  it('that do not exist are a 404, not the shell, and not cached', async () => {
    const res = await get('/assets/index-OLDBUILD.js');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('compression', () => {
  it.each([
    ['gzip', zlib.gunzipSync],
    ['br', zlib.brotliDecompressSync],
  ] as const)('sends assets and API replies %s-compressed to clients that accept it', async (encoding, decompress) => {
    for (const p of ['/assets/index-B4x9Qz1a.js', '/xn/rest/openapi.json']) {
      const plain = await get(p);
      expect(plain.headers['content-encoding'], p).toBeUndefined();
      const packed = await get(p, { 'accept-encoding': encoding });
      expect(packed.headers['content-encoding'], p).toBe(encoding);
      expect(packed.headers.vary, p).toMatch(/Accept-Encoding/i);
      expect(packed.body.length, p).toBeLessThan(plain.body.length / 2);
      expect(decompress(packed.body).equals(plain.body), p).toBe(true);
    }
  });
});

describe('assets the build stored compressed', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
  ] as const)('are sent as stored to a client that accepts %s', async (accepted, encoding) => {
    const res = await get('/assets/app-1.js', { 'accept-encoding': accepted });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.equals(STORED[encoding])).toBe(true);
  });

  it('are sent plain to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/assets/app-1.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString('utf8')).toBe(SCRIPT);
    }
  });
});

describe('the Content-Security-Policy', () => {
  it('does not ask to upgrade requests to HTTPS, so the app loads over plain HTTP', async () => {
    for (const p of ['/', '/xn/rest/gardeners/1.0/Network']) {
      const csp = (await get(p)).headers['content-security-policy'];
      expect(csp, p).toMatch(/default-src 'self'/);
      expect(csp, p).toMatch(/script-src 'self'/);
      expect(csp, p).not.toMatch(/upgrade-insecure-requests/);
    }
  });
});

describe('a page rendered into the shell', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index-1.css'] },
    '_shared.js': { file: 'assets/shared-1.js' },
    '_list.js': { file: 'assets/list-1.js', imports: ['_shared.js'], css: ['assets/list-1.css'] },
    'web/app/routes/home.tsx': { file: 'assets/home-1.js', imports: ['_shared.js', '_list.js'] },
  };
  const shell = `<html><head><title>Community</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>`;

  it('names the files its module needs beyond the entry, and takes their styles', () => {
    expect(filesOf(manifest, 'web/app/routes/home.tsx')).toEqual({
      scripts: ['assets/home-1.js', 'assets/list-1.js'],
      styles: ['assets/list-1.css'],
    });
  });

  it('goes into the root, its state right after it, its title and head into the head, the app’s styles inline (their link disabled)', () => {
    const page = { title: 'Home · Gardeners', head: '<link rel="alternate" href="/feed"/>', html: '<main>Hello</main>', stateElement: '<script type="application/json" id="initial-state">{}</script>' };
    const html = withPage(shell, page, { scripts: ['assets/home-1.js'], styles: ['assets/list-1.css'] }, new Map([['assets/index-1.css', 'body{margin:0}']]));
    expect(html).toBe(
      '<html><head><title>Home · Gardeners</title><style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled>' +
        '    <link rel="alternate" href="/feed"/>\n    <link rel="stylesheet" crossorigin href="/assets/list-1.css">\n    <meta name="page-modules" content="/assets/home-1.js">\n  </head>' +
        '<body><div id="root"><main>Hello</main></div>\n    <script type="application/json" id="initial-state">{}</script></body></html>',
    );
  });

  it('keeps the shell’s title when the page has none, and a stylesheet that could end its <style> as a link', () => {
    const page = { title: '', head: '', html: '', stateElement: '' };
    const html = withPage(shell, page, { scripts: [], styles: [] }, new Map([['assets/index-1.css', 'a::after{content:"</style>"}']]));
    expect(html).toContain('<title>Community</title>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
  });
});
