// Story: an administrator opens forum categories, a member starts a tagged topic, others
// reply, the author closes the discussion and a late reply is refused; then the topic and a
// category are deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, ISO_DATE, listedIds } from '../../test/expect-api';

let server: TestServer;
let admin: Client;
let author: Client;
let replier: Client;
let other: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('Ada Admin');
  await server.setMembership(admin, { role: 'admin' });
  author = await server.signUp('Tom Topic');
  replier = await server.signUp('Rita Reply');
  other = await server.signUp('Olaf Other');
});
afterAll(() => server.stop());

describe('a forum discussion', () => {
  it('is opened in a category, replied to, closed, and deleted with its replies', async () => {
    const general = await admin.post('Category', { title: 'General talk', description: '<p>Anything <script>x()</script></p>' });
    expect(general.body).toEqual({ success: true, id: expect.stringMatching(new RegExp(`^${server.networkId}:Category:\\d+$`)) });
    const categoryId = general.body.id as string;
    const help = (await admin.post('Category', { title: 'answers and help' })).body.id as string;

    const category = await other.get('Category', { id: categoryId });
    expect(category.body.entry).toEqual({
      id: categoryId,
      author: admin.who.screenName,
      createdDate: expect.stringMatching(ISO_DATE),
      updatedDate: expect.stringMatching(ISO_DATE),
      title: 'General talk',
      description: '<p>Anything </p>',
      topicCount: 0,
      url: expect.stringContaining('/forum/categories/'),
    });
    expect(category.body.resources[admin.who.screenName!]).toMatchObject({ fullName: 'Ada Admin' });
    expect(listedIds(await other.get('Category/alpha', { count: 10 }))).toEqual([help, categoryId]);
    expect(listedIds(await other.get('Category/recent', { count: 10 }))).toEqual([help, categoryId]);

    const started = await author.post('Topic', {
      title: 'Which editor?',
      description: '<p>Tell me <img src="x" onerror="alert(1)"></p>',
      categoryId,
      tag: ['tools', 'editors'],
    });
    expect(started.status).toBe(200);
    const topicId = started.body.id as string;
    expect(topicId).toMatch(new RegExp(`^${server.networkId}:Topic:\\d+$`));
    const aside = (await author.post('Topic', { title: 'an aside', tag: 'tools' })).body.id as string;

    const topic = await other.get('Topic', { id: topicId });
    expect(topic.body.entry).toEqual({
      id: topicId,
      author: author.who.screenName,
      createdDate: expect.stringMatching(ISO_DATE),
      updatedDate: expect.stringMatching(ISO_DATE),
      featuredDate: null,
      title: 'Which editor?',
      description: '<p>Tell me <img src="x" /></p>',
      visibility: 'all',
      approved: true,
      isClosed: false,
      categoryId,
      commentCount: 0,
      url: expect.stringContaining('/forum/topics/'),
      topTags: ['tools', 'editors'],
    });
    expect(topic.body.resources[categoryId]).toEqual({ title: 'General talk', url: expect.stringContaining('/forum/categories/') });
    const tags = await other.get('Tag/list', { attachedTo: topicId, count: 10 });
    expect(tags.body.entry.map((t: { value: string }) => t.value)).toEqual(['tools', 'editors']);

    const created = await other.get('Activity/recent', { author: author.who.screenName!, type: 'CreateTopic', count: 10 });
    expect(created.body.entry.map((e: { contentId: string }) => e.contentId)).toEqual([aside, topicId]);

    for (const [who, text] of [[replier, 'Vim, of course.'], [other, 'Emacs!'], [author, 'Thanks both.']] as const) {
      const reply = await who.post('Comment', { attachedTo: topicId, description: text });
      expect(reply.body).toEqual({ success: true, id: expect.stringMatching(/:Comment:\d+$/) });
    }
    const replies = await other.get('Comment/recent', { attachedTo: topicId, count: 10, fields: 'description,attachedToType,attachedToAuthor' });
    expect(replies.body.entry.map((c: { description: string }) => c.description)).toEqual(['Thanks both.', 'Emacs!', 'Vim, of course.']);
    expect(replies.body.entry[0]).toMatchObject({ attachedToType: 'Topic', attachedToAuthor: author.who.screenName });
    const replyEvents = await author.get('Activity/recent', { type: 'CreateTopicComment', count: 10 });
    expect(replyEvents.body.entry).toHaveLength(3);

    expect((await other.get('Topic', { id: topicId, fields: 'commentCount' })).body.entry).toEqual({ id: topicId, commentCount: 3 });
    expect((await other.get('Category', { id: categoryId, fields: 'topicCount' })).body.entry).toEqual({ id: categoryId, topicCount: 1 });
    expect(listedIds(await other.get('Topic/recent', { categoryId, count: 10 }))).toEqual([topicId]);
    expect(listedIds(await other.get('Topic/recent', { tag: 'tools', count: 10 }))).toEqual([aside, topicId]);
    expect(listedIds(await other.get('Topic/alpha', { author: author.who.screenName!, count: 10 }))).toEqual([aside, topicId]);

    expect((await author.put('Topic', { id: topicId, isClosed: 'true' })).body).toEqual({ success: true });
    expect((await other.get('Topic', { id: topicId, fields: 'isClosed' })).body.entry).toEqual({ id: topicId, isClosed: true });
    expectError(await replier.post('Comment', { attachedTo: topicId, description: 'One more thing...' }), 409, 6, 2);
    expectError(await author.post('Comment', { attachedTo: topicId, description: 'And me.' }), 409, 6, 2);
    expect((await other.get('Topic', { id: topicId, fields: 'commentCount' })).body.entry.commentCount).toBe(3);

    // An administrator may reopen it and move it to another category.
    expect((await admin.put('Topic', { id: topicId, isClosed: 'false', categoryId: help })).body).toEqual({ success: true });
    expect((await replier.post('Comment', { attachedTo: topicId, description: 'Reopened!' })).status).toBe(200);
    expect(listedIds(await other.get('Topic/recent', { categoryId: help, count: 10 }))).toEqual([topicId]);

    expect((await author.del('Topic', { id: topicId })).body).toEqual({ success: true });
    expect((await other.get('Topic', { id: topicId })).status).toBe(404);
    expect((await other.get('Comment/recent', { attachedTo: topicId })).status).toBe(404);
    const left = await author.get('Activity/recent', { type: ['CreateTopic', 'CreateTopicComment'], count: 10 });
    expect(left.body.entry.map((e: { contentId: string }) => e.contentId)).toEqual([aside]);
    expect(listedIds(await other.get('Topic/recent', { tag: 'editors', count: 10 }))).toEqual([]);

    // Deleting a category keeps its topics, without a category.
    expect((await admin.put('Topic', { id: aside, categoryId })).body).toEqual({ success: true });
    expect((await admin.del('Category', { id: categoryId })).body).toEqual({ success: true });
    expect((await other.get('Category', { id: categoryId })).status).toBe(404);
    expect((await other.get('Topic', { id: aside, fields: 'title,categoryId' })).body.entry).toEqual({ id: aside, title: 'an aside', categoryId: null });
  });

  it('renames a category and edits a topic, its tags and its visibility', async () => {
    const id = (await admin.post('Category', { title: 'Old name' })).body.id as string;
    expect((await admin.put('Category', { id, title: 'New name', description: 'About it' })).body).toEqual({ success: true });
    expect((await other.get('Category', { id, fields: 'title,description' })).body.entry).toEqual({ id, title: 'New name', description: 'About it' });

    const topic = (await author.post('Topic', { title: 'Draft title', tag: 'a' })).body.id as string;
    expect((await author.put('Topic', { id: topic, title: 'Final title', tag: ['b', 'c'], visibility: 'members' })).body).toEqual({ success: true });
    expect((await other.get('Topic', { id: topic, fields: 'title,topTags,visibility' })).body.entry).toEqual({
      id: topic,
      title: 'Final title',
      topTags: ['b', 'c'],
      visibility: 'members',
    });
    const both = await other.get('Topic', { id: [topic, `${server.networkId}:Topic:999999`], fields: 'title' });
    expect(both.body.entry).toEqual([{ id: topic, title: 'Final title' }]);
  });
});
