// Pages rendered for visitors, kept. A page is made from the REST service's answers to the
// requests it sent (the same for every visitor), so as long as each of them still answers with
// the ETag it had, the page is the one rendered then: a later visitor's request asks them again
// conditionally — 304s from the response cache, well under a millisecond each — instead of
// rendering again (tens of milliseconds). A write that changes any of them changes its ETag, so
// the page is as fresh as the response cache (the very next read on this process, within a
// second elsewhere). A page is kept MAX_AGE_MS at most: what it says relative to now moves on.
import type { Send } from './in-process-fetch';
import { processCaches, type MemoryBudget } from '../lib/memory-budget';

export interface RenderedPages {
  /** The page kept under `key` if its requests still answer the same (asked through `send`), else `render`'s, kept when it can be. */
  page(key: string, send: Send, render: (send: Send) => Promise<string | null>): Promise<string | null>;
  /** How many pages are kept (tests). */
  readonly size: number;
}

interface Kept {
  html: string;
  /** The requests the page was rendered from, and the ETag each answered with. */
  asked: { url: string; etag: string }[];
  storedAt: number;
  /** What keeping it costs, in bytes (UTF-16). */
  size: number;
}

const MAX_AGE_MS = 60_000;

/** `budget`: what keeping pages may cost, shared with the process's other caches (least recently used first out). */
export function renderedPages({ budget = processCaches, now = Date.now }: { budget?: MemoryBudget; now?: () => number } = {}): RenderedPages {
  const kept = new Map<string, Kept>();
  const forget = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    budget.release(entry);
  };
  const keep = (key: string, entry: Kept) => {
    forget(key);
    if (budget.hold(entry, entry.size, () => kept.get(key) === entry && kept.delete(key))) kept.set(key, entry);
  };

  return {
    async page(key, send, render) {
      const entry = kept.get(key);
      if (entry && now() - entry.storedAt < MAX_AGE_MS && (await unchanged(entry.asked, send))) {
        budget.use(entry);
        return entry.html;
      }
      const storedAt = now();
      const asked: Kept['asked'] = [];
      let keepable = true;
      const html = await render(async (url, init) => {
        const reply = await send(url, init);
        const etag = reply.headers.get('etag');
        if (reply.status === 200 && etag) asked.push({ url, etag });
        else keepable = false;
        return reply;
      });
      if (html === null || !keepable || asked.length === 0) forget(key);
      else keep(key, { html, asked, storedAt, size: 2 * (key.length + html.length) + asked.reduce((sum, { url, etag }) => sum + 2 * (url.length + etag.length), 0) });
      return html;
    },
    get size() {
      return kept.size;
    },
  };
}

/** True when every request still answers with the ETag it had. */
async function unchanged(asked: Kept['asked'], send: Send): Promise<boolean> {
  const replies = await Promise.all(asked.map(({ url, etag }) => send(url, { headers: { 'If-None-Match': etag } })));
  return replies.every((reply) => reply.status === 304);
}
