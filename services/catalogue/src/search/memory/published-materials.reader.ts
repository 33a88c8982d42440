import type { DataSource } from 'typeorm';
import type { MaterialFilters, MaterialKind, MaterialSource } from '@mkt/contracts';
import { MATERIAL_KINDS } from '@mkt/contracts';
import type { MaterialSearchDocument } from '../material-search.port.js';

/** Rows per statement: a few megabytes of text, so a million materials stream in ~50 steps per kind. */
const BATCH = 20_000;

/** Where the in-memory engine reads the published catalogue from when it (re)builds. */
export interface PublishedMaterialSource {
  /** Every published material, kind by kind, best sellers first within a kind, in batches. */
  read(onBatch: (documents: MaterialSearchDocument[]) => void): Promise<void>;
}

interface Row {
  id: string;
  code: string;
  kind: MaterialKind;
  from: MaterialSource;
  category_id: number | null;
  title_zh: string;
  title_en: string;
  keywords_zh: string[];
  keywords_en: string[];
  filters: MaterialFilters;
  sales_count: number;
  online_at: Date | null;
}

/**
 * Reads the published materials from the catalogue's table (the source of truth), by keyset over
 * the per-kind sales index, so each statement is an index range and memory stays at one batch.
 */
export class PublishedMaterialReader implements PublishedMaterialSource {
  constructor(private readonly dataSource: Pick<DataSource, 'query'>) {}

  async read(onBatch: (documents: MaterialSearchDocument[]) => void): Promise<void> {
    const topicRows = (await this.dataSource.query(
      `SELECT material_id, array_agg(topic_id ORDER BY topic_id) AS topic_ids FROM catalogue.topic_materials GROUP BY material_id`,
    )) as { material_id: string; topic_ids: number[] }[];
    const topicsOf = new Map(topicRows.map((row) => [Number(row.material_id), row.topic_ids.map(Number)]));
    for (const kind of MATERIAL_KINDS) {
      let after: [number, string] | null = null;
      for (;;) {
        const rows = (await this.dataSource.query(
          `SELECT id, code, kind, "from", category_id, title_zh, title_en, keywords_zh, keywords_en, filters, sales_count, online_at
           FROM catalogue.materials
           WHERE status = 'published' AND kind = $1 ${after ? 'AND (sales_count, id) < ($3::int, $4::bigint)' : ''}
           ORDER BY sales_count DESC, id DESC LIMIT $2`,
          after ? [kind, BATCH, after[0], after[1]] : [kind, BATCH],
        )) as Row[];
        if (rows.length === 0) break;
        onBatch(
          rows.map((row) => {
            const id = Number(row.id);
            return {
              id,
              code: row.code,
              kind: row.kind,
              from: row.from,
              published: true,
              categoryId: row.category_id,
              topicIds: topicsOf.get(id) ?? [],
              titleZh: row.title_zh,
              titleEn: row.title_en,
              keywordsZh: row.keywords_zh,
              keywordsEn: row.keywords_en,
              filters: row.filters,
              salesCount: row.sales_count,
              onlineAt: row.online_at,
            };
          }),
        );
        const last = rows[rows.length - 1]!;
        after = [last.sales_count, last.id];
        if (rows.length < BATCH) break;
      }
    }
  }
}
