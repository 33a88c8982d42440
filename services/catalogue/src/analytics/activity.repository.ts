import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AnalyticsKind, AnalyticsPeriod, AnalyticsSort } from '@mkt/contracts';
import { noActivity, type ActivityCounts, type ActivityEntry } from './activity-counts.js';
import { wholeWeeksWithin } from './analytics-range.js';

const PERIOD_CODE: Record<AnalyticsPeriod, string> = { day: 'd', week: 'w', quarter: 'q' };

/** Sort keys as SQL over the summed columns; conversion puts materials without views last. */
const SORT_SQL: Record<AnalyticsSort, string> = {
  appearances: 'appearances',
  views: 'views',
  favourites: 'favourites',
  cartAdds: 'cart_adds',
  sales: 'sales',
  earningsFen: 'earnings_fen',
  salesPerView: 'sales::float8 / NULLIF(views, 0)',
};

// Summed as float8 (exact for integers below 2^53): a bigint sum would be computed in numeric, slower.
const SUMS = `sum(appearances)::float8 AS appearances, sum(views)::float8 AS views, sum(favourites)::float8 AS favourites,
  sum(cart_adds)::float8 AS cart_adds, sum(sales)::float8 AS sales, sum(earnings_fen::float8) AS earnings_fen`;

/** A batch's entries ($1-$8 arrays) with their materials, once per day, week and quarter they count in. */
const ENTRIES_BY_PERIOD = `FROM unnest($1::date[], $2::bigint[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::bigint[])
         AS e(day, material_id, appearances, views, favourites, cart_adds, sales, earnings_fen)
       JOIN catalogue.materials m ON m.id = e.material_id AND m.contributor_id IS NOT NULL
       CROSS JOIN LATERAL (VALUES ('d', e.day), ('w', date_trunc('week', e.day)::date), ('q', date_trunc('quarter', e.day)::date)) AS p(period, start)`;
const ENTRY_SUMS = 'sum(e.appearances), sum(e.views), sum(e.favourites), sum(e.cart_adds), sum(e.sales), sum(e.earnings_fen)';
const ADD_EXCLUDED = `appearances = t.appearances + EXCLUDED.appearances, views = t.views + EXCLUDED.views,
         favourites = t.favourites + EXCLUDED.favourites, cart_adds = t.cart_adds + EXCLUDED.cart_adds,
         sales = t.sales + EXCLUDED.sales, earnings_fen = t.earnings_fen + EXCLUDED.earnings_fen`;

/** One portfolio's rows to read: a contributor, a granularity and its period starts, and the filters. */
export interface ActivityScope {
  contributorId: string;
  period: AnalyticsPeriod;
  from: string;
  to: string;
  kind: AnalyticsKind | null;
  materialId: number | null;
  /** Only these materials (a portfolio search), or null for all. */
  materialIds: number[] | null;
}

export interface ActivityPage {
  sort: AnalyticsSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface ActivityTotalsRow extends ActivityCounts {
  key: string;
}

export interface MaterialSummary {
  id: number;
  code: string;
  kind: AnalyticsKind;
  titleZh: string;
  titleEn: string;
  thumbnailKey: string | null;
}

/** Reads and writes of catalogue.material_activity (and its batch ids). */
@Injectable()
export class ActivityRepository {
  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  /**
   * Adds a batch counted in memory, once: a batch id already added leaves everything as it is.
   * Returns whether it was added.
   */
  async addBatch(manager: EntityManager, batchId: string, entries: readonly ActivityEntry[]): Promise<boolean> {
    const fresh = (await manager.query(
      `INSERT INTO catalogue.material_activity_batches (batch_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING batch_id`,
      [batchId],
    )) as unknown[];
    if (fresh.length === 0) return false;
    await this.add(manager, entries);
    return true;
  }

