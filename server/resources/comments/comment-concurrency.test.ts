// Story: a post goes viral: 100 comments arrive at once from several members, and the post's
// commentCount is exactly 100; the thread pages through all of them, each once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { listedIds } from '../../test/expect-api';

let server: TestServer;
let commenters: Client[];
let postId: string;

beforeAll(async () => {
  server = await startTestServer();
  commenters = await Promise.all(['One', 'Two', 'Three', 'Four'].map((n) => server.signUp(`Commenter ${n}`)));
  postId = (await commenters[0]!.post('BlogPost', { title: 'Viral' })).body.id;
});
afterAll(() => server.stop());

describe('concurrent comments', () => {
  it('counts 100 comments written at once as 100', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => commenters[i % commenters.length]!.post('Comment', { attachedTo: postId, description: `Comment ${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(100);

    const post = await server.anonymous().get('BlogPost', { id: postId, fields: 'commentCount' });
    expect(post.body.entry).toEqual({ id: postId, commentCount: 100 });
    const listed = await server.anonymous().get('BlogPost/recent', { fields: 'commentCount' });
    expect(listed.body.entry).toEqual([{ id: postId, commentCount: 100 }]);

    const seen: string[] = [];
    let anchor: string | undefined;
    for (;;) {
      const page = await server.anonymous().get('Comment/recent', { attachedTo: postId, count: 30, anchor, fields: 'id' });
      const pageIds = listedIds(page);
      if (pageIds.length === 0) break;
      seen.push(...pageIds);
      anchor = page.body.anchor;
    }
    expect(seen).toHaveLength(100);
    expect(new Set(seen)).toEqual(ids);
  });
});
