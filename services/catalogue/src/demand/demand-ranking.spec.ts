import { MET_BY_RESULTS, growth, rankRising, rankUnmet, toRow, unmetDemand } from './demand-ranking.js';
import type { DemandTotals } from './search-demand.repository.js';

const totals = (query: string, more: Partial<DemandTotals>): DemandTotals => ({
  query,
  searches: 0,
  zeroResults: 0,
  resultsSum: 0,
  opened: 0,
  ordered: 0,
  previousSearches: 0,
  ...more,
});

describe('unmetDemand', () => {
  it('counts a search that found nothing fully', () => {
    expect(unmetDemand({ searches: 10, zeroResults: 10, resultsSum: 0 })).toBe(10);
  });

  it('weighs the others by how little they found', () => {
    expect(unmetDemand({ searches: 10, zeroResults: 0, resultsSum: 0 + 10 * MET_BY_RESULTS })).toBeCloseTo(5);
    expect(unmetDemand({ searches: 4, zeroResults: 2, resultsSum: 2 * 3 })).toBeCloseTo(2 + (2 * MET_BY_RESULTS) / (MET_BY_RESULTS + 3));
  });

  it('falls as results rise', () => {
    const at = (average: number) => unmetDemand({ searches: 100, zeroResults: 0, resultsSum: 100 * average });
    expect(at(1)).toBeGreaterThan(at(5));
    expect(at(5)).toBeGreaterThan(at(23));
  });
});

describe('rankUnmet', () => {
  it('puts many searches that found nothing above more searches that found a little', () => {
    const rows = rankUnmet([totals('few', { searches: 30, resultsSum: 30 * 20 }), totals('none', { searches: 20, zeroResults: 20 }), totals('one', { searches: 5, resultsSum: 5 })], 2);
    expect(rows.map((row) => row.query)).toEqual(['none', 'few']);
    expect(rows[0]).toMatchObject({ searches: 20, averageResults: 0, unmetDemand: 20 });
    expect(rows[1]!.unmetDemand).toBe(6);
  });
});

describe('growth and rankRising', () => {
  it('smooths small counts so a handful of new searches is not the biggest trend', () => {
    expect(growth(5, 0)).toBeLessThan(growth(100, 20));
    expect(growth(10, 10)).toBe(1);
  });

  it('leaves out queries with too few searches or no growth, ranks the rest by growth', () => {
    const rows = rankRising(
      [
        totals('flat', { searches: 50, previousSearches: 50 }),
        totals('noise', { searches: 4, previousSearches: 0 }),
        totals('new', { searches: 6, previousSearches: 0 }),
        totals('surge', { searches: 120, previousSearches: 10 }),
      ],
      50,
    );
    expect(rows.map((row) => [row.query, row.previousSearches])).toEqual([
      ['surge', 10],
      ['new', 0],
    ]);
  });
});

describe('toRow', () => {
  it('gives averages and shares, capped at 1', () => {
    expect(toRow(totals('q', { searches: 4, resultsSum: 10, opened: 2, ordered: 9 }))).toEqual({ query: 'q', searches: 4, averageResults: 2.5, openedShare: 0.5, orderedShare: 1 });
  });
});