  /**
   * Adds each entry to its material's day, week and quarter rows in one statement (arrays
   * unnested, so one plan whatever the size). Materials without a contributor (the platform's
   * own) are not counted. Rows are written in key order, so concurrent writers lock alike.
   */
  async add(manager: EntityManager, entries: readonly ActivityEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const column = <K extends keyof ActivityEntry>(key: K) => entries.map((entry) => entry[key]);
    const params = [column('day'), column('materialId'), column('appearances'), column('views'), column('favourites'), column('cartAdds'), column('sales'), column('earningsFen')];
    await manager.query(
      `INSERT INTO catalogue.material_activity AS t
         (contributor_id, period, period_start, material_id, kind, appearances, views, favourites, cart_adds, sales, earnings_fen)
       SELECT m.contributor_id, p.period, p.start, m.id, m.kind, ${ENTRY_SUMS}
       ${ENTRIES_BY_PERIOD}
       GROUP BY m.contributor_id, p.period, p.start, m.id, m.kind
       ORDER BY m.contributor_id, p.period, p.start, m.id
       ON CONFLICT (contributor_id, period, period_start, material_id) DO UPDATE SET ${ADD_EXCLUDED}`,
      params,
    );
    await manager.query(
      `INSERT INTO catalogue.contributor_activity AS t
         (contributor_id, period, period_start, kind, appearances, views, favourites, cart_adds, sales, earnings_fen)
       SELECT m.contributor_id, p.period, p.start, m.kind, ${ENTRY_SUMS}
       ${ENTRIES_BY_PERIOD}
       GROUP BY m.contributor_id, p.period, p.start, m.kind
       ORDER BY m.contributor_id, p.period, p.start, m.kind
       ON CONFLICT (contributor_id, period, period_start, kind) DO UPDATE SET ${ADD_EXCLUDED}`,
      params,
    );
  }

  /** Forgets batch ids older than `before`: a batch is redelivered within minutes, not weeks. */
  async removeBatchesBefore(before: Date): Promise<number> {
    const [, affected] = (await this.dataSource.query(`DELETE FROM catalogue.material_activity_batches WHERE added_at < $1`, [before])) as [unknown, number];
    return affected;
  }

  /** Whether the material is the contributor's. */
  async owns(contributorId: string, materialId: number): Promise<boolean> {
    const rows = (await this.dataSource.query(`SELECT 1 FROM catalogue.materials WHERE id = $1 AND contributor_id = $2`, [materialId, contributorId])) as unknown[];
    return rows.length > 0;
  }

