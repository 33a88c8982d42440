import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'catalogue';

/**
 * Indexes for the store's hot read paths:
 * - the public media route (MediaController) checks that a renditions location is the thumbnail,
 *   480p preview or preview strip of a published material, a category cover or the cover of a
 *   published topic: partial indexes on each of those columns;
 * - "similar materials" (CatalogueReadService) takes its candidates from the same kind and
 *   category by sales, then from shared keywords: a partial (kind, category, sales) index and GIN
 *   indexes on both keyword arrays for the `&&` overlap.
 */
export class CatalogueReadIndexes1763900000000 implements MigrationInterface {
  name = 'CatalogueReadIndexes1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const [name, table, definition] of CATALOGUE_READ_INDEXES) {
      await runner.query(`CREATE INDEX IF NOT EXISTS "${name}" ON "${S}"."${table}" ${definition}`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const [name] of [...CATALOGUE_READ_INDEXES].reverse()) await runner.query(`DROP INDEX IF EXISTS "${S}"."${name}"`);
  }
}

export const CATALOGUE_READ_INDEXES: readonly (readonly [name: string, table: string, definition: string])[] = [
  ['materials_published_thumbnail_key_idx', 'materials', `("thumbnail_key") WHERE "status" = 'published'`],
  ['materials_published_preview480_key_idx', 'materials', `("preview480_key") WHERE "status" = 'published'`],
  ['materials_published_preview_strip_key_idx', 'materials', `("preview_strip_key") WHERE "status" = 'published'`],
  ['categories_cover_key_idx', 'categories', `("cover_key")`],
  ['topics_published_home_cover_key_idx', 'topics', `("home_cover_key") WHERE "published"`],
  ['materials_published_kind_category_sales_idx', 'materials', `("kind", "category_id", "sales_count" DESC, "id" DESC) WHERE "status" = 'published'`],
  ['materials_keywords_zh_idx', 'materials', `USING gin ("keywords_zh")`],
  ['materials_keywords_en_idx', 'materials', `USING gin ("keywords_en")`],
];
