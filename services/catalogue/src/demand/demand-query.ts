import { SEARCH_DEMAND_LIMITS } from '@mkt/contracts';
import { collapseSpaces, toSimplified } from '../text/text-helpers.js';

/** Control, format and unassigned characters (NUL included, which PostgreSQL text refuses). */
const INVISIBLE = /[\p{C}]+/gu;

/**
 * A keyword as demand is counted: the same words typed in full width, traditional characters or
 * another case are one query. Punctuation is kept (unlike the search's cleanText), since 'c++'
 * and 'c' are different demands; invisible characters become spaces. Empty when nothing is left.
 */
export function normalizeDemandQuery(keyword: string): string {
  const folded = collapseSpaces(toSimplified(keyword.normalize('NFKC')).replace(INVISIBLE, ' ').toLowerCase());
  // Code points, not UTF-16 units, so a cut never splits a character in two.
  return Array.from(folded).slice(0, SEARCH_DEMAND_LIMITS.queryMax).join('').trim();
}
