import { materialSearchRequestSchema } from '@mkt/contracts';
import { searchQueries } from './search-bench.mjs';

describe('search benchmark queries', () => {
  const queries = searchQueries({ codes: ['LV10000007', 'LP10000008', 'LV10000009'], ids: [10, 11] });

  it('is a fixed set of 50 mixed queries', () => {
    expect(queries).toHaveLength(50);
    const kinds = new Map<string, number>();
    for (const q of queries) kinds.set(q.kind, (kinds.get(q.kind) ?? 0) + 1);
    expect(Object.fromEntries(kinds)).toEqual({ chinese: 14, english: 12, filtered: 8, sorted: 6, paged: 5, lookup: 5 });
    expect(new Set(queries.map((q) => JSON.stringify(q.body))).size).toBe(50);
    expect(searchQueries({ codes: ['LV10000007', 'LP10000008', 'LV10000009'], ids: [10, 11] })).toEqual(queries);
  });

  it('only sends requests the store API accepts', () => {
    for (const q of queries) expect(materialSearchRequestSchema.safeParse(q.body).success).toBe(true);
    expect(queries.filter((q) => q.kind === 'lookup').map((q) => q.body.keyword)).toEqual(['LV10000007', 'LP10000008', 'LV10000009', '10', '11']);
  });
});
