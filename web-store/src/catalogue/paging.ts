import type { SEARCH_LIMITS } from '@mkt/contracts/web';

/**
 * Paging shared by search, topic and collection lists. Cards and pagers are part of the home page,
 * so this module reads nothing from the contracts at run time (that would load the contract
 * schemas with the home page); the constants are checked against the contract's types instead.
 */
export const SEARCH_PAGE_SIZE = 24;
export const PAGE_MAX = 500 satisfies (typeof SEARCH_LIMITS)['pageMax'];

/**
 * The page number in a URL (`?page=`): a whole number from 1 to PAGE_MAX, anything else (0, 1.5,
 * 501, "abc") is page 1, the way the search page has always read it, so no list sends the server
 * a page it refuses.
 */
export function pageParam(raw: string | null): number {
  if (!raw || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= PAGE_MAX ? page : 1;
}

/** Pages of a result set, never more than the server will serve. */
export function pageCount(total: number, pageSize = SEARCH_PAGE_SIZE): number {
  return Math.min(Math.max(1, Math.ceil(total / pageSize)), PAGE_MAX);
}

/** The page buttons to show: the ends, the current page and its neighbours, gaps in between. */
export function pageWindow(current: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, current - 1, current, current + 1].filter((page) => page >= 1 && page <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  });
  return items;
}
