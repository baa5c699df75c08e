// The tag counts the database keeps per audience (migration 0085) against a count of every
// tagged item, after writes of every kind: posts, topics, videos and photos written, retagged,
// restricted, held, approved, published, scheduled and deleted through the service, and rows
// changed, moved and deleted behind its back (a member's account deleted with all they wrote).
// At any moment, and for every audience and type, they are the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { countTags } from '../../db/migrations/0085-tag-audience-counts';
import { visibleToAudience, type Audience } from '../../lib/scope';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { uploadPhoto } from '../photos/test-images';
import { namesItem } from '../commentable';
import { contentTypes, type ContentTypeName } from '../content/types';
import { audienceTagCounts } from './store';

let server: TestServer;
let ada: Client;
let sam: Client;
let owner: Client;

beforeAll(async () => {
  server = await startTestServer();
  [ada, sam, owner] = [await server.signUp('Ada Kept'), await server.signUp('Sam Kept'), await server.owner()];
});
afterAll(() => server.stop());

const AUDIENCES = ['moderators', 'members', 'public'] as const;
const TYPES = [undefined, ...(Object.keys(contentTypes) as ContentTypeName[])];

/** Every tagged item the audience sees at `now`, counted one by one. */
async function recount(db: Db, networkId: number, audience: Audience, now: number, type?: ContentTypeName) {
  const rows = await db
    .selectFrom('item_tags as t')
    .select(['t.value', (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.network_id', '=', networkId)
    .where((eb) => namesItem(eb, { type: 't.item_type', id: 't.item_id' }, (t) => visibleToAudience(eb, { alias: 'x', publishable: t.publishable }, audience, now), type))
    .groupBy('t.value')
    .execute();
  return rows.map((r) => ({ value: r.value, count: Number(r.n) })).sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
}

/** The kept counts equal a recount for every audience and type, now and at `later` times. */
async function expectKept(...later: number[]) {
  for (const now of [Date.now(), ...later]) {
    for (const audience of AUDIENCES) {
      for (const type of TYPES) {
        const expected = await recount(server.db, server.networkId, audience, now, type);
        expect(await audienceTagCounts(server.db, server.networkId, audience, now, { type }), `${audience} ${type ?? 'all'} at ${now}`).toEqual(expected);
        // The most used few, and a few tags by name.
        expect(await audienceTagCounts(server.db, server.networkId, audience, now, { type, limit: 3 })).toEqual(expected.slice(0, 3));
        const values = ['pear', 'plum', 'fig', 'none'];
        expect(await audienceTagCounts(server.db, server.networkId, audience, now, { type, values })).toEqual(expected.filter((t) => values.includes(t.value)));
      }
    }
  }
  // No count is kept but those of items that are there.
  const kept = await server.db.selectFrom('tag_audience_counts').select(['audience', 'item_type', 'value', 'n']).where('network_id', '=', server.networkId).where('n', '<>', 0).execute();
  const timeless = Number.MAX_SAFE_INTEGER;
  for (const row of kept) {
    const counted = await recount(server.db, server.networkId, row.audience, timeless, (row.item_type || undefined) as ContentTypeName | undefined);
    expect(Number(row.n), `${row.audience} ${row.item_type} ${row.value}`).toBe(counted.find((t) => t.value === row.value)?.count);
  }
}

const rowId = async (table: 'blog_posts' | 'forum_topics' | 'videos' | 'photos', title: string) =>
  Number((await server.db.selectFrom(table).select('id').where('title', '=', title).executeTakeFirstOrThrow()).id);

describe('the tag counts kept per audience', () => {
  it('equal a count of every tagged item after each write', async () => {
    const hour = 3_600_000;
    await sam.post('BlogPost', { title: 'Public pears', tag: ['pear', 'plum'] });
    await sam.post('BlogPost', { title: 'Members plums', tag: ['plum', 'fig'], visibility: 'members' });
    await ada.post('BlogPost', { title: 'Friends figs', tag: ['fig'], visibility: 'friends' });
    await ada.post('BlogPost', { title: 'My pears', tag: ['pear'], visibility: 'me' });
    const draft = (await ada.post('BlogPost', { title: 'Draft', tag: ['pear', 'fig'], publishStatus: 'draft' })).body.id;
    const due = Date.now() + hour;
    await ada.post('BlogPost', { title: 'Scheduled', tag: ['pear', 'quince'], publishTime: new Date(due).toISOString() });
    await sam.post('Topic', { title: 'Tide plums', tag: ['plum', 'tide'] });
    await ada.post('Video', { url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Fig video', tag: ['fig', 'pear'], visibility: 'members' });
    await uploadPhoto(sam, { title: 'Pear photo', tag: ['pear', 'photo'] });
    // Before the scheduled post is due, at the moment it is, and after.
    await expectKept(due - 1, due, due + 1);

    await ada.put('BlogPost', { id: draft, publishStatus: 'publish' });
    await ada.put('BlogPost', { id: draft, tag: ['fig', 'plum', 'quince'] });
    await expectKept();
    await owner.put('BlogPost', { approved: false }, { id: draft });
    await expectKept();
    await owner.put('BlogPost', { approved: true }, { id: draft });
    await ada.put('BlogPost', { id: draft, visibility: 'members' });
    await expectKept();
    await ada.del('BlogPost', { id: draft });
    await expectKept(due + 1);

    // Held for approval, then approved.
    await owner.put('Network', { blogPostModeration: true });
    let held: string;
    try {
      held = (await sam.post('BlogPost', { title: 'Held', tag: ['pear', 'held'] })).body.id;
      await expectKept();
    } finally {
      await owner.put('Network', { blogPostModeration: false });
    }
    await owner.put('BlogPost', { approved: true }, { id: held });

    // Behind the service's back: a level changed, a tag renamed and moved, an item deleted first.
    await server.db.updateTable('videos').set({ visibility: 'all' }).where('id', '=', await rowId('videos', 'Fig video')).execute();
    await server.db.updateTable('forum_topics').set({ approved: 0 }).where('id', '=', await rowId('forum_topics', 'Tide plums')).execute();
    await server.db.updateTable('item_tags').set({ value: 'pearl' }).where('value', '=', 'photo').execute();
    await server.db
      .updateTable('item_tags')
      .set({ item_type: 'Video', item_id: await rowId('videos', 'Fig video') })
      .where('value', '=', 'tide')
      .execute();
    await server.db.deleteFrom('blog_posts').where('id', '=', await rowId('blog_posts', 'Members plums')).execute();
    await expectKept(due + 1);

    // Ada's account goes, and with it everything she wrote.
    await server.db.deleteFrom('accounts').where('id', '=', await server.accountIdOf(ada)).execute();
    await expectKept(due + 1);
  });

  it('are counted from what a network holds when they are first kept', async () => {
    const all = () => server.db.selectFrom('tag_audience_counts').selectAll().where('n', '<>', 0).orderBy('network_id').orderBy('audience').orderBy('item_type').orderBy('value').execute();
    const kept = await all();
    expect(kept.length).toBeGreaterThan(0);
    await server.db.deleteFrom('tag_audience_counts').execute();
    await countTags(server.db);
    expect(await all()).toEqual(kept);
  });
});
