// Story: a member writes a post with tags, another reads it, the author edits and deletes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('a blog post from creation to deletion', () => {
  it('is created, read, listed, counted, updated and deleted', async () => {
    const author = await server.signUp('Ada Author');
    const reader = await server.signUp('Rex Reader');

    const created = await author.post('BlogPost', { title: 'Hello', description: '<p>Hi <script>alert(1)</script></p>', tag: ['one', 'two'] });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, id: expect.stringMatching(new RegExp(`^${server.networkId}:BlogPost:\\d+$`)) });
    const id = created.body.id as string;

    const got = await reader.get('BlogPost', { id });
    expect(got.status).toBe(200);
    expect(got.body.entry).toMatchObject({
      id,
      author: author.who.screenName,
      title: 'Hello',
      description: '<p>Hi </p>',
      publishStatus: 'publish',
      visibility: 'all',
      approved: true,
      commentCount: 0,
      topTags: ['one', 'two'],
    });
    expect(got.body.entry.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(got.body.resources[author.who.screenName!]).toEqual({
      fullName: 'Ada Author',
      iconUrl: expect.stringMatching(/^http/),
      url: expect.stringContaining(`/members/${author.who.screenName}`),
    });

    const listed = await reader.get('BlogPost/recent', { tag: 'two', count: 10 });
    expect(listed.body.entry.map((e: { id: string }) => e.id)).toEqual([id]);
    const counted = await reader.get('BlogPost/count', { createdAfter: new Date(Date.now() - 86_400_000).toISOString(), author: author.who.screenName });
    expect(counted.body).toEqual({ success: true, count: 1 });

    expect((await author.put('BlogPost', { id, title: 'Hello again', tag: 'three' })).body).toEqual({ success: true });
    const updated = await reader.get('BlogPost', { id, fields: 'title,topTags' });
    expect(updated.body.entry).toEqual({ id, title: 'Hello again', topTags: ['three'] });

    expect((await reader.put('BlogPost', { id, title: 'Hijacked' })).status).toBe(403);
    expect((await author.del('BlogPost', { id })).body).toEqual({ success: true });
    expect((await reader.get('BlogPost', { id })).status).toBe(404);
  });
});
