// Story: a reader pages forwards and then backwards through 250 posts while members keep
// writing (and deleting); every post is seen exactly once, in the display order, and anchors
// are positions that can be reused with any count, either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { listedIds } from '../../test/expect-api';

let server: TestServer;
let author: Client;
let reader: Client;
/** Every post of the network, newest first, as `recent` must list them. */
let displayOrder: string[];

const numberOf = (id: string) => Number(id.split(':')[2]);

async function writePosts(n: number, title: string): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < n; start += 50) {
    const batch = Array.from({ length: Math.min(50, n - start) }, (_, i) =>
      author.post('BlogPost', { title: `${title} ${start + i}`, description: 'paging' }),
    );
    for (const res of await Promise.all(batch)) {
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
  }
  return ids;
}

/** The network's posts newest first, worked out from their createdDate and id alone. */
async function expectedOrder(ids: string[]): Promise<string[]> {
  const dated: { id: string; createdDate: string }[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const res = await reader.get('BlogPost', { id: ids.slice(i, i + 100), fields: 'createdDate' });
    dated.push(...res.body.entry);
  }
  expect(dated).toHaveLength(ids.length);
  return dated
    .sort((a, b) => b.createdDate.localeCompare(a.createdDate) || numberOf(b.id) - numberOf(a.id))
    .map((p) => p.id);
}

async function page(count: number, anchor?: string) {
  const res = await reader.get('BlogPost/recent', { count, anchor, fields: 'id' });
  return { ids: listedIds(res), anchor: res.body.anchor as string, firstPage: res.body.firstPage, lastPage: res.body.lastPage };
}

beforeAll(async () => {
  server = await startTestServer();
  author = await server.signUp('Paula Prolific');
  reader = server.anonymous();
  displayOrder = await expectedOrder(await writePosts(250, 'Post'));
});
afterAll(() => server.stop());

describe('paging through 250 posts', () => {
  it('forwards, then backwards, misses and repeats nothing while posts arrive and go', async () => {
    const seen: string[] = [];
    let arrived = 0;
    let anchor: string | undefined;
    for (let pageNo = 0; ; pageNo++) {
      const p = await page(40, anchor);
      expect(p.firstPage).toBe(pageNo === 0);
      expect(p.anchor).not.toBe('');
      if (p.ids.length === 0) {
        // One client pages until it sees an empty entry: past the end is a success with an anchor.
        expect(p.lastPage).toBe(true);
        break;
      }
      seen.push(...p.ids);
      expect(p.lastPage).toBe(seen.length === displayOrder.length);
      anchor = p.anchor;
      // A member writes while the reader pages; after a while, an already-read post goes away.
      arrived += (await writePosts(1, 'Arrived going forwards')).length;
      if (pageNo === 1) expect((await author.del('BlogPost', { id: seen[3] })).status).toBe(200);
    }
    expect(seen).toEqual(displayOrder);

    const backwards: string[] = [];
    for (let pageNo = 0; ; pageNo++) {
      const p = await page(-40, anchor);
      expect(p.lastPage).toBe(pageNo === 0);
      backwards.unshift(...p.ids);
      anchor = p.anchor;
      if (p.firstPage) break;
      arrived += (await writePosts(1, 'Arrived going backwards')).length;
    }
    const now: string[] = [];
    for (let p = await page(100); ; p = await page(100, p.anchor)) {
      now.push(...p.ids);
      if (p.lastPage) break;
    }
    expect(backwards).toEqual(now);
    expect(new Set(backwards).size).toBe(backwards.length);
    expect(now).toHaveLength(250 - 1 + arrived);
  });
});

describe('anchors are positions', () => {
  it('reads the items just before an anchor, in display order, with a negative count', async () => {
    const all = await page(100);
    const after = await page(40);
    const before = await page(-10, after.anchor);
    expect(before.ids).toEqual(all.ids.slice(30, 40));
    expect(before.firstPage).toBe(false);
    expect(before.lastPage).toBe(false);

    // The anchor of a backward page points before its first item: either way from there.
    expect((await page(-5, before.anchor)).ids).toEqual(all.ids.slice(25, 30));
    expect((await page(3, before.anchor)).ids).toEqual(all.ids.slice(30, 33));
  });

  it('can be reused with a different count', async () => {
    const all = await page(100);
    const first = await page(20);
    expect((await page(5, first.anchor)).ids).toEqual(all.ids.slice(20, 25));
    expect((await page(60, first.anchor)).ids).toEqual(all.ids.slice(20, 80));
    expect((await page(-20, first.anchor)).ids).toEqual(all.ids.slice(0, 20));
  });

  it('reads nothing before the start, and says so', async () => {
    const p = await page(-10);
    expect(p).toMatchObject({ ids: [], firstPage: true, lastPage: false });
    expect(p.anchor).not.toBe('');
  });

  it('counts one by default', async () => {
    const res = await reader.get('BlogPost/recent');
    expect(listedIds(res)).toHaveLength(1);
    expect(res.body).toMatchObject({ firstPage: true, lastPage: false });
  });
});
