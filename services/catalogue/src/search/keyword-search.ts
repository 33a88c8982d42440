import type { ExactLookup } from '../materials/material-code.js';
import { hasHan, type NormalizedQuery } from '../text/text-helpers.js';
import type { MaterialSearchResult } from './material-search.port.js';
import { emptyFacets } from './search-facets.js';

/**
 * What a keyword means before any engine runs, the same for every adapter: a copy number names
 * one material whatever the tab (found or not), a bare id does when it exists, and an unknown id
 * is searched as text (null). `ids` are the page's (the one material on page 1 only).
 */
export function lookupAnswer(lookup: Exclude<ExactLookup, null>, ids: number[], total: number, keyword: string): MaterialSearchResult | null {
  if (total === 0 && lookup.by !== 'code') return null;
  return { ids, total, facets: emptyFacets(), normalizedKeyword: keyword.trim().toUpperCase() };
}

/**
 * Words first; typo correction only when the words as typed find nothing and one has 4+
 * letters (and the query does not ask for the words as typed): `correct` replaces the unknown
 * words with their closest indexed words (null when none changed) and the search runs again.
 * "You searched for" keeps the words as typed; `correctedKeyword` says what was searched instead.
 */
export async function withTypoCorrection(
  normalized: NormalizedQuery,
  search: (words: NormalizedQuery) => MaterialSearchResult | Promise<MaterialSearchResult>,
  correct: (words: string[]) => string[] | null | Promise<string[] | null>,
  asTyped = false,
): Promise<MaterialSearchResult> {
  const exact = await search(normalized);
  if (asTyped || !typoCorrectionApplies(normalized, exact.total)) return exact;
  const corrected = await correct(normalized.other);
  if (!corrected) return exact;
  return { ...(await search({ ...normalized, other: corrected })), normalizedKeyword: normalized.display, correctedKeyword: correctedDisplay(normalized, corrected) };
}

/** withTypoCorrection's rule, for an engine that runs it where its index is: nothing found, and a word of 4+ letters. */
export function typoCorrectionApplies(normalized: Pick<NormalizedQuery, 'other'>, total: number): boolean {
  return total === 0 && normalized.other.some((word) => word.length >= 4);
}

/** The query as displayed, its non-Chinese words (in order) replaced by their corrections. */
export function correctedDisplay(normalized: Pick<NormalizedQuery, 'display'>, corrected: string[]): string {
  let next = 0;
  return normalized.display
    .split(' ')
    .map((token) => (token === '' || hasHan(token) ? token : (corrected[next++] ?? token)))
    .join(' ');
}
