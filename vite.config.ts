// Builds the web app (web/) into dist/, and the server's renderer of its first pages
// (web/entry-server.tsx) into dist/server/; configures the two Vitest projects: black-box
// server tests in Node, component tests of the web app in jsdom.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** The libraries the app starts with, a chunk each (web/main.tsx evaluates them in turn). */
const LIBRARIES: [chunk: string, module: RegExp][] = [
  ['react', /\/node_modules\/(react|react-dom|scheduler)\//],
  ['router', /\/node_modules\/(react-router|react-router-dom|cookie|set-cookie-parser)\//],
  ['query', /\/node_modules\/@tanstack\/(query-core|react-query)\//],
];

/** V8's compile hint: the whole file is compiled as it arrives, off the page's thread. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks chunks for the browser to compile in full as it fetches them, instead of each function
 * on its first call. React comes as one CommonJS module, a single function wrapping the whole
 * library: compiled lazily, its first call compiles all of React on the page's thread, in one
 * long task as the app starts; and hydration calls most of React's functions anyway.
 */
const compileEagerly = (chunks: string[]): Plugin => ({
  name: 'compile-eagerly',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  // The file's name follows what is in it, the hint too.
  augmentChunkHash: (chunk) => (chunks.includes(chunk.name) ? COMPILE_HINT : undefined),
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      // Here, after minifying, which would drop the comment; first in the file, as V8 asks.
      if (file.type === 'chunk' && chunks.includes(file.name)) file.code = `${COMPILE_HINT}\n${file.code}`;
    }
  },
});

/**
 * Writes each of the app's files beside itself compressed (brotli and gzip, at their best), for
 * the server to send as they are (server/http/web-app.ts) instead of compressing every request
 * at an ordinary level.
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  async writeBundle({ dir }, bundle) {
    const files = Object.keys(bundle).filter((file) => /^assets\/.*\.(js|css|svg)$/.test(file));
    await Promise.all(
      files.map(async (file) => {
        const text = await readFile(path.join(dir!, file));
        // Too small to gain from it: sent as they are, as the compression middleware would.
        if (text.length < 1024) return;
        const br = promisify(zlib.brotliCompress)(text, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length },
        });
        const gz = promisify(zlib.gzip)(text, { level: zlib.constants.Z_BEST_COMPRESSION });
        await Promise.all([writeFile(path.join(dir!, `${file}.br`), await br), writeFile(path.join(dir!, `${file}.gz`), await gz)]);
      }),
    );
  },
});

export default defineConfig({
  plugins: [react(), compileEagerly(['react']), precompress()],
  // The manifest lets scripts/bundle-size.mjs measure what each page loads first.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  // `vite build` builds both environments: the browser's app, then the server's renderer.
  // Only for building: the server tests run in the ssr environment, where bundling every
  // dependency would turn CommonJS packages (ioredis) into something else.
  ...(process.env.VITEST
    ? {}
    : {
        builder: {},
        environments: {
          client: {
            build: {
              rollupOptions: {
                // For web/main.tsx to evaluate in turn, each in a task of its own, once a page the
                // server rendered has painted.
                output: { manualChunks: (id) => LIBRARIES.find(([, pattern]) => pattern.test(id))?.[0] },
              },
            },
          },
          // One file with React's production build in it, whatever NODE_ENV the server runs with.
          ssr: {
            resolve: { noExternal: true },
            define: { 'process.env.NODE_ENV': JSON.stringify('production') },
            build: { outDir: 'dist/server', manifest: false, rollupOptions: { input: 'web/entry-server.tsx' } },
          },
        },
      }),
  server: {
    proxy: { '/xn': 'http://127.0.0.1:3000', '/healthz': 'http://127.0.0.1:3000' },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
          // Whole pages with typing into the editor take a few seconds on a busy machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
