// One budget for the bytes a process's caches keep (finished replies, rendered pages): together
// they take at most `maxBytes`, and what was used least recently goes first, whichever cache
// holds it. A cache that is hit often keeps its entries, one that is not gives its room away,
// and the process's memory stays bounded however many caches there are.

interface Holding {
  size: number;
  evict: () => void;
}

/** Most bytes the caches of a process keep together, unless told otherwise. */
export const CACHE_BYTES = 32 * 1024 * 1024;

export class MemoryBudget {
  /** In order of use: the least recently used first. */
  private readonly held = new Map<object, Holding>();
  private bytes = 0;

  constructor(readonly maxBytes: number = CACHE_BYTES) {}

  /** Bytes held now. */
  get used(): number {
    return this.bytes;
  }

  /**
   * Charges `size` bytes for `item`, which `evict` makes its cache forget when the room is
   * needed (the least recently used first). False, and nothing charged, when `item` alone
   * would take more than a quarter of the budget: it would push out too much.
   */
  hold(item: object, size: number, evict: () => void): boolean {
    this.release(item);
    if (size > this.maxBytes / 4) return false;
    this.held.set(item, { size, evict });
    this.bytes += size;
    this.makeRoom();
    return true;
  }

  /**
   * `item`, held, takes `bytes` more (or fewer, when negative) than it was charged: what its
   * cache made of it and keeps with it. Nothing for an item not held (forgotten meanwhile).
   */
  grow(item: object, bytes: number): void {
    const holding = this.held.get(item);
    if (!holding) return;
    holding.size += bytes;
    this.bytes += bytes;
    this.makeRoom();
  }

  /** Evicts the least recently used until the held bytes fit. */
  private makeRoom() {
    for (const [oldest, holding] of this.held) {
      if (this.bytes <= this.maxBytes) break;
      this.held.delete(oldest);
      this.bytes -= holding.size;
      holding.evict();
    }
  }

  /** `item` was used: it is the last to go. */
  use(item: object): void {
    const holding = this.held.get(item);
    if (!holding) return;
    this.held.delete(item);
    this.held.set(item, holding);
  }

  /** `item` was forgotten by its cache. */
  release(item: object): void {
    const holding = this.held.get(item);
    if (!holding) return;
    this.held.delete(item);
    this.bytes -= holding.size;
  }
}

/** The budget of this process's caches. */
export const processCaches = new MemoryBudget();
