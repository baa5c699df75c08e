// Builds the web app (web/) into dist/, and the server's renderer of its first pages
// (web/entry-server.tsx) into dist/server/; configures the two Vitest projects: black-box
// server tests in Node, component tests of the web app in jsdom.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
