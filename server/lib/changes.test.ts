// The change bus: committed writes announce what they changed, once, after the commit; a
// write refused or rolled back announces nothing; on PostgreSQL another instance hears it too,
// and the workers of one machine (which hear each other through their primary) not again.
import crypto from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test/harness';
import type { Change } from './changes';
import { announce, committed, postgresTransport } from './changes';

let server: TestServer;
let writer: Client;
let heard: Change[] = [];

beforeAll(async () => {
  server = await startTestServer();
  writer = await server.signUp('Wanda Writer');
  server.changes.subscribe((c) => heard.push(c));
});
afterAll(() => server.stop());

const numeric = (id: string) => Number(id.split(':')[2]);

describe('the change bus', () => {
  it('announces a new post with what deciding its visibility needs, after it is readable', async () => {
    heard = [];
    const seen: boolean[] = [];
    const stop = server.changes.subscribe((c) => {
      if (c.kind !== 'BlogPost') return;
      // Published after the commit: a read in the listener finds the row.
      void server.db
        .selectFrom('blog_posts')
        .select('id')
        .where('id', '=', c.id)
        .executeTakeFirst()
        .then((row) => seen.push(row !== undefined));
    });
    const id = numeric((await writer.post('BlogPost', { title: 'Friends only', visibility: 'friends' })).body.id);
    stop();
    const accountId = await server.accountIdOf(writer);
    expect(heard.filter((c) => c.kind === 'BlogPost')).toEqual([
      { networkId: server.networkId, kind: 'BlogPost', id, op: 'created', authorId: accountId, visibility: 'friends' },
    ]);
    await expect.poll(() => seen).toEqual([true]);
  });

  it('announces comments with the item they are on, and their deletion', async () => {
    const postId = (await writer.post('BlogPost', { title: 'Talk' })).body.id;
    heard = [];
    const commentId = (await writer.post('Comment', { attachedTo: postId, description: 'First' })).body.id;
    await writer.del('Comment', { id: commentId });
    const accountId = await server.accountIdOf(writer);
    const on = { kind: 'BlogPost', id: numeric(postId), authorId: accountId };
    expect(heard).toEqual([
      { networkId: server.networkId, kind: 'Comment', id: numeric(commentId), op: 'created', authorId: accountId, on },
      { networkId: server.networkId, kind: 'Comment', id: numeric(commentId), op: 'deleted', authorId: accountId, on },
    ]);
  });

  it('announces updates, deletions and friendships', async () => {
    const postId = (await writer.post('BlogPost', { title: 'Edit me' })).body.id;
    const friend = await server.signUp('Fred Friend');
    heard = [];
    await writer.put('BlogPost', { id: postId, title: 'Edited' });
    await writer.del('BlogPost', { id: postId });
    expect((await writer.post('Friend', { friend: friend.who.screenName! })).status).toBe(200);
    expect(heard.map((c) => `${c.kind} ${c.op}`)).toEqual(['BlogPost updated', 'BlogPost deleted', 'Friendship updated']);
  });

  it('announces nothing for a refused write', async () => {
    heard = [];
    const res = await writer.post('Comment', { attachedTo: `${server.networkId}:BlogPost:999999`, description: 'Nowhere' });
    expect(res.status).toBe(404);
    expect(heard).toEqual([]);
  });

  it('drops what a transaction announced when it rolls back, and refuses announcements outside one', async () => {
    heard = [];
    const change: Change = { networkId: server.networkId, kind: 'Network', id: server.networkId, op: 'updated' };
    await expect(
      committed(server, async (tx) => {
        announce(tx, change);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(heard).toEqual([]);
    await committed(server, async (tx) => announce(tx, change));
    expect(heard).toEqual([change]);
    await expect(server.db.transaction().execute(async (tx) => announce(tx, change))).rejects.toThrow(/outside committed/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('several instances on PostgreSQL', () => {
  it('carries each change to the other instance once', async () => {
    const other = await server.anotherInstance();
    const there: Change[] = [];
    other.changes.subscribe((c) => there.push(c));
    heard = [];
    const id = numeric((await writer.post('BlogPost', { title: 'Across instances' })).body.id);
    await expect.poll(() => there.filter((c) => c.kind === 'BlogPost').map((c) => c.id), { timeout: 5000 }).toEqual([id]);
    // The writing instance heard it once, not again through NOTIFY.
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.filter((c) => c.kind === 'BlogPost').map((c) => c.id)).toEqual([id]);
  });

  it('skips what came from its own origin: the other workers of its machine heard that already', async () => {
    const options = { databaseUrl: process.env.TEST_DATABASE_URL!, schema: `origins_${crypto.randomBytes(4).toString('hex')}`, log: pino({ level: 'silent' }) };
    const machine = crypto.randomUUID();
    const [first, sibling, elsewhere] = await Promise.all([
      postgresTransport({ ...options, origin: machine }),
      postgresTransport({ ...options, origin: machine }),
      postgresTransport(options),
    ]);
    const heardBy = { sibling: [] as number[], elsewhere: [] as number[] };
    sibling.onReceive = (changes) => heardBy.sibling.push(...changes.map((c) => c.id));
    elsewhere.onReceive = (changes) => heardBy.elsewhere.push(...changes.map((c) => c.id));
    try {
      await first.send([{ networkId: 1, kind: 'BlogPost', id: 1, op: 'created' }]);
      await expect.poll(() => heardBy.elsewhere, { timeout: 5000 }).toEqual([1]);
      // PostgreSQL delivers notifications in the order they were sent: had the sibling not
      // skipped the first, it would hear it before this one.
      await elsewhere.send([{ networkId: 1, kind: 'BlogPost', id: 2, op: 'created' }]);
      await expect.poll(() => heardBy.sibling, { timeout: 5000 }).toEqual([2]);
    } finally {
      await Promise.all([first.close(), sibling.close(), elsewhere.close()]);
    }
  });
});
