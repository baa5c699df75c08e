// The entries of rows kept (lib/kept-rows.ts) are written in JSON once and spliced into every
// reply that shows them (fields.ts: presentWritten; envelope.ts). A reply made so is the reply
// made afresh, byte for byte, pretty or not; an entry is written anew for another selection
// or origin, and when its item would read differently with time (a scheduled post falling due).
// A list of such rows read again takes the entries and resources made for it, and the reply
// last sent with them where the rest of the reply is the same.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Request, Response } from 'express';
import { sendJson } from './envelope';
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
    refs: { author: { key: (i) => `a${i.id % 2}`, sub: { name: (i) => `Author ${i.id % 2}` } } },
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

/** What sendJson sends for `body` to a GET of `url`: its bytes (the very Buffer handed to Node) and ETag. */
function sent(body: Record<string, unknown>, url = '/xn/rest/net/1.0/Item') {
  const headers = new Map<string, unknown>();
  let bytes: Buffer | undefined;
  const res = {
    statusCode: 0,
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    end: (chunk?: Buffer) => void (bytes = chunk),
  };
  sendJson({ method: 'GET', originalUrl: url, headers: {} } as Request, res as unknown as Response, 200, body);
  return { bytes: bytes!, etag: headers.get('etag') };
}

describe('a list of items kept', () => {
  const items = (): Item[] => [
    { id: 1, title: 'One', dueAt: 0 },
    { id: 2, title: 'Two', dueAt: 2_000 },
  ];

  it('read again in the same selection, takes the entries and resources made for it, until one of its items reads differently', () => {
    const { presenter, calls } = counting();
    const list = items();
    const selection = selectFields(presenter, 'title,author.name');
    const keepsAll = keepingAll();
    const first = presentWritten(presenter, list, selection, ctx, keepsAll);
    const chargedToFirst = keepsAll.charged.get(list[0]!)!;
    const chargedToSecond = keepsAll.charged.get(list[1]!)!;
    calls.n = 0;
    const again = presentWritten(presenter, list, selection, ctx, keepsAll);
    expect(again.entries).toBe(first.entries);
    expect(again.resources).toBe(first.resources);
    expect(calls.n).toBe(0);
    // The list is charged to its first item (whose entry is about as long as the second's), once.
    expect(chargedToFirst - chargedToSecond).toBeGreaterThan(100);
    expect(keepsAll.charged.get(list[0]!)).toBe(chargedToFirst);

    // Other items, or the same in another order, another selection or origin: another list.
    expect(presentWritten(presenter, [...list].reverse(), selection, ctx, keepsAll).entries).not.toBe(first.entries);
    expect(presentWritten(presenter, [list[0]!], selection, ctx, keepsAll).entries).not.toBe(first.entries);
    expect(presentWritten(presenter, list, selectFields(presenter, 'title'), ctx, keepsAll).entries).not.toBe(first.entries);
    expect(presentWritten(presenter, list, selection, { ...ctx, origin: 'https://two.example' }, keepsAll).entries).not.toBe(first.entries);
    expect(presentWritten(presenter, list, selection, ctx, keepsAll).entries).toBe(first.entries);

    // The second item is due at 2,000: from then on the list is made again, with the item as it reads then.
    const due = presentWritten(presenter, list, selection, { ...ctx, now: 2_000 }, keepsAll);
    expect(due.entries).not.toBe(first.entries);
    expect(JSON.parse(due.entries.texts[1]!)).toMatchObject({ id: 2 });
    expect(presentWritten(presenter, list, selection, { ...ctx, now: 2_001 }, keepsAll).entries).toBe(due.entries);

    // Items not kept: made every time.
    const loose = items();
    expect(presentWritten(presenter, loose, selection, ctx, keepsNone).entries).not.toBe(presentWritten(presenter, loose, selection, ctx, keepsNone).entries);
  });

  it('is sent in the reply last sent with it where the rest of the reply is the same, and in one made afresh otherwise', () => {
    const { presenter } = counting();
    const list = items();
    const selection = selectFields(presenter, 'title,author.name');
    const keepsAll = keepingAll();
    const { entries, resources } = presentWritten(presenter, list, selection, ctx, keepsAll);
    const body = (anchor: string) => ({ success: true, entry: entries, anchor, lastPage: false, resources });
    /** The reply JSON.stringify makes of the same body, entries and all. */
    const afresh = (anchor: string) => JSON.stringify(JSON.parse(JSON.stringify(body(anchor))));

    const one = sent(body('one'));
    expect(one.bytes.toString()).toBe(afresh('one'));
    expect(JSON.parse(one.bytes.toString())).toMatchObject({ entry: [{ id: 1, title: 'One' }, { id: 2, title: 'Two' }], resources: { a1: { name: 'Author 1' }, a0: { name: 'Author 0' } } });
    // The reply is charged to the list's first item.
    expect(keepsAll.charged.get(list[0]!)).toBeGreaterThan(one.bytes.length);
    const again = sent(body('one'));
    expect(again.bytes).toBe(one.bytes);
    expect(again.etag).toBe(one.etag);

    // Another anchor: another reply, and the one after it is that one.
    const two = sent(body('two'));
    expect(two.bytes.toString()).toBe(afresh('two'));
    expect(two.etag).not.toBe(one.etag);
    expect(sent(body('two')).bytes).toBe(two.bytes);
    expect(sent(body('one')).bytes.toString()).toBe(afresh('one'));
    // Resources made anew (equal, not the ones kept): made afresh.
    expect(sent({ ...body('one'), resources: structuredClone(resources) }).bytes).not.toBe(sent(body('one')).bytes);

    // Pretty: never the compact reply.
    expect(sent(body('one'), '/xn/rest/net/1.0/Item?xn_pretty=true').bytes.toString()).toBe(JSON.stringify(JSON.parse(afresh('one')), null, 2));
    expect(sent(body('one')).bytes.toString()).toBe(afresh('one'));

    // Entries not kept: made afresh every time.
    const loose = presentWritten(presenter, items(), selection, ctx, keepsNone);
    const looseBody = { success: true, entry: loose.entries, resources: loose.resources };
    expect(sent(looseBody).bytes).not.toBe(sent(looseBody).bytes);
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
