/**
 * "What buyers look for": the store's keyword searches counted anonymously per day (UTC+8),
 * kind, category and normalized query, with whether the search led to an opened material or an
 * order in the same visit. Contributors read it in the material centre, staff in the console.
 */
export const SEARCH_DEMAND_KINDS = ['video', 'photo', 'music'] as const;
export type SearchDemandKind = (typeof SEARCH_DEMAND_KINDS)[number];

/** Last 7 or 30 days, today (UTC+8) included. */
export const SEARCH_DEMAND_WINDOWS = [7, 30] as const;
export type SearchDemandWindow = (typeof SEARCH_DEMAND_WINDOWS)[number];

export const SEARCH_DEMAND_LISTS = ['top', 'unmet', 'rising'] as const;
export type SearchDemandList = (typeof SEARCH_DEMAND_LISTS)[number];

export const SEARCH_DEMAND_FOLLOW_UPS = ['open', 'order'] as const;
export type SearchDemandFollowUp = (typeof SEARCH_DEMAND_FOLLOW_UPS)[number];

export const SEARCH_DEMAND_LIMITS = {
  /** Characters of a normalized query kept. */
  queryMax: 100,
  /** Rows of one list. */
  rowsMax: 50,
  /** Days kept. */
  keepDays: 90,
  /** A search answer's token is honoured this long (a visit). */
  tokenHours: 12,
  /** Characters of a token as issued (a 100-character Chinese query signed), with room. */
  tokenMax: 1200,
} as const;

/** Store calls (POST), below STORE_API_PREFIX. */
export const SearchDemandCalls = {
  /** { token, action: 'open' | 'order' } → null: the search whose answer carried `demandToken` led to this. */
  followUp: '/material/searchFollowUp',
  /** { window, kind, categoryId? } → SearchDemandLists: contributors only. */
  lists: '/material/demand',
} as const;

export interface SearchDemandRow {
  /** The query as counted: NFKC, simplified, lower case, single spaces. */
  query: string;
  searches: number;
  /** Results per search on average (the total the search answered). */
  averageResults: number;
  /** Share (0 to 1) of the searches after which something was opened in the same visit. */
  openedShare: number;
  /** Share (0 to 1) of the searches after which an opened material was ordered in the same visit. */
  orderedShare: number;
  /** `unmet`: the unmet demand the list is ranked by (searches weighted by how little they found). */
  unmetDemand?: number;
  /** `rising`: searches in the window of the same length before. */
  previousSearches?: number;
}

export interface SearchDemandLists {
  window: SearchDemandWindow;
  kind: SearchDemandKind;
  categoryId: number | null;
  /** The window's first and last day (UTC+8), YYYY-MM-DD. */
  from: string;
  to: string;
  top: SearchDemandRow[];
  unmet: SearchDemandRow[];
  rising: SearchDemandRow[];
}

/** A row of the console's `search-demand` resource: one list's row with its place. */
export interface SearchDemandAdminRow extends SearchDemandRow {
  /** `${list}:${rank}`: react-admin needs an id; the rows are computed, not stored. */
  id: string;
  list: SearchDemandList;
  rank: number;
}
