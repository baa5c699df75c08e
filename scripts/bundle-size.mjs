#!/usr/bin/env node
// Measures the JavaScript each page of the built web app needs before it can show: the entry
// chunk and the app it starts, the page's own lazily loaded route chunk, and every chunk those import statically,
// gzipped. Fails when any page needs more than the budget. Reads Vite's manifest in dist/
// (run `vite build` first); `npm run check:bundle` does both.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** The chunk's file and those of everything it imports statically, transitively. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const isPage = (key) => key.startsWith('web/app/routes/');
const [entryKey, entry] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
// The entry imports the app itself dynamically (once a page the server rendered has painted): it is part of every page's start.
const app = (entry.dynamicImports ?? []).filter((key) => !isPage(key));
const start = app.reduce((files, key) => closure(key, files), closure(entryKey));
const pages = [...new Set([entryKey, ...app].flatMap((key) => manifest[key].dynamicImports ?? []))].filter(isPage);
if (pages.length === 0) throw new Error('No lazily loaded route modules found: is the router still splitting pages?');

const kbOf = (files) => [...files].reduce((sum, file) => sum + sizeOf(file), 0) / 1000;

/** What a page loads after it shows (its own lazy parts: an editor, a Markdown renderer). */
function deferred(page, initial) {
  const later = new Set();
  for (const key of [...initial].flatMap((file) => Object.keys(manifest).filter((k) => manifest[k].file === file))) {
    for (const dynamic of manifest[key].dynamicImports ?? []) {
      if (!isPage(dynamic)) for (const file of closure(dynamic)) if (!initial.has(file)) later.add(file);
    }
  }
  return later;
}

const rows = pages.map((page) => {
  const files = closure(page, new Set(start));
  return { page: path.basename(page, path.extname(page)), kb: kbOf(files), laterKb: kbOf(deferred(page, files)) };
});
rows.sort((a, b) => b.kb - a.kb);

console.log(`Initial JavaScript per page (gzipped), budget ${BUDGET_KB} kB; then loaded while the page shows:`);
for (const { page, kb, laterKb } of rows) {
  console.log(`  ${kb.toFixed(1).padStart(6)} kB  ${page.padEnd(16)}${laterKb ? ` + ${laterKb.toFixed(1)} kB` : ''}`);
}
const over = rows.filter(({ kb }) => kb > BUDGET_KB);
if (over.length > 0) {
  console.error(`Over budget: ${over.map(({ page }) => page).join(', ')}`);
  process.exit(1);
}
