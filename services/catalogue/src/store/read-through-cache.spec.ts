import { ReadThroughCache } from './read-through-cache.js';

describe('ReadThroughCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1_000));

  it('loads a key once per ttl and shares a load in flight', async () => {
    const cache = new ReadThroughCache<number>(100, 10, clock);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    now += 99;
    expect(await cache.get('k', load)).toBe(1);
    now += 1;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep failed loads', async () => {
    const cache = new ReadThroughCache<number>(100, 10, clock);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('evicts the least recently read key beyond maxEntries', async () => {
    const cache = new ReadThroughCache<string>(1_000, 2, clock);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2'); // a is now the most recent
    await cache.get('c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('forgets everything on clear, including a load in flight', async () => {
    const cache = new ReadThroughCache<number>(1_000, 10, clock);
    let release!: (v: number) => void;
    const slow = cache.get('k', () => new Promise<number>((resolve) => (release = resolve)));
    cache.clear();
    release(1);
    expect(await slow).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('with a ttl of 0 loads every time', async () => {
    const cache = new ReadThroughCache<number>(0, 10, clock);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});
