import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AnalyticsKind, AnalyticsPeriod, AnalyticsSort } from '@mkt/contracts';
import { noActivity, type ActivityCounts, type ActivityEntry } from './activity-counts.js';

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

const SUMS = `sum(appearances)::float8 AS appearances, sum(views)::float8 AS views, sum(favourites)::float8 AS favourites,
  sum(cart_adds)::float8 AS cart_adds, sum(sales)::float8 AS sales, sum(earnings_fen)::float8 AS earnings_fen`;

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
    await manager.query(
      `INSERT INTO catalogue.material_activity AS t
         (contributor_id, period, period_start, material_id, kind, appearances, views, favourites, cart_adds, sales, earnings_fen)
       SELECT m.contributor_id, p.period, p.start, m.id, m.kind,
         sum(e.appearances), sum(e.views), sum(e.favourites), sum(e.cart_adds), sum(e.sales), sum(e.earnings_fen)
       FROM unnest($1::date[], $2::bigint[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::bigint[])
         AS e(day, material_id, appearances, views, favourites, cart_adds, sales, earnings_fen)
       JOIN catalogue.materials m ON m.id = e.material_id AND m.contributor_id IS NOT NULL
       CROSS JOIN LATERAL (VALUES ('d', e.day), ('w', date_trunc('week', e.day)::date), ('q', date_trunc('quarter', e.day)::date)) AS p(period, start)
       GROUP BY m.contributor_id, p.period, p.start, m.id, m.kind
       ORDER BY m.contributor_id, p.period, p.start, m.id
       ON CONFLICT (contributor_id, period, period_start, material_id) DO UPDATE SET
         appearances = t.appearances + EXCLUDED.appearances,
         views = t.views + EXCLUDED.views,
         favourites = t.favourites + EXCLUDED.favourites,
         cart_adds = t.cart_adds + EXCLUDED.cart_adds,
         sales = t.sales + EXCLUDED.sales,
         earnings_fen = t.earnings_fen + EXCLUDED.earnings_fen`,
      [
        column('day'),
        column('materialId'),
        column('appearances'),
        column('views'),
        column('favourites'),
        column('cartAdds'),
        column('sales'),
        column('earningsFen'),
      ],
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
   * In one pass over the scope's rows: the sums per period (the series) and one page of the sums
   * per material, sorted, with how many materials there are.
   */
  async read(scope: ActivityScope, page: ActivityPage): Promise<{ series: ActivityTotalsRow[]; table: ActivityTotalsRow[]; materials: number }> {
    const direction = page.order === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST';
    const rows: RawRow[] = await this.dataSource.query(
      `WITH sums AS MATERIALIZED (
         SELECT GROUPING(material_id) AS by_period, material_id, period_start, ${SUMS}
         FROM catalogue.material_activity
         WHERE contributor_id = $1 AND period = $2 AND period_start BETWEEN $3::date AND $4::date
           AND ($5::varchar IS NULL OR kind = $5) AND ($6::bigint IS NULL OR material_id = $6)
           AND ($7::bigint[] IS NULL OR material_id = ANY($7::bigint[]))
         GROUP BY GROUPING SETS ((material_id), (period_start))),
       page AS (
         SELECT 'm' AS part, material_id::text AS key, appearances, views, favourites, cart_adds, sales, earnings_fen, count(*) OVER () AS materials
         FROM sums WHERE by_period = 0
         ORDER BY ${SORT_SQL[page.sort]} ${direction}, material_id DESC
         LIMIT $8 OFFSET $9)
       SELECT 'p' AS part, to_char(period_start, 'YYYY-MM-DD') AS key, appearances, views, favourites, cart_adds, sales, earnings_fen, NULL AS materials
         FROM sums WHERE by_period = 1
       UNION ALL SELECT * FROM page`,
      [scope.contributorId, PERIOD_CODE[scope.period], scope.from, scope.to, scope.kind, scope.materialId, scope.materialIds, page.limit, page.offset],
    );
    const series: ActivityTotalsRow[] = [];
    const table: ActivityTotalsRow[] = [];
    let materials = 0;
    for (const row of rows) {
      const figures = { ...noActivity(), key: row.key, appearances: row.appearances, views: row.views, favourites: row.favourites, cartAdds: row.cart_adds, sales: row.sales, earningsFen: row.earnings_fen };
      if (row.part === 'p') series.push(figures);
      else {
        table.push(figures);
        materials = Number(row.materials);
      }
    }
    if (table.length === 0 && page.offset > 0) materials = await this.countMaterials(scope);
    return { series, table, materials };
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
    const [row] = (await this.dataSource.query(
      `SELECT count(DISTINCT material_id)::int AS n FROM catalogue.material_activity
        WHERE contributor_id = $1 AND period = $2 AND period_start BETWEEN $3::date AND $4::date
          AND ($5::varchar IS NULL OR kind = $5) AND ($6::bigint IS NULL OR material_id = $6)
          AND ($7::bigint[] IS NULL OR material_id = ANY($7::bigint[]))`,
      [scope.contributorId, PERIOD_CODE[scope.period], scope.from, scope.to, scope.kind, scope.materialId, scope.materialIds],
    )) as { n: number }[];
    return row?.n ?? 0;
  }
}

interface RawRow {
  part: 'p' | 'm';
  key: string;
  appearances: number;
  views: number;
  favourites: number;
  cart_adds: number;
  sales: number;
  earnings_fen: number;
  materials: string | null;
}
