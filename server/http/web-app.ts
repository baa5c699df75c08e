// Serves the built web app (Vite's dist/): hashed files under /assets are cached for a year as
// immutable, since a new build gives them new names (and sent as the build compressed them, when
// it did and the client accepts it: brotli or gzip at their best, once, rather than at an
// ordinary level on every request); the app's shell (index.html), which names
// the files of the current build, is revalidated on every load. The shell tells the app which
// network `/` opens, with a <meta name="default-network"> the server writes into it.
//
// The pages visitors land on most (a network's front page, a blog post) come rendered, for a
// visitor without a session: the build's renderer (dist/server/entry-server.js) renders them
// from the REST service's answers — the visitor's own requests, sent in process and mostly
// answered from the response cache — into the shell, with the state the app hydrates from and
// the page's own files named for preloading. Members get the shell: their pages are theirs.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';
import { inProcessFetch, type Send } from './in-process-fetch';
import { renderedPages } from './rendered-pages';
import { anonymous } from './response-cache';

export interface WebAppOptions {
  /** Folder of the built web app (index.html, assets/). */
  webDir: string;
  /** The network `/` opens (DEFAULT_NETWORK). */
  defaultNetwork: string;
  /** The whole app, which answers the requests of pages rendered here. */
  app?: http.RequestListener;
}

/** What dist/server/entry-server.js exports (web/entry-server.tsx). */
interface Renderer {
  renderPage(url: string, send: Send): Promise<RenderedPage | null>;
}

/** A page rendered for the shell: its title and head elements, its markup, the element with its state, and its module. */
interface RenderedPage {
  title: string;
  head: string;
  html: string;
  stateElement: string;
  module: string;
}

/** Vite's manifest of the build (dist/.vite/manifest.json): a chunk's file, the chunks it imports and its styles. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

const YEAR_SECONDS = 365 * 24 * 3600;

/** The router serving the app, or null when the folder holds no build. */
export function webAppRouter({ webDir, defaultNetwork, app }: WebAppOptions): express.Router | null {
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const shell = withDefaultNetwork(fs.readFileSync(indexFile, 'utf8'), defaultNetwork);
  const render = app ? pageRenderer(webDir, shell, app) : null;
  const router = express.Router();
  const sendShell: express.RequestHandler = (req, res, next) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (!render) return void res.type('html').send(shell);
    // Visitors get pages rendered for visitors, members the shell: what a browser kept for one is not for the other.
    res.setHeader('Vary', 'Cookie');
    if (req.method !== 'GET' || !anonymous(req.headers)) return void res.type('html').send(shell);
    render(req)
      .catch((error: unknown) => {
        // The app renders the page in the browser as well as here.
        req.log.error({ err: error }, 'rendering the page on the server failed');
        return null;
      })
      .then((page) => res.type('html').send(page ?? shell), next);
  };

  router.use(
    '/assets',
    precompressed(path.join(webDir, 'assets')),
    express.static(path.join(webDir, 'assets'), { index: false, immutable: true, maxAge: YEAR_SECONDS * 1000 }),
    // A missing asset is a 404, never the shell: a page of an older build must not run HTML as script.
    (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.status(404).type('text').send('Not found');
    },
  );
  router.get('/index.html', sendShell);
  const files = express.static(webDir, { index: false, maxAge: '1h' });
  // The server's renderer (dist/server/) is the server's alone.
  router.use((req, res, next) => (req.path.startsWith('/server/') ? next() : files(req, res, next)));
  // Client-side routes all load the app's shell.
  router.get(/^\/(?!xn\/).*/, sendShell);
  return router;
}

