import { AccountReadCache } from './account-read-cache.js';

describe('AccountReadCache', () => {
  it('reads through, without keeping anything, until the write notices are heard', async () => {
    const cache = new AccountReadCache(10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read('a', load)).toBe(1);
    expect(await cache.read('a', load)).toBe(2);
    cache.setLive(true);
    expect(await cache.read('a', load)).toBe(3);
    expect(await cache.read('a', load)).toBe(3);
    cache.setLive(false);
    expect(cache.size).toBe(0);
    expect(await cache.read('a', load)).toBe(4);
  });

  it('does not keep a read that was under way when something was written', async () => {
    const cache = new AccountReadCache(10);
    cache.setLive(true);
    let release!: (value: string) => void;
    const slow = cache.read('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate();
    release('read before the write');
    expect(await slow).toBe('read before the write');
    expect(await cache.read('a', async () => 'read after the write')).toBe('read after the write');
    expect(await cache.read('a', async () => 'not asked')).toBe('read after the write');
  });

  it('keeps neither nothing found nor a failed read', async () => {
    const cache = new AccountReadCache(10);
    cache.setLive(true);
    expect(await cache.read('a', async () => undefined)).toBeUndefined();
    await expect(cache.read('b', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size).toBe(0);
    expect(await cache.read('a', async () => 'found later')).toBe('found later');
  });

  it('drops the oldest entry past its limit', async () => {
    const cache = new AccountReadCache(2);
    cache.setLive(true);
    await cache.read('a', async () => 1);
    await cache.read('b', async () => 2);
    await cache.read('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.read('a', async () => 'again')).toBe('again');
    expect(await cache.read('c', async () => 'not asked')).toBe(3);
  });
});
