// Rows as a read made them (an item's columns, author, tags and number of comments; a
// comment's or an activity event's with their authors), kept per network so that a listing
// read by a signed-in member, whose reply no one else shares, reads only which rows its page
// holds and takes those it read lately from here. A row is the same whoever reads it: the
// visibility scope decides which rows a page holds (its keys are read every time), not what
// a row says. So is what a whole audience sees (its tag counts), to which a reader's own
// extras are added (`value`).
//
// Freshness, as the response cache's (http/response-cache.ts): every committed write is
// announced on the change bus before it is answered and drops its network's rows (a member's
// profile, which every network's rows show, drops them all), so the very next read on this
// process sees it; other processes hear of it through the bus's transports. A row read while
// such a change lands is not kept, and none is kept longer than MAX_AGE_MS (what no change
// announced, like a write straight to the database).
import type { Page } from '../db/paging';
import type { ChangeBus } from './changes';
import { GenerationMap } from './generation-map';
import { processCaches, type MemoryBudget } from './memory-budget';

const MAX_AGE_MS = 60_000;
/** Most rows kept per network and shape; the budget bounds what they take together. */
const MAX_ROWS = 100_000;
/** A row read again is marked as used (the last the budget drops) at most this often: marking costs more than finding it. */
const MARK_USE_MS = 1_000;

interface Kept<Row> {
  row: Row;
  storedAt: number;
  usedAt: number;
}

/** What `value` keeps, and until when it holds (null: until a change). */
interface Held<T> {
  value: T;
  until: number | null;
}

/** A network's rows, by shape (see `rows`) and id. */
type NetworkRows = Map<string, GenerationMap<number, Kept<unknown>>>;

export class KeptRows {
  private readonly networks = new Map<number, NetworkRows>();
  /**
   * Every row `rows` read, as long as anything holds it (such a row is not changed once read:
   * see holds), with its entry while it is kept (what the budget charges for it).
   */
  private readonly read = new WeakMap<object, Kept<unknown> | null>();

  constructor(
    changes: ChangeBus,
    private readonly budget: MemoryBudget = processCaches,
  ) {
    changes.subscribe((change) => {
      if (change.kind === 'Credentials') return;
      if (change.kind === 'Member') this.drop();
      else {
        const rows = this.networks.get(change.networkId);
        if (rows) this.forget(rows);
      }
    });
  }

  /** Forgets every row (after a write no change announced). */
  drop(): void {
    for (const rows of this.networks.values()) this.forget(rows);
  }

  /** Forgets a network's rows, and keeps none of the reads under way. */
  private forget(network: NetworkRows) {
    for (const rows of network.values()) {
      rows.drop((entry) => {
        this.budget.release(entry);
        return true;
      });
    }
  }

  /**
   * The rows of `ids` of the network, by id, read as `shape` names them (the type and the
   * columns and parts read): those kept, and the others by `read`, which gets the ids missing
   * (see idList) and returns the rows it found. An id without a row (gone meanwhile) has none.
   */
  async rows<Row extends { id: number }>(
    networkId: number,
    shape: string,
    ids: number[],
    now: number,
    read: (missing: number[]) => Promise<Row[]>,
  ): Promise<Map<number, Row>> {
    const kept = this.shaped<Row>(networkId, shape);
    const found = new Map<number, Row>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.found(kept, id, now);
      if (row) found.set(id, row);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const since = kept.since();
    for (const row of await read(idList(missing))) {
      if (found.has(row.id)) continue;
      found.set(row.id, row);
      this.read.set(row, this.keep(kept, row.id, row, now, since));
    }
    return found;
  }

  /**
   * What `read` makes of the network's rows, as `shape` names it (an audience's tag counts),
   * kept as a row is; `read` also says when it stops holding even if nothing changes (a
   * scheduled post falling due), or null.
   */
  async value<T>(networkId: number, shape: string, now: number, read: () => Promise<{ value: T; until: number | null }>): Promise<T> {
    const kept = this.shaped<Held<T>>(networkId, shape);
    const held = this.found(kept, 0, now);
    if (held && (held.until === null || now < held.until)) return held.value;
    const since = kept.since();
    const { value, until } = await read();
    this.keep(kept, 0, { value, until }, now, since);
    return value;
  }