/** The encodings the build writes beside an asset (vite.config.ts), the smaller first. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** Sends an asset in an encoding the build stored it in and the client accepts, if any; otherwise on to the plain file. */
function precompressed(assetsDir: string): express.RequestHandler {
  // The build's files do not change while the server runs.
  const stored = new Set(fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []);
  return (req, res, next) => {
    // A client that accepts no encoding gets the plain file without a Vary, as from the compression middleware.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.headers['accept-encoding']) return next();
    const file = req.path.slice(1);
    if (file.includes('/') || !stored.has(file)) return next();
    const available = ENCODINGS.filter(([, suffix]) => stored.has(file + suffix));
    if (available.length === 0) return next();
    res.vary('Accept-Encoding');
    // The smaller encoding the client accepts at all (browsers list gzip first, and take either).
    const chosen = available.find(([encoding]) => req.acceptsEncodings(encoding) === encoding);
    if (!chosen) return next();
    // The file's own type, set first, so the compressed file's name does not decide it; the
    // Content-Encoding keeps the compression middleware from compressing it again.
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', chosen[0]);
    res.sendFile(path.join(assetsDir, file + chosen[1]), { immutable: true, maxAge: YEAR_SECONDS * 1000 }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

/** Renders a visitor's page into the shell; null for pages not rendered on the server. Null when the build has no renderer. */
function pageRenderer(webDir: string, shell: string, app: http.RequestListener): ((req: express.Request) => Promise<string | null>) | null {
  const rendererFile = path.join(webDir, 'server', 'entry-server.js');
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(rendererFile) || !fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  // Loaded now, so the first visitor does not wait for it.
  const renderer = import(pathToFileURL(rendererFile).href) as Promise<Renderer>;
  renderer.catch(() => {});
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const styles = new Map((entry?.css ?? []).map((file) => [file, fs.readFileSync(path.join(webDir, file), 'utf8')]));
  const pages = renderedPages();
  return async (req) => {
    // What a visitor's page says depends on its address and the origin its links name, nothing else.
    return pages.page(`${req.publicOrigin} ${req.originalUrl}`, inProcessFetch(app, req), async (send) => {
      const page = await (await renderer).renderPage(req.originalUrl, send);
      return page && withPage(shell, page, filesOf(manifest, page.module), styles);
    });
  };
}

/** The files a page's module needs beyond the app's entry: its scripts (for the app to fetch) and styles. */
export function filesOf(manifest: Manifest, module: string): { scripts: string[]; styles: string[] } {
  const loaded = new Set<string>();
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (entry) closure(entry, loaded);
  const needed = new Set<string>();
  closure(module, needed);
  const chunks = [...needed].filter((key) => !loaded.has(key)).map((key) => manifest[key]!);
  return { scripts: chunks.map((chunk) => chunk.file), styles: chunks.flatMap((chunk) => chunk.css ?? []) };
}

/**
 * The shell with a rendered page in it: its title, head elements and files, its markup and its
 * state. The app's own styles come in the page (`inlineStyles`, by file), so it shows as soon
 * as it arrives, without waiting for another request; its scripts are named for the app's
 * entry to fetch after the first paint.
 */
export function withPage(
  html: string,
  page: Pick<RenderedPage, 'title' | 'head' | 'html' | 'stateElement'>,
  files: { scripts: string[]; styles: string[] },
  inlineStyles: ReadonlyMap<string, string> = new Map(),
): string {
  const head = [
    page.head,
    ...files.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`),
    // Named, not preloaded: the app fetches them with itself once the page has painted (web/main.tsx).
    files.scripts.length ? `<meta name="page-modules" content="${files.scripts.map((file) => `/${escapeAttribute(file)}`).join(' ')}">` : '',
  ].filter(Boolean);
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('The web app’s index.html has no empty root element to render into.');
  return html
    .replace(/<title>[^<]*<\/title>/, (title) => (page.title ? `<title>${page.title}</title>` : title))
    .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (link, file: string) => {
      const css = inlineStyles.get(file);
      // The link stays, disabled (never fetched): the app's module loader fetches the styles a
      // module needs unless a link to them is in the page.
      return css !== undefined && !/<\/style/i.test(css) ? `<style>${css}</style>${link.replace(/>$/, ' disabled>')}` : link;
    })
    .replace('</head>', () => `${head.map((line) => `    ${line}\n`).join('')}  </head>`)
    .replace(root, () => `<div id="root">${page.html}</div>\n    ${page.stateElement}`);
}

/** The shell with the default network named in its head. */
export function withDefaultNetwork(html: string, network: string): string {
  const meta = `<meta name="default-network" content="${escapeAttribute(network)}" />`;
  if (!html.includes('</head>')) throw new Error('The web app’s index.html has no </head> to add the default network to.');
  return html.replace('</head>', `    ${meta}\n  </head>`);
}

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);
