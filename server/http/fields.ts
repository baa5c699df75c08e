// `fields` and `resources`, once for every resource. A presenter names the keys an entry can
// carry and the references (author, attachedToAuthor, image, ...) whose sub-properties go
// into the top-level `resources` map, keyed by the reference the entry keeps.
import { ApiError } from '../lib/errors';

export interface PresentContext {
  /** scheme://host[:port] of the request, for absolute URLs. */
  origin: string;
  networkSubdomain: string;
  networkId: number;
  /** The time of the request, for what reads differently as time passes (a post's publishStatus). */
  now: number;
}

type Getter<T> = (item: T, ctx: PresentContext) => unknown;

export interface Reference<T> {
  key: (item: T) => string | null;
  sub: Record<string, Getter<T>>;
}

export interface Presenter<T> {
  fields: Record<string, Getter<T>>;
  refs: Record<string, Reference<T>>;
  /** Keys and `ref.sub` names returned when the caller sends no `fields`. */
  defaults: string[];
  /**
   * When an item presented at `now` would read differently with no change to it (a scheduled
   * post's status, once it is due), or null: how long an entry written for it holds (presentWritten).
   */
  changesAt?: (item: T, now: number) => number | null;
}

export interface Selection {
  readonly keys: readonly string[];
  readonly subs: ReadonlyMap<string, readonly string[]>;
  /**
   * An entry with every selected key, in order, set to null, and the same of each reference's
   * resource: copied and filled in, the objects of a reply all share one shape from the start
   * instead of each growing one key at a time.
   */
  readonly shape: { readonly entry: object; readonly resources: ReadonlyMap<string, object> };
}

/** Most distinct `fields` values kept per presenter; clients send a handful each. */
const MAX_SELECTIONS = 256;
const selections = new WeakMap<Presenter<any>, Map<string | undefined, Selection>>();

/**
 * What `fields` selects of a presenter's keys and references (400, 4-1, for a name it does not
 * have). Selections are worked out once per presenter and `fields` value, and shared: read-only.
 */
export function selectFields<T>(presenter: Presenter<T>, fields: string | undefined): Selection {
  let kept = selections.get(presenter);
  if (!kept) selections.set(presenter, (kept = new Map()));
  let selection = kept.get(fields);
  if (!selection) {
    selection = selectionOf(presenter, fields);
    if (kept.size < MAX_SELECTIONS) kept.set(fields, selection);
  }
  return selection;
}

function selectionOf<T>(presenter: Presenter<T>, fields: string | undefined): Selection {
  const names = fields === undefined ? presenter.defaults : fields.split(',').map((f) => f.trim()).filter(Boolean);
  const keys: string[] = 'id' in presenter.fields ? ['id'] : [];
  const subs = new Map<string, string[]>();
  for (const name of names) {
    const dot = name.indexOf('.');
    if (dot > 0) {
      const ref = name.slice(0, dot);
      const sub = name.slice(dot + 1);
      // Own properties only: `constructor` or `__proto__` must not reach Object.prototype.
      if (!Object.hasOwn(presenter.refs, ref) || !Object.hasOwn(presenter.refs[ref]!.sub, sub)) {
        throw new ApiError('unknownField', `Field '${name}' is not accepted by this endpoint.`);
      }
      const list = subs.get(ref) ?? [];
      if (!list.includes(sub)) subs.set(ref, [...list, sub]);
    } else {
      if (!Object.hasOwn(presenter.fields, name)) throw new ApiError('unknownField', `Field '${name}' is not accepted by this endpoint.`);
      if (!keys.includes(name)) keys.push(name);
    }
  }
  const resources = new Map<string, object>();
  for (const [ref, names] of subs) resources.set(ref, nulls(names));
  return { keys, subs, shape: { entry: nulls(keys), resources } };
}

function nulls(keys: readonly string[]): object {
  const object: Record<string, null> = {};
  for (const key of keys) object[key] = null;
  return object;
}

