// Serves the built web app (Vite's dist/): hashed files under /assets are cached for a year as
// immutable, since a new build gives them new names; the app's shell (index.html), which names
// the files of the current build, is revalidated on every load. The shell tells the app which
// network `/` opens, with a <meta name="default-network"> the server writes into it.
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';

export interface WebAppOptions {
  /** Folder of the built web app (index.html, assets/). */
  webDir: string;
  /** The network `/` opens (DEFAULT_NETWORK). */
  defaultNetwork: string;
}

const YEAR_SECONDS = 365 * 24 * 3600;

/** The router serving the app, or null when the folder holds no build. */
export function webAppRouter({ webDir, defaultNetwork }: WebAppOptions): express.Router | null {
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const shell = withDefaultNetwork(fs.readFileSync(indexFile, 'utf8'), defaultNetwork);
  const router = express.Router();
  const sendShell: express.RequestHandler = (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(shell);
  };

  router.use(
    '/assets',
    express.static(path.join(webDir, 'assets'), { index: false, immutable: true, maxAge: YEAR_SECONDS * 1000 }),
    // A missing asset is a 404, never the shell: a page of an older build must not run HTML as script.
    (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.status(404).type('text').send('Not found');
    },
  );
  router.get('/index.html', sendShell);
  router.use(express.static(webDir, { index: false, maxAge: '1h' }));
  // Client-side routes all load the app's shell.
  router.get(/^\/(?!xn\/).*/, sendShell);
  return router;
}

/** The shell with the default network named in its head. */
export function withDefaultNetwork(html: string, network: string): string {
  const meta = `<meta name="default-network" content="${escapeAttribute(network)}" />`;
  if (!html.includes('</head>')) throw new Error('The web app’s index.html has no </head> to add the default network to.');
  return html.replace('</head>', `    ${meta}\n  </head>`);
}

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);
