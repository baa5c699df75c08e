// One budget for the caches of a process: the least recently used entry goes first, whichever
// cache holds it, and an entry too large for the budget is not kept. A row kept is charged too
// for the entries written with it (lib/kept-rows.ts, http/fields.ts: presentWritten).
import { describe, expect, it } from 'vitest';
import { MemoryBudget } from './memory-budget';
import { GenerationMap } from './generation-map';
import { ChangeBus } from './changes';
import { KeptRows } from './kept-rows';

describe('a memory budget', () => {
  it('makes the caches forget their least recently used entries, across caches, to stay within its bytes', () => {
    const budget = new MemoryBudget(100);
    const forgotten: string[] = [];
    const a = { name: 'a' }, b = { name: 'b' }, c = { name: 'c' };
    expect(budget.hold(a, 20, () => forgotten.push('a'))).toBe(true);
    expect(budget.hold(b, 20, () => forgotten.push('b'))).toBe(true);
    budget.use(a);
    expect(budget.hold(c, 25, () => forgotten.push('c'))).toBe(true);
    expect(budget.used).toBe(65);
    expect(budget.hold({}, 25, () => forgotten.push('d'))).toBe(true);
    expect(forgotten).toEqual([]);
    expect(budget.hold({}, 25, () => forgotten.push('e'))).toBe(true);
    // b was used least recently (a was used after it).
    expect(forgotten).toEqual(['b']);
    expect(budget.used).toBe(95);
    budget.release(a);
    expect(budget.used).toBe(75);
  });

  it('keeps nothing that alone would take over a quarter of it', () => {
    const budget = new MemoryBudget(100);
    expect(budget.hold({}, 26, () => {})).toBe(false);
    expect(budget.used).toBe(0);
  });

  it('charges an entry for what its cache keeps with it, making room as for a new one, and nothing for one it forgot', () => {
    const budget = new MemoryBudget(100);
    const forgotten: string[] = [];
    const a = {}, b = {};
    budget.hold(a, 20, () => forgotten.push('a'));
    budget.hold(b, 20, () => forgotten.push('b'));
    budget.grow(b, 30);
    expect(budget.used).toBe(70);
    budget.grow(b, -10);
    expect(budget.used).toBe(60);
    // Past the budget, the least recently used goes: the one that grew, if it is.
    budget.grow(a, 50);
    expect(forgotten).toEqual(['a']);
    expect(budget.used).toBe(40);
    budget.grow(a, 10);
    expect(budget.used).toBe(40);
  });
});

describe('rows kept', () => {
  it('charge a row for the entries written with it while it is kept, and nothing for a row read but not kept', async () => {
    const budget = new MemoryBudget(1_000_000);
    const bus = new ChangeBus();
    const kept = new KeptRows(bus, budget);
    const read = async (ids: number[]) => ids.map((id) => ({ id, title: `Row ${id}` }));
    const rows = await kept.rows(1, 'BlogPost:*', [1, 2], 0, read);
    const row = rows.get(1)!;
    const charged = budget.used;
    expect(charged).toBeGreaterThan(0);
    kept.grew(row, 500);
    expect(budget.used).toBe(charged + 500);
    // A change drops the network's rows, and with them what was charged for their entries.
    bus.publish([{ kind: 'BlogPost', networkId: 1, id: 9, op: 'created' }]);
    expect(budget.used).toBe(0);
    kept.grew(row, 500);
    expect(budget.used).toBe(0);
    expect(kept.holds(row)).toBe(true);
    expect(kept.holds({ id: 1 })).toBe(false);
  });
});

describe('a generation map', () => {
  it('keeps what was read, but not what was read while a drop came', async () => {
    const map = new GenerationMap<string, number>(10);
    expect(await map.read('a', async () => 1)).toBe(1);
    expect(map.get('a')).toBe(1);
    let finish!: (value: number) => void;
    const reading = map.read('b', () => new Promise<number>((resolve) => (finish = resolve)));
    map.drop((_, key) => key === 'a');
    finish(2);
    expect(await reading).toBe(2);
    expect(map.get('a')).toBeUndefined();
    expect(map.get('b')).toBeUndefined();
    expect(await map.read('c', async () => undefined)).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it('lets the first kept go when full', () => {
    const map = new GenerationMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, 2, 3]);
  });
});