export function present<T>(presenter: Presenter<T>, items: T[], selection: Selection, ctx: PresentContext) {
  const entries = items.map((item) => entryOf(presenter, item, selection, ctx));
  return { entries, resources: presentResources(presenter, items, selection, ctx) };
}

function entryOf<T>(presenter: Presenter<T>, item: T, selection: Selection, ctx: PresentContext): Record<string, unknown> {
  const entry: Record<string, unknown> = { ...selection.shape.entry };
  for (const key of selection.keys) entry[key] = presenter.fields[key]!(item, ctx) ?? null;
  return entry;
}

/** The resources the items' references name, each once, with the selected names of each. */
function presentResources<T>(presenter: Presenter<T>, items: T[], selection: Selection, ctx: PresentContext) {
  const { shape } = selection;
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [refName, subNames] of selection.subs) {
    const ref = presenter.refs[refName]!;
    const blank = shape.resources.get(refName)!;
    for (const item of items) {
      const key = ref.key(item);
      if (key === null) continue;
      const resource = (resources[key] ??= { ...blank });
      for (const sub of subNames) resource[sub] = ref.sub[sub]!(item, ctx) ?? null;
    }
  }
  return resources;
}

/**
 * Entries already written in JSON, each as JSON.stringify writes the entry present makes:
 * sendJson splices them into the reply as they are; anything else stringifying a reply reads
 * them back (toJSON).
 */
export class WrittenEntries {
  /** The last reply sent with these entries, kept (see `finish`). */
  finished: FinishedReply | undefined;

  /** `keep`: these entries are kept for the items they show (presentWritten), which what they keep is charged to. */
  constructor(
    readonly texts: string[],
    private readonly keep?: (bytes: number) => void,
  ) {}

  /**
   * Keeps the reply sent with these entries (envelope.ts: sendJson) when they are kept: the
   * next read of the same items gets the same entries, and the same reply where the rest of
   * its body is the same too.
   */
  finish(reply: FinishedReply): void {
    if (!this.keep) return;
    this.keep(reply.bytes.length - (this.finished?.bytes.length ?? 0));
    this.finished = reply;
  }

  toJSON(): unknown[] {
    return this.texts.map((text) => JSON.parse(text) as unknown);
  }
}

/** A reply sent with written entries: the rest of its body (key, value, ...), its bytes and its ETag. */
export interface FinishedReply {
  rest: unknown[];
  bytes: Buffer;
  etag: string;
}

/** An entry written for an item: for a selection, an origin and a network, until a time. */
interface Written {
  selection: Selection;
  origin: string;
  subdomain: string;
  until: number;
  text: string;
}

/** Entries written lately, by the item (a row the process keeps: lib/kept-rows.ts), a few per item. */
const writtenEntries = new WeakMap<object, Written[]>();
const WRITTEN_PER_ITEM = 4;
/** About what an entry written takes in memory, in bytes. */
const writtenSize = (text: string) => 64 + text.length * 2;

/** What keeps the items whose entries are written (lib/kept-rows.ts: KeptRows). */
export interface EntryKeeper<T> {
  /** Whether `item` is never changed once read, so that its entries may be kept with it. */
  holds(item: T): boolean;
  /** What is kept with `item` takes `bytes` more, or fewer: charged to it. */
  grew(item: T, bytes: number): void;
}

/**
 * A list of items presented lately, by its first item: read again, the same items (a page of
 * rows kept, lib/kept-rows.ts) in the same selection, origin and network take the same entries
 * and resources, and with them the reply they were sent in (WrittenEntries: finish).
 */
interface WrittenList {
  selection: Selection;
  origin: string;
  subdomain: string;
  until: number;
  /** Held weakly: a list keeps no item that its cache has forgotten alive. */
  items: WeakRef<object>[];
  entries: WrittenEntries;
  resources: Record<string, Record<string, unknown>>;
}

const writtenLists = new WeakMap<object, WrittenList[]>();
const LISTS_PER_ITEM = 4;
/** About what a list kept takes in memory besides its reply, in bytes. */
const listSize = (items: readonly unknown[]) => 256 + items.length * 32;

