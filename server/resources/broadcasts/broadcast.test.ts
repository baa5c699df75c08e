// Story: an administrator broadcasts to every member; the same messageId again within five
// minutes is refused as a duplicate; members read broadcasts newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { expectError, ISO_DATE, listedIds } from '../../test/expect-api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('broadcast messages', () => {
  it('are sent by administrators once per messageId and read by members', async () => {
    const owner = await server.owner();
    const member = await server.signUp('Mina Member');

    const sent = await owner.post('BroadcastMessage', { subject: 'Meetup on Friday', body: '<p>Bring a project <script>x()</script></p>', messageId: 'meetup-1' });
    expect(sent.body).toEqual({ success: true, id: expect.stringMatching(new RegExp(`^${server.networkId}:BroadcastMessage:\\d+$`)) });
    // A client that retries the same message gets a duplicate, and nothing is sent twice.
    expectError(await owner.post('BroadcastMessage', { subject: 'Meetup on Friday', body: 'again', messageId: 'meetup-1' }), 409, 6, 1);
    const other = await owner.post('BroadcastMessage', { subject: 'Second', body: 'Another one', messageId: 'meetup-2' });
    // Without a messageId nothing is deduplicated.
    await owner.post('BroadcastMessage', { subject: 'Third', body: 'No id' });
    await owner.post('BroadcastMessage', { subject: 'Third', body: 'No id' });

    const inbox = await member.get('BroadcastMessage/recent', { count: 10 });
    expect(listedIds(inbox)).toHaveLength(4);
    expect(inbox.body.entry[2].id).toBe(other.body.id);
    expect(inbox.body.entry[3]).toEqual({
      id: sent.body.id,
      author: owner.who.screenName,
      createdDate: expect.stringMatching(ISO_DATE),
      subject: 'Meetup on Friday',
      body: '<p>Bring a project </p>',
    });
    expect(inbox.body.resources[owner.who.screenName!]).toMatchObject({ fullName: expect.any(String) });
  });

  it('frees a messageId after five minutes', async () => {
    const owner = await server.owner();
    await owner.post('BroadcastMessage', { subject: 'Weekly', body: 'Week 1', messageId: 'weekly' });
    // Age the first one past the window, as five real minutes would.
    await server.db.updateTable('broadcasts').set({ created_at: Date.now() - 5 * 60_000 - 1 }).where('message_id', '=', 'weekly').execute();
    const again = await owner.post('BroadcastMessage', { subject: 'Weekly', body: 'Week 2', messageId: 'weekly' });
    expect(again.status).toBe(200);
    expectError(await owner.post('BroadcastMessage', { subject: 'Weekly', body: 'Week 2', messageId: 'weekly' }), 409, 6, 1);
  });

  it('refuses duplicates sent at the same moment', async () => {
    const owner = await server.owner();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => owner.post('BroadcastMessage', { subject: 'Race', body: 'Once only', messageId: 'race' })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });
});
