import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { SearchDemandKind } from '@mkt/contracts';
import type { DemandCounts, DemandKey } from './demand-key.js';

/** A query's counts summed over a window (and over categories when none is asked for). */
export interface DemandTotals extends DemandCounts {
  query: string;
  /** Searches in the window before (rising candidates only; 0 otherwise). */
  previousSearches: number;
}

export interface DemandScope {
  kind: SearchDemandKind;
  /** null: every category summed. */
  categoryId: number | null;
  from: string;
  to: string;
}

const TOTALS = `query, sum(searches)::int AS searches, sum(zero_results)::int AS zero_results, sum(results_sum)::float8 AS results_sum,
  sum(opened)::int AS opened, sum(ordered)::int AS ordered`;

/** Reads and writes of catalogue.search_demand_daily. */
@Injectable()
export class SearchDemandRepository {
  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  /**
   * Adds each entry's counts to its row in one statement: arrays unnested, so the statement and
   * its plan stay the same whatever the batch's size (no parameter limit either).
   */
  async add(entries: readonly (readonly [DemandKey, DemandCounts])[]): Promise<void> {
    if (entries.length === 0) return;
    const column = <T>(pick: (key: DemandKey, counts: DemandCounts) => T) => entries.map(([key, counts]) => pick(key, counts));
    await this.dataSource.query(
      `INSERT INTO catalogue.search_demand_daily AS t (day, kind, category_id, query, searches, zero_results, results_sum, opened, ordered)
       SELECT * FROM unnest($1::date[], $2::varchar[], $3::int[], $4::varchar[], $5::int[], $6::int[], $7::bigint[], $8::int[], $9::int[])
       ON CONFLICT (day, kind, category_id, query) DO UPDATE SET
         searches = t.searches + EXCLUDED.searches,
         zero_results = t.zero_results + EXCLUDED.zero_results,
         results_sum = t.results_sum + EXCLUDED.results_sum,
         opened = t.opened + EXCLUDED.opened,
         ordered = t.ordered + EXCLUDED.ordered`,
      [
        column((k) => k.day),
        column((k) => k.kind),
        column((k) => k.categoryId),
        column((k) => k.query),
        column((_, c) => c.searches),
        column((_, c) => c.zeroResults),
        column((_, c) => c.resultsSum),
        column((_, c) => c.opened),
        column((_, c) => c.ordered),
      ],
    );
  }

  /** Deletes the days before `firstKept`; returns how many rows went. */
  async removeBefore(firstKept: string): Promise<number> {
    const [, affected] = (await this.dataSource.query(`DELETE FROM catalogue.search_demand_daily WHERE day < $1::date`, [firstKept])) as [unknown, number];
    return affected;
  }

  /** The `limit` most searched queries of the scope. */
  async mostSearched(scope: DemandScope, limit: number): Promise<DemandTotals[]> {
    return this.totals(scope, '', 'ORDER BY searches DESC, query LIMIT $5', [limit]);
  }

  /** The `limit` most searched queries of the scope that found fewer than `fewResults` on average. */
  async fewResults(scope: DemandScope, fewResults: number, limit: number): Promise<DemandTotals[]> {
    return this.totals(scope, 'HAVING sum(results_sum) < $5 * sum(searches)', 'ORDER BY searches DESC, query LIMIT $6', [fewResults, limit]);
  }

  /**
   * The `limit` most searched queries of the scope with at least `minSearches` and more searches
   * than in the window of the same length before (`previousFrom`), with that window's count.
   */
  async grown(scope: DemandScope, previousFrom: string, minSearches: number, limit: number): Promise<DemandTotals[]> {
    const rows: TotalsRow[] = await this.dataSource.query(
      `SELECT * FROM (
         SELECT query,
           sum(searches) FILTER (WHERE day >= $3::date)::int AS searches,
           sum(searches) FILTER (WHERE day < $3::date)::int AS previous_searches,
           sum(zero_results) FILTER (WHERE day >= $3::date)::int AS zero_results,
           sum(results_sum) FILTER (WHERE day >= $3::date)::float8 AS results_sum,
           sum(opened) FILTER (WHERE day >= $3::date)::int AS opened,
           sum(ordered) FILTER (WHERE day >= $3::date)::int AS ordered
         FROM catalogue.search_demand_daily
         WHERE kind = $1 AND ($2::int IS NULL OR category_id = $2) AND day BETWEEN $5::date AND $4::date
         GROUP BY query) w
       WHERE searches >= $6 AND searches > coalesce(previous_searches, 0)
       ORDER BY searches DESC, query LIMIT $7`,
      [scope.kind, scope.categoryId, scope.from, scope.to, previousFrom, minSearches, limit],
    );
    return rows.map(toTotals);
  }

  private async totals(scope: DemandScope, having: string, order: string, more: unknown[]): Promise<DemandTotals[]> {
    const rows: TotalsRow[] = await this.dataSource.query(
      `SELECT ${TOTALS} FROM catalogue.search_demand_daily
        WHERE kind = $1 AND ($2::int IS NULL OR category_id = $2) AND day BETWEEN $3::date AND $4::date
        GROUP BY query ${having} ${order}`,
      [scope.kind, scope.categoryId, scope.from, scope.to, ...more],
    );
    return rows.map(toTotals);
  }
}

interface TotalsRow {
  query: string;
  searches: number;
  zero_results: number | null;
  results_sum: number | null;
  opened: number | null;
  ordered: number | null;
  previous_searches?: number | null;
}

function toTotals(row: TotalsRow): DemandTotals {
  return {
    query: row.query,
    searches: Number(row.searches),
    zeroResults: Number(row.zero_results ?? 0),
    resultsSum: Number(row.results_sum ?? 0),
    opened: Number(row.opened ?? 0),
    ordered: Number(row.ordered ?? 0),
    previousSearches: Number(row.previous_searches ?? 0),
  };
}