/**
 * What present makes, with the entries written in JSON; each of an item `keeper` holds (a
 * row kept) is kept with it, and charged to it, for the next reply that shows it, so that
 * such an item is written once, not on every request. A list of such items is kept with its
 * first, its entries and resources made once for the same list.
 */
export function presentWritten<T extends object>(presenter: Presenter<T>, items: T[], selection: Selection, ctx: PresentContext, keeper: EntryKeeper<T>) {
  const first = items[0];
  const lists = first && keeper.holds(first) ? writtenLists.get(first) : undefined;
  const sameList = (l: WrittenList) =>
    l.selection === selection && l.origin === ctx.origin && l.subdomain === ctx.networkSubdomain && ctx.now < l.until && sameItems(l.items, items);
  const kept = lists?.find(sameList);
  if (kept) return { entries: kept.entries, resources: kept.resources };

  let until = Infinity;
  const texts = items.map((item) => {
    let written = writtenEntries.get(item);
    const same = (w: Written) => w.selection === selection && w.origin === ctx.origin && w.subdomain === ctx.networkSubdomain;
    const found = written?.find(same);
    if (found && ctx.now < found.until) {
      until = Math.min(until, found.until);
      return found.text;
    }
    const text = JSON.stringify(entryOf(presenter, item, selection, ctx));
    const holds = presenter.changesAt?.(item, ctx.now) ?? Infinity;
    until = Math.min(until, holds);
    if (!keeper.holds(item)) return text;
    // One entry per selection, origin and network: one that no longer holds is replaced.
    if (!written) writtenEntries.set(item, (written = []));
    const dropped = makeRoom(written, found, WRITTEN_PER_ITEM);
    written.push({ selection, origin: ctx.origin, subdomain: ctx.networkSubdomain, until: holds, text });
    keeper.grew(item, writtenSize(text) - (dropped ? writtenSize(dropped.text) : 0));
    return text;
  });
  const resources = presentResources(presenter, items, selection, ctx);
  if (!first || !items.every((item) => keeper.holds(item))) return { entries: new WrittenEntries(texts), resources };

  // Kept with its first item, in place of one that no longer holds, or of the oldest.
  const list: WrittenList = {
    selection,
    origin: ctx.origin,
    subdomain: ctx.networkSubdomain,
    until,
    items: items.map((item) => new WeakRef(item)),
    entries: new WrittenEntries(texts, (bytes) => keeper.grew(first, bytes)),
    resources,
  };
  let charged = listSize(items);
  const others = lists ?? [];
  if (!lists) writtenLists.set(first, others);
  const dropped = makeRoom(others, others.find((l) => ctx.now >= l.until), LISTS_PER_ITEM);
  if (dropped) charged -= listSize(dropped.items) + (dropped.entries.finished?.bytes.length ?? 0);
  others.push(list);
  keeper.grew(first, charged);
  return { entries: list.entries, resources };
}

/** Makes room in `kept` for one more, of at most `max`: drops `stale` if there is one, else the oldest when full; what it dropped. */
function makeRoom<E>(kept: E[], stale: E | undefined, max: number): E | undefined {
  if (stale) return kept.splice(kept.indexOf(stale), 1)[0];
  return kept.length >= max ? kept.shift() : undefined;
}

function sameItems(kept: WeakRef<object>[], items: readonly object[]): boolean {
  if (kept.length !== items.length) return false;
  for (let i = 0; i < kept.length; i++) if (kept[i]!.deref() !== items[i]) return false;
  return true;
}

/** Most dates kept written out; past it they are all forgotten and kept afresh. */
const MAX_DATES = 10_000;
/** Dates written out lately: the items of a page are presented again and again until it changes. */
const written = new Map<number, string>();

/** ISO-8601 UTC with milliseconds, the one date format clients parse. */
export function isoDate(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  let date = written.get(ms);
  if (date === undefined) {
    date = new Date(ms).toISOString();
    if (written.size >= MAX_DATES) written.clear();
    written.set(ms, date);
  }
  return date;
}
