// Story: a member shares photos; others find them by author and tag, comment on them; the
// author retags one, an administrator features it, and deleting it removes everything with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { png, uploadPhoto } from './test-images';

let server: TestServer;
let author: Client;
let reader: Client;
let owner: Client;
beforeAll(async () => {
  server = await startTestServer();
  [author, reader, owner] = await Promise.all([server.signUp('Ann Author'), server.signUp('Rob Reader'), server.owner()]);
});
afterAll(() => server.stop());

const ids = (reply: { body: { entry: { id: string }[] } }) => reply.body.entry.map((e) => e.id);
const dayAgo = () => new Date(Date.now() - 86_400_000).toISOString();

describe('photos from upload to deletion', () => {
  it('are read one by one and several at once, listed, filtered and counted', async () => {
    const first = await uploadPhoto(author, { title: 'First', tag: ['sky'] });
    const second = await uploadPhoto(author, { title: 'Second', tag: ['sky', 'sea'] });
    const other = await uploadPhoto(reader, { title: 'Other', tag: ['sea'] });

    const several = await reader.get('Photo', { id: [second, `${server.networkId}:Photo:999999`, first], fields: 'title' });
    expect(several.body.entry).toEqual([{ id: second, title: 'Second' }, { id: first, title: 'First' }]);

    const recent = await reader.get('Photo/recent', { count: 10 });
    expect(ids(recent)).toEqual([other, second, first]);
    expect(recent.body).toMatchObject({ firstPage: true, lastPage: true, anchor: expect.any(String) });

    const paged = await reader.get('Photo/recent', { count: 2 });
    expect(ids(paged)).toEqual([other, second]);
    const next = await reader.get('Photo/recent', { count: 2, anchor: paged.body.anchor });
    expect(ids(next)).toEqual([first]);
    expect(next.body.lastPage).toBe(true);

    expect(ids(await reader.get('Photo/recent', { author: author.who.screenName, count: 10 }))).toEqual([second, first]);
    expect(ids(await reader.get('Photo/recent', { tag: 'sea', count: 10 }))).toEqual([other, second]);
    expect(ids(await reader.get('Photo/recent', { approved: 'true', count: 10 }))).toEqual([other, second, first]);
    expect(ids(await reader.get('Photo/recent', { approved: 'false', count: 10 }))).toEqual([]);

    expect((await reader.get('Photo/count', { createdAfter: dayAgo() })).body).toEqual({ success: true, count: 3 });
    expect((await reader.get('Photo/count', { createdAfter: dayAgo(), author: author.who.screenName, tag: 'sky' })).body.count).toBe(2);
    expect((await reader.get('Photo/count', { createdAfter: new Date(Date.now() + 60_000).toISOString() })).body.count).toBe(0);
  });

  it('are updated by their author: title, description, visibility, and tags replaced', async () => {
    const id = await uploadPhoto(author, { title: 'Before', tag: ['old', 'older'] });
    expect((await author.put('Photo', { id, title: 'After', description: '<b>bold</b><script>x()</script>', tag: ['new'] })).body).toEqual({ success: true });
    const got = await reader.get('Photo', { id, fields: 'title,description,topTags,updatedDate' });
    expect(got.body.entry).toMatchObject({ title: 'After', description: '<b>bold</b>', topTags: ['new'] });
    expect(ids(await reader.get('Photo/recent', { tag: 'old', count: 10 }))).not.toContain(id);
    expect(ids(await reader.get('Photo/recent', { tag: 'new', count: 10 }))).toContain(id);

    // PUT without `tag` keeps the tags; the historical `tag`-only update replaces them.
    await author.put('Photo', { id, title: 'Again' });
    expect((await reader.get('Photo', { id, fields: 'topTags' })).body.entry.topTags).toEqual(['new']);
    await author.put('Photo', { id, tag: ['x', 'y'] });
    expect((await reader.get('Photo', { id, fields: 'title,topTags' })).body.entry).toEqual({ id, title: 'Again', topTags: ['x', 'y'] });
  });

  it('are featured by an administrator, most recently featured first, whatever their age', async () => {
    const older = await uploadPhoto(author, { title: 'Older' });
    const newer = await uploadPhoto(author, { title: 'Newer' });
    expect((await owner.post('Photo/feature', {}, { id: newer })).body).toEqual({ success: true });
    expect((await owner.post('Photo/feature', {}, { id: older })).body).toEqual({ success: true });

    const featured = await reader.get('Photo/featured', { count: 10 });
    expect(ids(featured)).toEqual([older, newer]);
    expect(featured.body.entry[0].featuredDate).toMatch(/Z$/);

    await owner.del('Photo/feature', { id: older });
    expect(ids(await reader.get('Photo/featured', { count: 10 }))).toEqual([newer]);
  });

  it('take comments, and deleting one removes its comments, tags, image and events', async () => {
    const id = await uploadPhoto(author, { title: 'Doomed', tag: ['gone'] }, await png(60, 40));
    const comment = await reader.post('Comment', { attachedTo: id, description: 'Lovely light' });
    expect(comment.status).toBe(200);
    const comments = await author.get('Comment/recent', { attachedTo: id, count: 10 });
    expect(comments.body.entry).toEqual([expect.objectContaining({ description: 'Lovely light', attachedTo: id, attachedToType: 'Photo', attachedToAuthor: author.who.screenName })]);
    expect((await reader.get('Photo', { id, fields: 'commentCount' })).body.entry.commentCount).toBe(1);

    const image = (await reader.get('Photo', { id, fields: 'image' })).body.entry.image as string;
    expect((await reader.bytes(image)).status).toBe(200);
    const n = Number(id.split(':')[2]);

    expect((await reader.del('Photo', { id })).status).toBe(403);
    expect((await author.del('Photo', { id })).body).toEqual({ success: true });

    expect((await reader.get('Photo', { id })).status).toBe(404);
    expect((await reader.bytes(image)).status).toBe(404);
    expect((await author.get('Comment/recent', { attachedTo: id })).status).toBe(404);
    const left = async (table: 'photo_images' | 'item_tags' | 'comments' | 'activities', where: [string, string | number][]) => {
      let q = server.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
      for (const [column, value] of where) q = q.where(column as never, '=', value as never);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    expect(await left('photo_images', [['photo_id', n]])).toBe(0);
    expect(await left('item_tags', [['item_type', 'Photo'], ['item_id', n]])).toBe(0);
    expect(await left('comments', [['attached_to_type', 'Photo'], ['attached_to_id', n]])).toBe(0);
    expect(await left('activities', [['content_type', 'Photo'], ['content_id', n]])).toBe(0);
    expect(await left('activities', [['attached_to_type', 'Photo'], ['attached_to_id', n]])).toBe(0);
  });

  it('may be deleted by an administrator, not by other members', async () => {
    const id = await uploadPhoto(author);
    expect((await reader.put('Photo', { id, title: 'Hijacked' })).status).toBe(403);
    expect((await owner.put('Photo', { id, title: 'Moderated' })).body).toEqual({ success: true });
    expect((await owner.del('Photo', { id })).body).toEqual({ success: true });
    expect((await author.get('Photo', { id })).status).toBe(404);
  });
});
