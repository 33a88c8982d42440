import { MATERIAL_KINDS, type MaterialFilters, type MaterialKind, type MaterialSource } from '@mkt/contracts';
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
 * Reads the published materials from the catalogue's table (the source of truth), kind by kind,
 * through a cursor over a sequential scan each: PostgreSQL reads a large table's scan through a
 * small ring of buffers, so a rebuild does not push the store's working set out of its cache, and
 * Node holds one batch at a time.
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
      // Kind by kind, so document numbers are too: a search of one kind then reads only the
      // bitmap words its kind occupies. One sequential scan per kind (the ring buffer keeps the
      // store's cache), read by the database while the previous batch is indexed here.
      // Kinds without published materials (often music and sound effects) are skipped by an index
      // probe rather than scanned for nothing.
      const present = new Set(
        ((await session.query(
          `SELECT wanted.kind FROM unnest($1::text[]) AS wanted(kind) WHERE EXISTS (SELECT 1 FROM catalogue.materials m WHERE m.status = 'published' AND m.kind = wanted.kind)`,
          [MATERIAL_KINDS],
        )) as { kind: MaterialKind }[]).map((row) => row.kind),
      );
      await session.query('SET LOCAL enable_indexscan = off');
      await session.query('SET LOCAL enable_bitmapscan = off');
      for (const kind of MATERIAL_KINDS.filter((k) => present.has(k))) {
        // Tags travel as one string each (unit separator between tags): parsing text[] costs more than the rest of a row.
        await session.query(
          `DECLARE published_${kind} NO SCROLL CURSOR FOR
           SELECT id, code, kind, "from", category_id, title_zh, title_en,
                  array_to_string(keywords_zh, E'\\x1f') AS keywords_zh, array_to_string(keywords_en, E'\\x1f') AS keywords_en,
                  filters, sales_count, online_at
           FROM catalogue.materials WHERE status = 'published' AND kind = '${kind}'`,
        );
        const fetch = () => session.query(`FETCH ${BATCH} FROM published_${kind}`) as Promise<Row[]>;
        let rows = await fetch();
        while (rows.length > 0) {
          const next = rows.length === BATCH ? fetch() : Promise.resolve([]);
          next.catch(() => undefined);
          onBatch(rows.map((row) => documentOf(row, topicsOf)));
          rows = await next;
        }
        await session.query(`CLOSE published_${kind}`);
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
