import { SEARCH_PAGE_SIZE, pageParam } from './paging';
import {
  FILTER_NAMES,
  FILTER_VALUES,
  type FilterName,
  type MaterialSearchRequest,
  type MaterialSource,
  SEARCH_LIMITS,
  SEARCH_SORTS,
  type SearchSort,
} from '@mkt/contracts/web';

/**
 * The state of a search page, kept entirely in the URL so reload, back and shared links all show
 * the same results: `?keyword=航拍&type=video&resolution=4k,1080p&sort=newest&page=2`.
 */
export type SearchKind = 'video' | 'pic';

export type SearchFilters = Partial<Record<FilterName, string[]>>;

export interface SearchState {
  keyword: string;
  type: SearchKind;
  categoryId: number | null;
  sort: SearchSort;
  page: number;
  filters: SearchFilters;
  /** `asTyped=1`: the keyword exactly as typed, without typo correction ("search for … instead"). */
  asTyped?: true;
}

const DEFAULT_SORT: SearchSort = 'relevance';

function positiveInt(raw: string | null, max = Number.MAX_SAFE_INTEGER): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : null;
}

/** Unknown values, unknown filters and malformed numbers are dropped rather than sent on. */
export function parseSearchState(search: string | URLSearchParams, defaultType: SearchKind): SearchState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const type = params.get('type');
  const sort = params.get('sort');
  const filters: SearchFilters = {};
  for (const name of FILTER_NAMES) {
    const raw = params.get(name);
    if (!raw) continue;
    const chosen = new Set(raw.split(',').map((value) => value.trim()));
    // Canonical order (the contract's), so the same selection always gives the same URL.
    const values = (FILTER_VALUES[name] as readonly string[]).filter((value) => chosen.has(value));
    if (values.length > 0) filters[name] = values;
  }
  return {
    keyword: (params.get('keyword') ?? '').trim(),
    type: type === 'pic' || type === 'video' ? type : defaultType,
    categoryId: positiveInt(params.get('categoryId')),
    sort: (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : DEFAULT_SORT,
    page: pageParam(params.get('page')),
    filters,
    ...(params.get('asTyped') === '1' ? { asTyped: true as const } : {}),
  };
}

/** The query string of a state (without '?'); defaults are left out to keep links short. */
export function serializeSearchState(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.keyword.trim()) params.set('keyword', state.keyword.trim());
  if (state.categoryId !== null) params.set('categoryId', String(state.categoryId));
  params.set('type', state.type);
  for (const name of FILTER_NAMES) {
    const values = state.filters[name];
    if (values && values.length > 0) params.set(name, values.join(','));
  }
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.asTyped) params.set('asTyped', '1');
  // Commas between filter values read better unescaped and URLSearchParams accepts them back.
  return params.toString().replace(/%2C/g, ',');
}

export function toSearchRequest(state: SearchState, from?: MaterialSource): MaterialSearchRequest {
  const request: MaterialSearchRequest = {
    keyword: state.keyword,
    type: state.type,
    sort: state.sort,
    pageNo: state.page,
    pageSize: SEARCH_PAGE_SIZE,
    filters: state.filters as MaterialSearchRequest['filters'],
  };
  if (state.categoryId !== null) request.categoryId = state.categoryId;
  if (from) request.from = from;
  if (state.asTyped) request.asTyped = true;
  return request;
}

/** Ticks or unticks one filter value; any change of the result set goes back to page 1. */
export function toggleFilter(state: SearchState, name: FilterName, value: string): SearchState {
  const current = state.filters[name] ?? [];
  const chosen = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  const ordered = (FILTER_VALUES[name] as readonly string[]).filter((item) => chosen.includes(item));
  const filters = { ...state.filters };
  if (ordered.length > 0) filters[name] = ordered;
  else delete filters[name];
  return { ...state, filters, page: 1 };
}

export function clearFilters(state: SearchState): SearchState {
  return { ...state, filters: {}, page: 1 };
}

export function withSort(state: SearchState, sort: SearchSort): SearchState {
  return { ...state, sort, page: 1 };
}

export function withPage(state: SearchState, page: number): SearchState {
  return { ...state, page: Math.min(Math.max(1, Math.floor(page)), SEARCH_LIMITS.pageMax) };
}

export function activeFilterCount(state: SearchState): number {
  return Object.values(state.filters).reduce((sum, values) => sum + (values?.length ?? 0), 0);
}

export { SEARCH_PAGE_SIZE, pageCount, pageWindow } from './paging';
