import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export type TagLanguage = 'zh' | 'en';

/** How often a tag occurs among `sampled` published materials. */
export interface TagCounts {
  sampled: number;
  counts: Map<string, number>;
}

/**
 * Materials read for one statistic at most: the most sold first, so a tag found on a hundred
 * thousand materials costs what one on two thousand does (a GIN lookup and a bounded unnest).
 */
const SAMPLE = 2_000;

const column = (language: TagLanguage) => (language === 'zh' ? 'keywords_zh' : 'keywords_en');

/** The catalogue's published tags counted for keyword help: read-only queries over catalogue.materials. */
@Injectable()
export class TagStatisticsRepository {
  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  /**
   * The `counted` tags of published materials of `kind` that carry any of `having` (tags in the
   * `having` language), the material `excludeId` left out.
   */
  withAnyOf(kind: 'video' | 'photo', having: TagLanguage, tags: readonly string[], counted: TagLanguage, excludeId: number | null): Promise<TagCounts> {
    if (tags.length === 0) return Promise.resolve({ sampled: 0, counts: new Map() });
    return this.count(`m.${column(having)} && $2::text[]`, kind, [tags], counted, excludeId);
  }

  /** The `counted` tags of the published materials of `kind` in a category. */
  inCategory(kind: 'video' | 'photo', categoryId: number, counted: TagLanguage, excludeId: number | null): Promise<TagCounts> {
    return this.count('m.category_id = $2', kind, [categoryId], counted, excludeId);
  }

  /** The `counted` tags of the given published materials (look-alikes named by a search with a picture). */
  ofMaterials(kind: 'video' | 'photo', ids: readonly number[], counted: TagLanguage, excludeId: number | null): Promise<TagCounts> {
    if (ids.length === 0) return Promise.resolve({ sampled: 0, counts: new Map() });
    return this.count('m.id = ANY($2::bigint[])', kind, [ids], counted, excludeId);
  }

  private async count(where: string, kind: 'video' | 'photo', params: unknown[], counted: TagLanguage, excludeId: number | null): Promise<TagCounts> {
    const rows: { tag: string | null; n: number; sampled: number }[] = await this.dataSource.query(
      `WITH sample AS (
         SELECT m.${column(counted)} AS tags FROM catalogue.materials m
          WHERE m.status = 'published' AND m.kind = $1 AND ${where} AND m.id IS DISTINCT FROM $3
          ORDER BY m.sales_count DESC, m.id
          LIMIT ${SAMPLE})
       SELECT t.tag, count(*)::int AS n, (SELECT count(*)::int FROM sample) AS sampled
         FROM sample, unnest(sample.tags) AS t(tag)
        GROUP BY t.tag
        ORDER BY n DESC, t.tag
        LIMIT 200`,
      [kind, ...params, excludeId],
    );
    const counts = new Map<string, number>();
    for (const row of rows) if (row.tag) counts.set(row.tag, row.n);
    return { sampled: rows[0]?.sampled ?? 0, counts };
  }
}
