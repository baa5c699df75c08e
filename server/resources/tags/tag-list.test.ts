// Story: a reader pages through the tags of a post with anchors, both ways, and reads the
// network's tag cloud, overall and for one content type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { listedIds } from '../../test/expect-api';

let server: TestServer;
let author: Client;
let reader: Client;

beforeAll(async () => {
  server = await startTestServer();
  author = await server.signUp('Tess Tagger');
  reader = server.anonymous();
});
afterAll(() => server.stop());

const values = (res: { body: { entry: { value: string }[] } }) => res.body.entry.map((t) => t.value);

describe('Tag/list', () => {
  it('pages through all tags of an item in the order they were given, with reusable anchors', async () => {
    const tags = ['kiwi', 'apple', 'mango', 'fig', 'pear'];
    const post = (await author.post('BlogPost', { title: 'Fruit', tag: tags })).body.id;

    const first = await reader.get('Tag/list', { attachedTo: post, count: 2 });
    listedIds(first);
    expect(first.body).toMatchObject({ firstPage: true, lastPage: false, resources: {} });
    expect(first.body.entry).toEqual([
      { value: 'kiwi', count: 1, attachedTo: post, attachedToType: 'BlogPost' },
      { value: 'apple', count: 1, attachedTo: post, attachedToType: 'BlogPost' },
    ]);

    const second = await reader.get('Tag/list', { attachedTo: post, count: 2, anchor: first.body.anchor });
    expect(values(second)).toEqual(['mango', 'fig']);
    const last = await reader.get('Tag/list', { attachedTo: post, count: 2, anchor: second.body.anchor });
    expect(values(last)).toEqual(['pear']);
    expect(last.body).toMatchObject({ firstPage: false, lastPage: true });
    const past = await reader.get('Tag/list', { attachedTo: post, count: 2, anchor: last.body.anchor });
    expect(past.body).toMatchObject({ entry: [], anchor: expect.stringMatching(/\S/), lastPage: true });

    // The same anchor read backwards, and with another count.
    const back = await reader.get('Tag/list', { attachedTo: post, count: -3, anchor: last.body.anchor });
    expect(values(back)).toEqual(['mango', 'fig', 'pear']);
    expect(back.body).toMatchObject({ firstPage: false, lastPage: true });
    const before = await reader.get('Tag/list', { attachedTo: post, count: -3, anchor: back.body.anchor });
    expect(values(before)).toEqual(['kiwi', 'apple']);
    expect(before.body).toMatchObject({ firstPage: true, lastPage: false });
    const wide = await reader.get('Tag/list', { attachedTo: post, count: 100, anchor: first.body.anchor, fields: 'value' });
    expect(wide.body.entry).toEqual([{ value: 'mango' }, { value: 'fig' }, { value: 'pear' }]);

    // An update replaces the tags; the listing follows.
    await author.put('BlogPost', { id: post, tag: ['plum'] });
    expect(values(await reader.get('Tag/list', { attachedTo: post, count: 10 }))).toEqual(['plum']);
  });

  it('lists nothing, on one page, for an item without tags', async () => {
    const post = (await author.post('BlogPost', { title: 'Bare' })).body.id;
    const res = await reader.get('Tag/list', { attachedTo: post, count: 10 });
    expect(res.body).toMatchObject({ success: true, entry: [], firstPage: true, lastPage: true });
  });

  it('counts, for each tag, the items of the network carrying it', async () => {
    const a = (await author.post('BlogPost', { title: 'A', tag: ['tide', 'moon'] })).body.id;
    await author.post('BlogPost', { title: 'B', tag: 'tide' });
    const res = await reader.get('Tag/list', { attachedTo: a, count: 10, fields: 'value,count' });
    expect(res.body.entry).toEqual([
      { value: 'tide', count: 2 },
      { value: 'moon', count: 1 },
    ]);
  });
});

describe('tags across content types', () => {
  it('are listed for a forum topic as for a post, counted together, and separated by type', async () => {
    const topic = (await author.post('Topic', { title: 'Tides', tag: ['ebb', 'flow'] })).body.id;
    await author.post('BlogPost', { title: 'Ebb', tag: 'ebb' });

    const res = await reader.get('Tag/list', { attachedTo: topic, count: 10 });
    expect(res.body.entry).toEqual([
      { value: 'ebb', count: 2, attachedTo: topic, attachedToType: 'Topic' },
      { value: 'flow', count: 1, attachedTo: topic, attachedToType: 'Topic' },
    ]);
    const counts = async (type: string) =>
      Object.fromEntries((await reader.get('Tag/popular', { type, count: 100 })).body.entry.map((t: { value: string; count: number }) => [t.value, t.count]));
    expect(await counts('Topic')).toEqual({ ebb: 1, flow: 1 });
    expect(await counts('BlogPost')).toMatchObject({ ebb: 1 });
    expect(await counts('BlogPost')).not.toHaveProperty('flow');
  });
});

describe('Tag/popular', () => {
  it('lists the most used tags first, as many as asked, with their counts', async () => {
    const other = await server.signUp('Otto Other');
    for (let i = 0; i < 4; i++) await other.post('BlogPost', { title: `Cloud ${i}`, tag: ['cumulus', ...(i < 3 ? ['stratus'] : [])] });

    const res = await reader.get('Tag/popular', { count: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      entry: [
        { value: 'cumulus', count: 4 },
        { value: 'stratus', count: 3 },
      ],
      resources: {},
    });
    const one = await reader.get('Tag/popular', { count: 1, type: 'BlogPost', fields: 'value' });
    expect(one.body.entry).toEqual([{ value: 'cumulus' }]);
    // The default is a cloud of up to 20 tags.
    const cloud = await reader.get('Tag/popular');
    expect(cloud.body.entry.length).toBeGreaterThan(2);
    expect(cloud.body.entry.length).toBeLessThanOrEqual(20);
  });
});