  /**
   * Whether `row` is one `rows` read (kept, or dropped since: it is still the row as it was
   * read). No one changes such a row, so what is made of it alone (its entry in a reply,
   * http/fields.ts: presentWritten) may be kept with it.
   */
  holds(row: object): boolean {
    return this.read.has(row);
  }

  /** What is kept with `row` (its written entries) takes `bytes` more, or fewer: charged to the row while it is kept. */
  grew(row: object, bytes: number): void {
    const entry = this.read.get(row);
    if (entry) this.budget.grow(entry, bytes);
  }

  /** The rows kept of the network in `shape`. */
  private shaped<Row>(networkId: number, shape: string): GenerationMap<number, Kept<Row>> {
    let network = this.networks.get(networkId);
    if (!network) this.networks.set(networkId, (network = new Map()));
    let kept = network.get(shape) as GenerationMap<number, Kept<Row>> | undefined;
    if (!kept) network.set(shape, (kept = new GenerationMap<number, Kept<Row>>(MAX_ROWS)));
    return kept;
  }

  /** The row of `id` kept, unless too old; marked as used. */
  private found<Row>(kept: GenerationMap<number, Kept<Row>>, id: number, now: number): Row | undefined {
    const entry = kept.get(id);
    if (!entry || now - entry.storedAt >= MAX_AGE_MS) return undefined;
    if (now - entry.usedAt >= MARK_USE_MS) {
      entry.usedAt = now;
      this.budget.use(entry);
    }
    return entry.row;
  }

  /**
   * Keeps the row of `id` read from `since` on, unless a change came meanwhile or the budget
   * has no room: its entry, or null when not kept.
   */
  private keep<Row extends object>(kept: GenerationMap<number, Kept<Row>>, id: number, row: Row, now: number, since: number): Kept<Row> | null {
    const old = kept.get(id);
    if (old) this.budget.release(old);
    const entry: Kept<Row> = { row, storedAt: now, usedAt: now };
    if (!kept.set(id, entry, since)) return null;
    if (this.budget.hold(entry, sizeOf(row), () => kept.get(id) === entry && kept.delete(id))) return entry;
    kept.delete(id);
    return null;
  }

  /** The page of `keys` (a listing's ids, read every time) with the row of each, as `rows` finds them. */
  async page<Row extends { id: number }>(
    networkId: number,
    shape: string,
    now: number,
    keys: Page<{ id: number }>,
    read: (missing: number[]) => Promise<Row[]>,
  ): Promise<Page<Row>> {
    const rows = await this.rows(networkId, shape, keys.rows.map((key) => key.id), now, read);
    return { ...keys, rows: keys.rows.flatMap((key) => rows.get(key.id) ?? []) };
  }
}

/** The lengths of the lists of ids that idList makes. */
const ID_LISTS = [1, 2, 5, 10, 20, 50, 100];

/**
 * `ids` lengthened to the next of a few lengths by repeating the last: a query of them,
 * `id in (...)` (here: of the rows missing), is then of one of a few shapes (db/prepared.ts)
 * whatever their number.
 */
export function idList(ids: number[]): number[] {
  const length = ID_LISTS.find((n) => n >= ids.length) ?? ids.length;
  return length === ids.length ? ids : [...ids, ...Array<number>(length - ids.length).fill(ids.at(-1)!)];
}

/** About what a row of short strings and numbers takes in memory, in bytes. */
function sizeOf(row: object): number {
  let size = 64;
  for (const value of Object.values(row)) {
    size += 16;
    if (typeof value === 'string') size += value.length * 2;
    else if (Array.isArray(value)) for (const item of value) size += 16 + (typeof item === 'string' ? item.length * 2 : item !== null && typeof item === 'object' ? sizeOf(item) : 8);
    else if (value !== null && typeof value === 'object') size += sizeOf(value);
  }
  return size;
}
