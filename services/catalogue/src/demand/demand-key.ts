import type { SearchDemandKind } from '@mkt/contracts';

/** What one row of catalogue.search_demand_daily counts: one query of one kind and category on one day. */
export interface DemandKey {
  /** YYYY-MM-DD, UTC+8. */
  day: string;
  kind: SearchDemandKind;
  /** 0: no category asked for (music has none). */
  categoryId: number;
  /** Normalized (normalizeDemandQuery), never empty. */
  query: string;
}

export interface DemandCounts {
  searches: number;
  zeroResults: number;
  resultsSum: number;
  opened: number;
  ordered: number;
}

export const noCounts = (): DemandCounts => ({ searches: 0, zeroResults: 0, resultsSum: 0, opened: 0, ordered: 0 });

/** One string per key for the recorder's map; NUL cannot occur inside a normalized query. */
export function keyString(key: DemandKey): string {
  return `${key.day}\u0000${key.kind}\u0000${key.categoryId}\u0000${key.query}`;
}

export function keyOfString(text: string): DemandKey {
  const [day, kind, categoryId, query] = text.split('\u0000') as [string, SearchDemandKind, string, string];
  return { day, kind, categoryId: Number(categoryId), query };
}
