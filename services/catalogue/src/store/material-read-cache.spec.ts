import type { CardRow } from './material-cards.js';
import { MaterialReadCache } from './material-read-cache.js';

const row = (id: number, title = `t${id}`) => ({ id: String(id), title_en: title }) as unknown as CardRow;

describe('MaterialReadCache', () => {
  it('loads only the cards it does not hold, and remembers missing ones as missing', async () => {
    const cache = new MaterialReadCache({ readCacheSeconds: 30 });
    const asked: number[][] = [];
    const load = async (ids: number[]) => {
      asked.push(ids);
      return ids.filter((id) => id !== 3).map((id) => row(id));
    };
    expect((await cache.cardRows([1, 2, 3], load)).map((r) => r.id).sort()).toEqual(['1', '2']);
    expect((await cache.cardRows([2, 3, 4], load)).map((r) => r.id).sort()).toEqual(['2', '4']);
    expect(asked).toEqual([[1, 2, 3], [4]]);
  });

  it('reloads invalidated materials and does not keep rows loaded across a write', async () => {
    const cache = new MaterialReadCache({ readCacheSeconds: 30 });
    let title = 'old';
    await cache.cardRows([1], async (ids) => ids.map((id) => row(id, title)));
    title = 'new';
    cache.invalidate([1]);
    expect((await cache.cardRows([1], async (ids) => ids.map((id) => row(id, title))))[0]!.title_en).toBe('new');

    let release!: () => void;
    const inFlight = cache.cardRows([2], async (ids) => {
      await new Promise<void>((resolve) => (release = resolve));
      return ids.map((id) => row(id, 'stale'));
    });
    cache.invalidate([2]);
    release();
    await inFlight;
    expect((await cache.cardRows([2], async (ids) => ids.map((id) => row(id, 'fresh'))))[0]!.title_en).toBe('fresh');
  });

  it('holds nothing when the ttl is 0', async () => {
    const cache = new MaterialReadCache({ readCacheSeconds: 0 });
    let loads = 0;
    const load = async (ids: number[]) => (loads++, ids.map((id) => row(id)));
    await cache.cardRows([1], load);
    await cache.cardRows([1], load);
    expect(loads).toBe(2);
  });
});