  /** The contributor's materials whose title (either language) or code holds `text`, or whose id it is. */
  async search(contributorId: string, text: string, limit: number): Promise<number[]> {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM catalogue.materials
        WHERE contributor_id = $1 AND (title_zh ILIKE $2 OR title_en ILIKE $2 OR code ILIKE $2 OR id = $3::bigint)
        LIMIT $4`,
      [contributorId, like, id, limit],
    );
    return rows.map((row) => Number(row.id));
  }

  /**
   * The series (sums per period) and one sorted page of the sums per material, with how many
   * materials there are. A whole portfolio's series is read from its per-kind rows
   * (contributor_activity); a range of days sums its whole weeks from their week rows and only
   * the days at its edges from day rows, so a month reads about a third of the rows.
   */
  async read(scope: ActivityScope, page: ActivityPage): Promise<{ series: ActivityTotalsRow[]; table: ActivityTotalsRow[]; materials: number }> {
    const [series, { table, materials }] = await Promise.all([this.series(scope), this.table(scope, page)]);
    return { series, table, materials: table.length === 0 && page.offset > 0 ? await this.countMaterials(scope) : materials };
  }

  private async series(scope: ActivityScope): Promise<ActivityTotalsRow[]> {
    const narrowed = scope.materialId !== null || scope.materialIds !== null;
    const rows: RawRow[] = await this.dataSource.query(
      narrowed
        ? `SELECT to_char(period_start, 'YYYY-MM-DD') AS key, ${SUMS} FROM catalogue.material_activity WHERE ${SCOPE_WHERE} GROUP BY period_start`
        : `SELECT to_char(period_start, 'YYYY-MM-DD') AS key, ${SUMS} FROM catalogue.contributor_activity
            WHERE contributor_id = $1 AND period = $2 AND period_start BETWEEN $3::date AND $4::date AND ($5::varchar IS NULL OR kind = $5)
            GROUP BY period_start`,
      narrowed ? scopeParams(scope) : scopeParams(scope).slice(0, 5),
    );
    return rows.map(totalsOf);
  }

  private async table(scope: ActivityScope, page: ActivityPage): Promise<{ table: ActivityTotalsRow[]; materials: number }> {
    const direction = page.order === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST';
    const weeks = scope.period === 'day' ? wholeWeeksWithin(scope.from, scope.to) : null;
    const params: unknown[] = [...scopeParams(scope), page.limit, page.offset];
    const rowsOfScope = weeks
      ? `contributor_id = $1 AND $2::char(1) = 'd' AND ${FILTERS_WHERE} AND (
           (period = 'd' AND (period_start BETWEEN $3::date AND ($10::date - 1) OR period_start BETWEEN ($11::date + 7) AND $4::date))
           OR (period = 'w' AND period_start BETWEEN $10::date AND $11::date))`
      : SCOPE_WHERE;
    if (weeks) params.push(weeks.firstWeek, weeks.lastWeek);
    const rows: (RawRow & { materials: string })[] = await this.dataSource.query(
      `SELECT material_id::text AS key, appearances, views, favourites, cart_adds, sales, earnings_fen, count(*) OVER () AS materials
         FROM (SELECT material_id, ${SUMS} FROM catalogue.material_activity WHERE ${rowsOfScope} GROUP BY material_id) sums
         ORDER BY ${SORT_SQL[page.sort]} ${direction}, material_id DESC
         LIMIT $8 OFFSET $9`,
      params,
    );
    return { table: rows.map(totalsOf), materials: Number(rows[0]?.materials ?? 0) };
  }

  async summaries(ids: number[]): Promise<MaterialSummary[]> {
    if (ids.length === 0) return [];
    const rows: { id: string; code: string; kind: AnalyticsKind; title_zh: string; title_en: string; thumbnail_key: string | null }[] = await this.dataSource.query(
      `SELECT id, code, kind, title_zh, title_en, thumbnail_key FROM catalogue.materials WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    return rows.map((row) => ({ id: Number(row.id), code: row.code, kind: row.kind, titleZh: row.title_zh, titleEn: row.title_en, thumbnailKey: row.thumbnail_key }));
  }

  /** How many materials have rows in the scope (asked only for a page past the end). */
  private async countMaterials(scope: ActivityScope): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT count(DISTINCT material_id)::int AS n FROM catalogue.material_activity WHERE ${SCOPE_WHERE}`, scopeParams(scope))) as { n: number }[];
    return row?.n ?? 0;
  }
}

/** Kind, one material, or the materials a portfolio search found ($5-$7). */
const FILTERS_WHERE = `($5::varchar IS NULL OR kind = $5) AND ($6::bigint IS NULL OR material_id = $6) AND ($7::bigint[] IS NULL OR material_id = ANY($7::bigint[]))`;
/** A scope's rows of its own granularity ($1-$7). */
const SCOPE_WHERE = `contributor_id = $1 AND period = $2 AND period_start BETWEEN $3::date AND $4::date AND ${FILTERS_WHERE}`;

function scopeParams(scope: ActivityScope): unknown[] {
  return [scope.contributorId, PERIOD_CODE[scope.period], scope.from, scope.to, scope.kind, scope.materialId, scope.materialIds];
}

function totalsOf(row: RawRow): ActivityTotalsRow {
  return { ...noActivity(), key: row.key, appearances: row.appearances, views: row.views, favourites: row.favourites, cartAdds: row.cart_adds, sales: row.sales, earningsFen: row.earnings_fen };
}

interface RawRow {
  key: string;
  appearances: number;
  views: number;
  favourites: number;
  cart_adds: number;
  sales: number;
  earnings_fen: number;
}
