// One budget for the caches of a process: the least recently used entry goes first, whichever
// cache holds it, and an entry too large for the budget is not kept.
import { describe, expect, it } from 'vitest';
import { MemoryBudget } from './memory-budget';
import { GenerationMap } from './generation-map';

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
