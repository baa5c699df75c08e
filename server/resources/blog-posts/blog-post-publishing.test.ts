// Story: an author keeps a draft, schedules a post a couple of seconds ahead and publishes
// others now or back-dated; readers see each post only once it is published, and the
// scheduled one appears by itself when its time comes, with no job to run.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError, listedIds } from '../../test/expect-api';

let server: TestServer;
let author: Client;
let reader: Client;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  [author, reader, admin] = await Promise.all([server.signUp('Petra Publisher'), server.signUp('Rita Reader'), server.signUp('Al Admin')]);
  await server.setMembership(admin, { role: 'admin' });
});
afterAll(() => server.stop());

const since = () => new Date(Date.now() - 3_600_000).toISOString();

/** What a caller finds of one post: by id, in recent, and in count. */
async function findings(client: Client, id: string) {
  const [got, recent, counted] = await Promise.all([
    client.get('BlogPost', { id, fields: 'publishStatus,publishTime' }),
    client.get('BlogPost/recent', { count: 100, fields: 'id', author: author.who.screenName! }),
    client.get('BlogPost/count', { createdAfter: since(), author: author.who.screenName! }),
  ]);
  return {
    status: got.status,
    entry: got.status === 200 ? got.body.entry : null,
    listed: listedIds(recent).includes(id),
    count: counted.body.count as number,
  };
}

describe('publishing', () => {
  it('keeps a draft to its author, even from administrators, until it is published', async () => {
    const id = (await author.post('BlogPost', { title: 'Draft', publishStatus: 'draft' })).body.id;
    expect(await findings(author, id)).toMatchObject({ status: 200, entry: { publishStatus: 'draft' }, listed: true, count: 1 });
    for (const other of [reader, admin, server.anonymous()]) {
      expect(await findings(other, id)).toMatchObject({ status: 404, listed: false, count: 0 });
    }
    expectError(await reader.post('Comment', { attachedTo: id, description: 'Early!' }), 404, 3, 1);
    expectError(await admin.put('BlogPost', { title: 'Edited' }, { id }), 404, 3, 1);

    expect((await author.put('BlogPost', { publishStatus: 'publish' }, { id })).status).toBe(200);
    const published = await findings(reader, id);
    expect(published).toMatchObject({ status: 200, entry: { publishStatus: 'publish' }, listed: true });
    // Published without a time means now, not when the draft was written.
    expect(Date.parse(published.entry.publishTime)).toBeGreaterThan(Date.now() - 10_000);
    await author.del('BlogPost', { id });
  });

  it('lists a queued post by itself once its time passes, and not before', async () => {
    const publishTime = new Date(Date.now() + 2_000).toISOString();
    const id = (await author.post('BlogPost', { title: 'Soon', publishStatus: 'publish', publishTime })).body.id;

    const [own, ...others] = await Promise.all([author, reader, admin, server.anonymous()].map((c) => findings(c, id)));
    // Answers that arrive before publishTime were given before it (a very slow machine proves nothing here).
    if (Date.now() < Date.parse(publishTime)) {
      expect(own).toMatchObject({ status: 200, entry: { publishStatus: 'queued', publishTime }, listed: true, count: 1 });
      for (const found of others) expect(found).toMatchObject({ status: 404, listed: false, count: 0 });
    }

    await vi.waitFor(
      async () => expect(await findings(reader, id)).toMatchObject({ status: 200, entry: { publishStatus: 'publish', publishTime }, listed: true, count: 1 }),
      { timeout: 10_000, interval: 100 },
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishTime));
    expect((await findings(author, id)).entry.publishStatus).toBe('publish');
    await author.del('BlogPost', { id });
  });

  it('takes queued as the status of a future time', async () => {
    const publishTime = new Date(Date.now() + 3_600_000).toISOString();
    const id = (await author.post('BlogPost', { title: 'Later', publishStatus: 'queued', publishTime })).body.id;
    expect((await findings(author, id)).entry).toMatchObject({ publishStatus: 'queued', publishTime });
    expect((await findings(reader, id)).status).toBe(404);

    expect((await author.put('BlogPost', { publishTime: 'now' }, { id })).status).toBe(200);
    const now = await findings(reader, id);
    expect(now.entry.publishStatus).toBe('publish');
    expect(Math.abs(Date.parse(now.entry.publishTime) - Date.now())).toBeLessThan(10_000);
    await author.del('BlogPost', { id });
  });

  it('publishes at once with publishTime=now or a time in the past', async () => {
    const before = Date.now();
    const nowId = (await author.post('BlogPost', { title: 'Now', publishTime: 'now' })).body.id;
    const nowEntry = (await findings(reader, nowId)).entry;
    expect(nowEntry.publishStatus).toBe('publish');
    expect(Date.parse(nowEntry.publishTime)).toBeGreaterThanOrEqual(before);

    const past = '2011-06-23T10:34:22-08:00';
    const pastId = (await author.post('BlogPost', { title: 'Back-dated', publishStatus: 'publish', publishTime: past })).body.id;
    expect(await findings(reader, pastId)).toMatchObject({
      status: 200,
      entry: { publishStatus: 'publish', publishTime: '2011-06-23T18:34:22.000Z' },
      listed: true,
    });
    // The listing order and `count` go by createdDate, not by the publish time.
    const recent = await reader.get('BlogPost/recent', { count: 2, fields: 'id' });
    expect(listedIds(recent)).toEqual([pastId, nowId]);
    expect((await findings(reader, pastId)).count).toBe(2);
  });
});
