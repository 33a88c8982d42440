import type { Language, MaterialSearchQuery } from '@mkt/contracts';
import { CachedMaterialSearchIndex, searchCacheKey } from './cached-material-search-index.js';
import type { MaterialSearchDocument, MaterialSearchIndex, MaterialSearchResult } from './material-search.port.js';

class CountingIndex implements MaterialSearchIndex {
  readonly placement = 'external';
  searches = 0;
  failUpsert = false;
  async upsert(_documents: MaterialSearchDocument[]): Promise<void> {
    if (this.failUpsert) throw new Error('engine down');
  }
  async remove(_ids: number[]): Promise<void> {}
  async search(query: MaterialSearchQuery, _language: Language): Promise<MaterialSearchResult> {
    this.searches += 1;
    return { ids: [this.searches], total: 1, facets: {}, normalizedKeyword: query.keyword ?? '' };
  }
}

const query = (over: Partial<MaterialSearchQuery> = {}) => ({ keyword: 'sunset', pageNo: 1, pageSize: 20, type: 'video', sort: 'relevance', ...over }) as MaterialSearchQuery;

describe('CachedMaterialSearchIndex', () => {
  it('answers a repeated search from memory, per language and per query', async () => {
    const inner = new CountingIndex();
    const index = new CachedMaterialSearchIndex(inner, 60_000);
    expect((await index.search(query(), 'en')).ids).toEqual([1]);
    expect((await index.search(query(), 'en')).ids).toEqual([1]);
    expect((await index.search(query(), 'zh-CN')).ids).toEqual([2]);
    expect((await index.search(query({ pageNo: 2 }), 'en')).ids).toEqual([3]);
    expect(inner.searches).toBe(3);
  });

  it('forgets every result after a write, even a failed one', async () => {
    const inner = new CountingIndex();
    const index = new CachedMaterialSearchIndex(inner, 60_000);
    await index.search(query(), 'en');
    await index.remove([1]);
    expect((await index.search(query(), 'en')).ids).toEqual([2]);
    inner.failUpsert = true;
    await expect(index.upsert([])).rejects.toThrow('engine down');
    expect((await index.search(query(), 'en')).ids).toEqual([3]);
  });

  it('forgets every result when told the synonym dictionary changed', async () => {
    const inner = new CountingIndex();
    const index = new CachedMaterialSearchIndex(inner, 60_000);
    await index.search(query(), 'en');
    await index.search(query(), 'en');
    index.forgetAll();
    expect((await index.search(query(), 'en')).ids).toEqual([2]);
  });

  it('passes every search through when the ttl is 0', async () => {
    const inner = new CountingIndex();
    const index = new CachedMaterialSearchIndex(inner, 0);
    await index.search(query(), 'en');
    await index.search(query(), 'en');
    expect(inner.searches).toBe(2);
  });

  it('keys a search by content, not by field order', () => {
    const a = { keyword: 'x', filters: { resolution: ['4k'], frameRate: ['60'] }, pageNo: 1 } as unknown as MaterialSearchQuery;
    const b = { pageNo: 1, filters: { frameRate: ['60'], resolution: ['4k'] }, keyword: 'x' } as unknown as MaterialSearchQuery;
    expect(searchCacheKey(a, 'en')).toBe(searchCacheKey(b, 'en'));
    expect(searchCacheKey(a, 'en')).not.toBe(searchCacheKey(a, 'zh-CN'));
  });
});
