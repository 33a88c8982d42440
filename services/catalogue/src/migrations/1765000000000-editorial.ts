import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Editorial pages of the store: original content and brand cases, bilingual, with a cover, an
 * optional featured material and up to 24 related materials in display order. The store reads the
 * published ones by kind in (sort, id) order.
 */
export class CatalogueEditorial1765000000000 implements MigrationInterface {
  name = 'CatalogueEditorial1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "catalogue"."editorial_entries" (
        "id" serial PRIMARY KEY,
        "kind" varchar(16) NOT NULL CHECK ("kind" IN ('original', 'case')),
        "title_zh" varchar(120) NOT NULL,
        "title_en" varchar(120) NOT NULL,
        "body_zh" text NOT NULL DEFAULT '',
        "body_en" text NOT NULL DEFAULT '',
        "cover_key" varchar(400),
        "brand_zh" varchar(60) NOT NULL DEFAULT '',
        "brand_en" varchar(60) NOT NULL DEFAULT '',
        "featured_material_id" bigint REFERENCES "catalogue"."materials" ("id") ON DELETE SET NULL,
        "related_material_ids" bigint[] NOT NULL DEFAULT '{}' CHECK (cardinality("related_material_ids") <= 24),
        "published" boolean NOT NULL DEFAULT false,
        "sort" int NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX IF NOT EXISTS "editorial_entries_published_kind" ON "catalogue"."editorial_entries" ("kind", "sort", "id") WHERE "published"`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "catalogue"."editorial_entries"`);
  }
}
