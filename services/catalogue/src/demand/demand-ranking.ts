import type { SearchDemandRow } from '@mkt/contracts';
import type { DemandTotals } from './search-demand.repository.js';

/**
 * Below this many results on average a query "found little": a store page shows 24, so a buyer
 * who sees less than a page has had little to choose from.
 */
export const FEW_RESULTS = 24;
/**
 * How fast a found result meets demand: a search that found r results leaves K / (K + r) of its
 * demand unmet, so 0 results leave all of it, 5 results half, a full page (24) about a sixth.
 * A hyperbola rather than a cut-off, so 3 results still rank well above 20; and steep enough that
 * a query nobody found anything for ranks above a more searched one that found a few.
 */
export const MET_BY_RESULTS = 5;
/** Rising: fewer searches than this in the window is noise, not a trend. */
export const RISING_MIN_SEARCHES = 5;
/**
 * Rising: growth is (searches + PRIOR) / (previous + PRIOR), as if each window had PRIOR more
 * searches, so a query new with 5 searches (2.7) does not outrank one going from 20 to 100 (4.5).
 */
export const RISING_PRIOR = 3;

const share = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A window's totals as shown; the shares are capped at 1 (a follow-up replayed to another replica). */
export function toRow(totals: DemandTotals): SearchDemandRow {
  return {
    query: totals.query,
    searches: totals.searches,
    averageResults: totals.searches > 0 ? round(totals.resultsSum / totals.searches, 1) : 0,
    openedShare: round(share(totals.opened, totals.searches), 3),
    orderedShare: round(share(totals.ordered, totals.searches), 3),
  };
}

/**
 * Searches weighted by how much each left unmet: a search that found nothing counts fully, the
 * others by MET_BY_RESULTS / (MET_BY_RESULTS + their average results). The day rows keep only
 * sums, so the searches that found something share one average.
 */
export function unmetDemand(totals: Pick<DemandTotals, 'searches' | 'zeroResults' | 'resultsSum'>): number {
  const found = totals.searches - totals.zeroResults;
  if (found <= 0) return totals.zeroResults;
  const averageFound = totals.resultsSum / found;
  return totals.zeroResults + (found * MET_BY_RESULTS) / (MET_BY_RESULTS + averageFound);
}

export function growth(searches: number, previousSearches: number): number {
  return (searches + RISING_PRIOR) / (previousSearches + RISING_PRIOR);
}

/** Candidates (few results) ranked by unmet demand, then searches, then query. */
export function rankUnmet(candidates: readonly DemandTotals[], limit: number): SearchDemandRow[] {
  return candidates
    .map((totals) => ({ totals, score: unmetDemand(totals) }))
    .sort((a, b) => b.score - a.score || b.totals.searches - a.totals.searches || a.totals.query.localeCompare(b.totals.query))
    .slice(0, limit)
    .map(({ totals, score }) => ({ ...toRow(totals), unmetDemand: round(score, 1) }));
}

/** Candidates (grown, enough searches) ranked by growth, then searches, then query. */
export function rankRising(candidates: readonly DemandTotals[], limit: number): SearchDemandRow[] {
  return candidates
    .filter((totals) => totals.searches >= RISING_MIN_SEARCHES && totals.searches > totals.previousSearches)
    .map((totals) => ({ totals, score: growth(totals.searches, totals.previousSearches) }))
    .sort((a, b) => b.score - a.score || b.totals.searches - a.totals.searches || a.totals.query.localeCompare(b.totals.query))
    .slice(0, limit)
    .map(({ totals }) => ({ ...toRow(totals), previousSearches: totals.previousSearches }));
}
