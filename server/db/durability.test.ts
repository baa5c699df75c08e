// Nothing acknowledged is lost: a real server process is killed (SIGKILL, no chance to clean
// up) while members write posts with tags and comments as fast as it answers; started again
// on the same database, it has every write it answered 200 to, and no write is half there —
// every post has all its tags and its CreateBlogPost event, every comment its event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childData, startChildServer, type ChildData, type ChildServer } from '../test/child-server';

const WRITERS = 8;
/** Acknowledged writes after which the server is killed, mid-load. */
const KILL_AFTER = 160;

let data: ChildData;
beforeAll(async () => {
  data = await childData();
});
afterAll(() => data.remove());

/** A member's session, made through the API of a running server. */
async function member(base: string, name: string) {
  const join = await fetch(`${base}/User`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: `${name}@durable.example`, password: 'durable-password-1', fullName: name }),
  });
  if (join.status !== 200) throw new Error(`join: ${await join.text()}`);
  const cookie = join.headers.getSetCookie()[0]!.split(';')[0]!;
  const session = await (await fetch(`${base}/Session`, { headers: { cookie } })).json();
  return { cookie, csrf: session.entry.csrfToken as string };
}

/** The tags a post is written with, derived from its title so the check needs no memory of them. */
const tagsOf = (title: string) => [`w${title.split('-')[1]}`, `n${title.split('-')[2]}`, 'durable'];

async function readAll(base: string, path: string, query: Record<string, string>) {
  const all: any[] = [];
  let anchor: string | undefined;
  for (;;) {
    const qs = new URLSearchParams({ ...query, count: '100', ...(anchor ? { anchor } : {}) });
    const page = await (await fetch(`${base}/${path}?${qs}`)).json();
    if (!page.success) throw new Error(JSON.stringify(page));
    if (page.entry.length === 0) return all;
    all.push(...page.entry);
    anchor = page.anchor;
  }
}

describe('a server killed with SIGKILL in the middle of a write load', () => {
  it('keeps every acknowledged write, and none half-applied', async () => {
    let server: ChildServer = await startChildServer(data);
    let base = `${server.url}/xn/rest/apiexample/1.0`;
    const writers = await Promise.all(Array.from({ length: WRITERS }, (_, w) => member(base, `writer${w}`)));

    const acknowledged = { posts: new Map<string, string>(), comments: new Map<string, string>() };
    let failed = 0;
    let killed = false;
    const write = async (w: number) => {
      const headers = { cookie: writers[w]!.cookie, 'x-csrf-token': writers[w]!.csrf, 'content-type': 'application/x-www-form-urlencoded' };
      let lastPost: string | undefined;
      for (let n = 0; !killed; n++) {
        try {
          if (lastPost && n % 3 === 0) {
            const description = `comment-${w}-${n}`;
            const res = await fetch(`${base}/Comment`, { method: 'POST', headers, body: new URLSearchParams({ attachedTo: lastPost, description }) });
            if (res.status === 200) acknowledged.comments.set((await res.json()).id, description);
          } else {
            const title = `post-${w}-${n}`;
            const body = new URLSearchParams({ title, description: `<p>${title}</p>` });
            for (const tag of tagsOf(title)) body.append('tag', tag);
            const res = await fetch(`${base}/BlogPost`, { method: 'POST', headers, body });
            if (res.status === 200) {
              lastPost = (await res.json()).id;
              acknowledged.posts.set(lastPost!, title);
            }
          }
        } catch {
          failed++;
          return;
        }
        if (!killed && acknowledged.posts.size + acknowledged.comments.size >= KILL_AFTER) {
          killed = true;
          server.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => write(w)));
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const acked = acknowledged.posts.size + acknowledged.comments.size;
    expect(acked).toBeGreaterThanOrEqual(KILL_AFTER);

    server = await startChildServer(data);
    base = `${server.url}/xn/rest/apiexample/1.0`;
    try {
      // Every post there (acknowledged or not): whole, with its tags and its event.
      const posts = await readAll(base, 'BlogPost/recent', { fields: 'title,topTags' });
      const events = await readAll(base, 'Activity/recent', { type: 'CreateBlogPost', fields: 'contentId' });
      const withEvent = new Set(events.map((e) => e.contentId));
      for (const post of posts) {
        expect(post.topTags, post.title).toEqual(tagsOf(post.title));
        expect(withEvent.has(post.id), `${post.title} has its CreateBlogPost event`).toBe(true);
      }
      // Every acknowledged post is there.
      const stored = new Map(posts.map((p) => [p.id, p.title]));
      for (const [id, title] of acknowledged.posts) expect(stored.get(id), id).toBe(title);
      expect(withEvent.size).toBe(posts.length);

      // Every acknowledged comment is there, on its post, with its event.
      const commentEvents = new Set(
        (await readAll(base, 'Activity/recent', { type: 'CreateBlogPostComment', fields: 'contentId' })).map((e) => e.contentId),
      );
      const found = new Map<string, string>();
      for (const postId of new Set([...stored.keys()])) {
        for (const c of await readAll(base, 'Comment/recent', { attachedTo: postId, fields: 'description' })) {
          found.set(c.id, c.description);
          expect(commentEvents.has(c.id), `${c.id} has its event`).toBe(true);
        }
      }
      for (const [id, description] of acknowledged.comments) expect(found.get(id), id).toBe(description);
      expect(commentEvents.size).toBe(found.size);
      console.info(
        `durability (${data.dialect}): ${acked} writes acknowledged before SIGKILL (${acknowledged.posts.size} posts, ` +
          `${acknowledged.comments.size} comments), ${failed} cut off in flight; all ${acked} found after restart, ` +
          `${posts.length - acknowledged.posts.size} more posts committed unanswered, each whole`,
      );
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
