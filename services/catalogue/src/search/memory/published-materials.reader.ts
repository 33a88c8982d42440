import type { MaterialFilters, MaterialKind, MaterialSource } from '@mkt/contracts';
import type { MaterialSearchDocument } from '../material-search.port.js';

/** Rows per fetch: a few megabytes of text; small enough that a batch dies young in the heap. */
const BATCH = 5_000;

/** One connection of the catalogue's database, held for one read. */
export interface SqlSession {
  query(sql: string, params?: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

/** Where the in-memory engine reads the published catalogue from when it (re)builds. */
export interface PublishedMaterialSource {
  /** How many published materials there are about to be (room is made for them up front). */
  count(): Promise<number>;
  /** Every published material, in batches. */
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
  keywords_zh: string;
  keywords_en: string;
  filters: MaterialFilters;
  sales_count: number;
  online_at: Date | null;
}

/**
 * Reads the published materials from the catalogue's table (the source of truth) through a
 * cursor over one sequential scan: PostgreSQL reads a large table's scan through a small ring of
 * buffers, so a rebuild does not push the store's working set out of its cache, and Node holds
 * one batch at a time.
 */
export class PublishedMaterialReader implements PublishedMaterialSource {
  constructor(private readonly openSession: () => Promise<SqlSession>) {}

  async count(): Promise<number> {
    const session = await this.openSession();
    try {
      const [row] = (await session.query(`SELECT count(*)::int AS n FROM catalogue.materials WHERE status = 'published'`)) as { n: number }[];
      return row?.n ?? 0;
    } finally {
      await session.close();
    }
  }

  async read(onBatch: (documents: MaterialSearchDocument[]) => void): Promise<void> {
    const session = await this.openSession();
    try {
      await session.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const topicRows = (await session.query(
        `SELECT material_id, array_agg(topic_id ORDER BY topic_id) AS topic_ids FROM catalogue.topic_materials GROUP BY material_id`,
      )) as { material_id: string; topic_ids: number[] }[];
      const topicsOf = new Map(topicRows.map((row) => [Number(row.material_id), row.topic_ids.map(Number)]));
      // Tags travel as one string each (unit separator between tags): parsing text[] costs more than the rest of a row.
      await session.query(
        `DECLARE published_materials NO SCROLL CURSOR FOR
         SELECT id, code, kind, "from", category_id, title_zh, title_en,
                array_to_string(keywords_zh, E'\\x1f') AS keywords_zh, array_to_string(keywords_en, E'\\x1f') AS keywords_en,
                filters, sales_count, online_at
         FROM catalogue.materials WHERE status = 'published'`,
      );
      const fetch = () => session.query(`FETCH ${BATCH} FROM published_materials`) as Promise<Row[]>;
      let rows = await fetch();
      while (rows.length > 0) {
        // The next batch is read by the database while this one is indexed here.
        const next = rows.length === BATCH ? fetch() : Promise.resolve([]);
        next.catch(() => undefined);
        onBatch(rows.map((row) => documentOf(row, topicsOf)));
        rows = await next;
      }
      await session.query('COMMIT');
    } catch (error) {
      await session.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await session.close();
    }
  }
}

function documentOf(row: Row, topicsOf: Map<number, number[]>): MaterialSearchDocument {
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
    keywordsZh: row.keywords_zh ? row.keywords_zh.split('\x1f') : [],
    keywordsEn: row.keywords_en ? row.keywords_en.split('\x1f') : [],
    filters: row.filters,
    salesCount: row.sales_count,
    onlineAt: row.online_at,
  };
}
