// Story: a commenter corrects a comment; under comment moderation the edit waits for approval
// again, and an administrator approves it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { expectError, ISO_DATE } from '../../test/expect-api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('editing a comment', () => {
  it('is for its author; approval is for administrators', async () => {
    const author = await server.signUp('Ida Item');
    const commenter = await server.signUp('Cal Commenter');
    const owner = await server.owner();
    const post = (await author.post('BlogPost', { title: 'Open thread' })).body.id as string;
    const comment = (await commenter.post('Comment', { attachedTo: post, description: 'Frist!' })).body.id as string;

    expect((await commenter.put('Comment', { description: '<b>First</b> <script>x()</script>' }, { id: comment })).body).toEqual({ success: true });
    const read = await server.anonymous().get('Comment/recent', { attachedTo: post, fields: 'description,approved,updatedDate' });
    expect(read.body.entry).toEqual([{ id: comment, description: '<b>First</b>', approved: true, updatedDate: expect.stringMatching(ISO_DATE) }]);
    expectError(await author.put('Comment', { description: 'Not yours' }, { id: comment }), 403, 2, 1);
    expectError(await owner.put('Comment', { description: 'Not yours either' }, { id: comment }), 403, 2, 1);

    // Under moderation, an edited comment goes back to the queue until approved.
    await owner.put('Network', { commentModeration: true });
    await commenter.put('Comment', { description: 'First, edited' }, { id: comment });
    expect((await server.anonymous().get('Comment/recent', { attachedTo: post })).body.entry).toEqual([]);
    expect((await owner.get('ModerationQueue/list', { count: 10 })).body.entry.map((e: { id: string }) => e.id)).toEqual([comment]);
    expectError(await commenter.put('Comment', { approved: true }, { id: comment }), 403, 2, 1);
    expect((await owner.put('Comment', { approved: true }, { id: comment })).body).toEqual({ success: true });
    await owner.put('Network', { commentModeration: false });
    const approved = await server.anonymous().get('Comment/recent', { attachedTo: post, fields: 'description,approved' });
    expect(approved.body.entry).toEqual([{ id: comment, description: 'First, edited', approved: true }]);
  });
});
