// A map of what was read from the database, kept until a change announced on the change bus
// makes it stale, and then dropped. A value read while such a change lands is not kept: it may
// be the one from before the change. Every drop moves the map's generation on, and a value is
// kept only when the generation it was read at is still the current one.

export class GenerationMap<K, V> {
  private readonly values = new Map<K, V>();
  private generation = 0;

  /** `maxEntries`: most values kept; the first kept go first. */
  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.values.size;
  }

  get(key: K): V | undefined {
    return this.values.get(key);
  }

  /** Where a read starts: what it finds is kept by `set(…, since)` only if nothing was dropped meanwhile. */
  since(): number {
    return this.generation;
  }

  /** Keeps `value` for `key`, unless a drop came after `since`; true when kept. */
  set(key: K, value: V, since = this.generation): boolean {
    this.values.delete(key);
    if (since !== this.generation) return false;
    if (this.values.size >= this.maxEntries) this.values.delete(this.values.keys().next().value!);
    this.values.set(key, value);
    return true;
  }

  /** Reads the value of `key` and keeps it as `set` does; none is kept for `key` when `read` finds none. */
  async read(key: K, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const since = this.generation;
    const value = await read();
    if (value === undefined) this.values.delete(key);
    else this.set(key, value, since);
    return value;
  }

  delete(key: K): void {
    this.values.delete(key);
  }

  /** Drops every value, and keeps none of the reads under way. */
  clear(): void {
    this.generation++;
    this.values.clear();
  }

  /** Drops the values `stale` picks, and keeps none of the reads under way. */
  drop(stale: (value: V, key: K) => boolean): void {
    this.generation++;
    for (const [key, value] of this.values) if (stale(value, key)) this.values.delete(key);
  }
}
