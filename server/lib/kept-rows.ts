// Rows of items as a read made them (columns, author, tags, number of comments), kept per
// network so that a listing read by a signed-in member, whose reply no one else shares, reads
// only which items its page holds and takes the rows of those it read lately from here. A row
// is the item's, whoever reads it: the visibility scope decides which items a page holds (its
// keys are read every time), not what an item's row says.
//
// Freshness, as the response cache's (http/response-cache.ts): every committed write is
// announced on the change bus before it is answered and drops its network's rows (a member's
// profile, which every network's rows show, drops them all), so the very next read on this
// process sees it; other processes hear of it through the bus's transports. A row read while
// such a change lands is not kept, and none is kept longer than MAX_AGE_MS (what no change
// announced, like a write straight to the database).
import type { ChangeBus } from './changes';
import { GenerationMap } from './generation-map';
import { processCaches, type MemoryBudget } from './memory-budget';

const MAX_AGE_MS = 60_000;
/** Most rows kept per network; the budget bounds what they take together. */
const MAX_ROWS = 100_000;

interface Kept<Row> {
  row: Row;
  storedAt: number;
}

export class KeptRows {
  private readonly networks = new Map<number, GenerationMap<string, Kept<unknown>>>();

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

  private forget(rows: GenerationMap<string, Kept<unknown>>) {
    rows.drop((entry) => {
      this.budget.release(entry);
      return true;
    });
  }

  /**
   * The rows of `ids` of the network, by id, read as `shape` names them (the item's type and
   * the columns and parts read): those kept, and the others by `read`, which gets the ids
   * missing and returns the rows it found (`idOf` each one's id). An id without a row (gone
   * meanwhile) has none in the map.
   */
  async rows<Row extends object>(
    networkId: number,
    shape: string,
    ids: number[],
    now: number,
    read: (missing: number[]) => Promise<Row[]>,
    idOf: (row: Row) => number,
  ): Promise<Map<number, Row>> {
    let kept = this.networks.get(networkId);
    if (!kept) this.networks.set(networkId, (kept = new GenerationMap(MAX_ROWS)));
    const found = new Map<number, Row>();
    const missing: number[] = [];
    for (const id of ids) {
      const entry = kept.get(`${shape}:${id}`) as Kept<Row> | undefined;
      if (entry && now - entry.storedAt < MAX_AGE_MS) {
        found.set(id, entry.row);
        this.budget.use(entry);
      } else missing.push(id);
    }
    if (missing.length === 0) return found;
    const since = kept.since();
    for (const row of await read(missing)) {
      const id = idOf(row);
      found.set(id, row);
      const key = `${shape}:${id}`;
      const entry: Kept<Row> = { row, storedAt: now };
      const map = kept;
      const old = map.get(key);
      if (old) this.budget.release(old);
      if (map.set(key, entry, since) && !this.budget.hold(entry, sizeOf(row) + key.length * 2, () => map.get(key) === entry && map.delete(key))) map.delete(key);
    }
    return found;
  }
}

/** The lengths of the lists of ids a read of the rows missing asks for (see idList). */
const ID_LISTS = [1, 2, 5, 10, 20, 50, 100];

/**
 * `ids` lengthened to the next of a few lengths by repeating the last: a read of the rows
 * missing, `id in (...)`, is then a query of one of a few shapes (db/prepared.ts) whatever
 * number of them is missing.
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
    else if (Array.isArray(value)) for (const item of value) size += 16 + (typeof item === 'string' ? item.length * 2 : 8);
    else if (value !== null && typeof value === 'object') size += sizeOf(value);
  }
  return size;
}
