// The entries of rows kept (lib/kept-rows.ts) are written in JSON once and spliced into every
// reply that shows them (fields.ts: presentWritten; envelope.ts). A reply made so is the reply
// made afresh, byte for byte, pretty or not; an entry is written anew for another selection
// or origin, and when its item would read differently with time (a scheduled post falling due).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { present, presentWritten, selectFields, WrittenEntries, type PresentContext, type Presenter } from './fields';
import { startTestServer, type Client, type TestServer } from '../test/harness';

interface Item {
  id: number;
  title: string;
  dueAt: number;
}

/** A presenter that counts what it writes, and reads an item as due from its time on. */
function counting() {
  const calls = { n: 0 };
  const presenter: Presenter<Item> = {
    fields: {
      id: (i) => i.id,
      title: (i) => (calls.n++, i.title),
      url: (i, ctx) => `${ctx.origin}/n/${ctx.networkSubdomain}/${i.id}`,
      due: (i, ctx) => ctx.now >= i.dueAt,
    },
    refs: {},
    defaults: ['title', 'url', 'due'],
    changesAt: (i, now) => (i.dueAt > now ? i.dueAt : null),
  };
  return { presenter, calls };
}

/** Keeps every item, and tallies what it is charged for their entries. */
function keepingAll() {
  const charged = new Map<Item, number>();
  return { charged, holds: () => true, grew: (item: Item, bytes: number) => void charged.set(item, (charged.get(item) ?? 0) + bytes) };
}
const keepsNone = { holds: () => false, grew: () => expect.unreachable('nothing is charged for an item not kept') };

const ctx: PresentContext = { origin: 'https://one.example', networkSubdomain: 'net', networkId: 1, now: 1_000 };

describe('entries written once', () => {
  it('are what present makes, written again only for another selection, origin or time, or an item not kept', () => {
    const { presenter, calls } = counting();
    const items: Item[] = [
      { id: 1, title: 'Quote " and \u2028 line', dueAt: 0 },
      { id: 2, title: 'Later', dueAt: 2_000 },
    ];
    const selection = selectFields(presenter, undefined);
    const keepsAll = keepingAll();
    const fresh = JSON.stringify(present(presenter, items, selection, ctx).entries);
    const first = presentWritten(presenter, items, selection, ctx, keepsAll).entries;
    expect(first).toBeInstanceOf(WrittenEntries);
    expect(`[${first.texts.join(',')}]`).toBe(fresh);
    // Each item is charged for its entry, once.
    const chargedFirst = items.map((item) => keepsAll.charged.get(item)!);
    expect(chargedFirst[0]).toBeGreaterThan(first.texts[0]!.length);
    expect(presentWritten(presenter, items, selection, ctx, keepsAll).entries.texts).toEqual(first.texts);
    expect(items.map((item) => keepsAll.charged.get(item))).toEqual(chargedFirst);
    expect(JSON.stringify(first)).toBe(fresh);
    calls.n = 0;

    // Kept: the same entries, none written again.
    expect(presentWritten(presenter, items, selection, ctx, keepsAll).entries.texts).toEqual(first.texts);
    expect(calls.n).toBe(0);

    // Another selection, another origin: written for them.
    expect(presentWritten(presenter, items, selectFields(presenter, 'title'), ctx, keepsAll).entries.texts[0]).toBe('{"id":1,"title":"Quote \\" and \u2028 line"}');
    expect(calls.n).toBe(2);
    const elsewhere = presentWritten(presenter, items, selection, { ...ctx, origin: 'https://two.example' }, keepsAll).entries.texts;
    expect(elsewhere[0]).toContain('https://two.example/n/net/1');
    expect(calls.n).toBe(4);

    // The later item is due at 2,000: written again from then on, the other not.
    calls.n = 0;
    const before = keepsAll.charged.get(items[1]!)!;
    const due = presentWritten(presenter, items, selection, { ...ctx, now: 2_000 }, keepsAll).entries.texts;
    expect(calls.n).toBe(1);
    expect(JSON.parse(due[1]!)).toMatchObject({ due: true });
    // Written anew, it replaces the entry it was charged for: one character fewer ("true" for "false"), two bytes.
    expect(keepsAll.charged.get(items[1]!)).toBe(before - 2);

    // Items not kept are written every time.
    const loose: Item[] = [{ id: 3, title: 'Loose', dueAt: 0 }];
    calls.n = 0;
    presentWritten(presenter, loose, selection, ctx, keepsNone);
    presentWritten(presenter, loose, selection, ctx, keepsNone);
    expect(calls.n).toBe(2);
  });
});

describe('a reply made of entries written once', () => {
  let server: TestServer;
  let ada: Client;
  beforeAll(async () => {
    server = await startTestServer();
    ada = await server.signUp('Ada Written');
  });
  afterAll(() => server.stop());

  /** The raw reply to Ada, with the cookie the harness's client keeps. */
  const raw = async (query: string) => {
    const res = await fetch(`${ada.url('BlogPost/recent')}?${query}`, { headers: ada.credentialHeaders('GET') });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('is the reply made afresh, compact and pretty, and shows a scheduled post as published once it is due', async () => {
    await ada.post('BlogPost', { title: 'Ada’s draft "quoted"', description: '<p>Line\u2028break</p>', publishStatus: 'draft' });
    const due = Date.now() + 1500;
    const scheduled = (await ada.post('BlogPost', { title: 'Ada’s scheduled post', publishTime: new Date(due).toISOString() })).body.id as string;
    const query = 'count=10&fields=title,description,publishStatus,author.fullName';
    // The first read keeps the rows; the second writes their entries; the third takes them.
    const replies = [await raw(query), await raw(query), await raw(query)];
    expect(new Set(replies).size).toBe(1);
    // Byte for byte what JSON.stringify makes of the same reply, compact and pretty.
    expect(replies[0]).toBe(JSON.stringify(JSON.parse(replies[0]!)));
    expect(await raw(`${query}&xn_pretty=true`)).toBe(JSON.stringify(JSON.parse(replies[0]!), null, 2));
    const statusOf = (text: string) => (JSON.parse(text) as { entry: { id: string; publishStatus: string }[] }).entry.find((e) => e.id === scheduled)?.publishStatus;
    expect(statusOf(replies[2]!)).toBe('queued');
    await vi.waitFor(async () => expect(statusOf(await raw(query))).toBe('publish'), { timeout: 10_000, interval: 200 });
  });
});
