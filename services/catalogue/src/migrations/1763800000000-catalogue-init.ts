import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesMigrationSql, staffAuditTableMigrationSql } from '@mkt/platform';

const S = 'catalogue';

/**
 * The catalogue schema. Search lives on `materials` itself for the PostgreSQL search adapter:
 * `search_zh` (jieba words of the simplified title and tags), `search_en` (English title and
 * tags, lower-cased), `search_terms` (distinct words and the copy number, for trigram typo
 * matching) and `search_vector` (weighted: titles A, tags B; Chinese words with the 'simple'
 * configuration, English with 'english' stems), all maintained by PostgresMaterialSearchIndex.
 */
export class CatalogueInit1763800000000 implements MigrationInterface {
  name = 'CatalogueInit1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    await runner.query(`
      CREATE TABLE "${S}"."categories" (
        "id" serial PRIMARY KEY,
        "kind" varchar(8) NOT NULL CHECK ("kind" IN ('video', 'photo')),
        "name_zh" varchar(60) NOT NULL,
        "name_en" varchar(60) NOT NULL,
        "cover_key" varchar(400),
        "sort" int NOT NULL DEFAULT 0
      )`);
    await runner.query(`CREATE INDEX "categories_kind_sort_idx" ON "${S}"."categories" ("kind", "sort", "id")`);
    await runner.query(`
      CREATE TABLE "${S}"."materials" (
        "id" bigserial PRIMARY KEY,
        "code" varchar(20) NOT NULL UNIQUE,
        "kind" varchar(8) NOT NULL CHECK ("kind" IN ('video', 'photo', 'music', 'sfx')),
        "from" varchar(10) NOT NULL DEFAULT 'own' CHECK ("from" IN ('own', 'raw', 'external')),
        "status" varchar(12) NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'published', 'unpublished')),
        "contributor_id" uuid,
        "title_zh" varchar(200) NOT NULL DEFAULT '',
        "title_en" varchar(200) NOT NULL DEFAULT '',
        "keywords_zh" text[] NOT NULL DEFAULT '{}',
        "keywords_en" text[] NOT NULL DEFAULT '{}',
        "description_zh" text NOT NULL DEFAULT '',
        "description_en" text NOT NULL DEFAULT '',
        "category_id" int REFERENCES "${S}"."categories" ("id") ON DELETE SET NULL,
        "duration" numeric(10, 3),
        "frame_rate" numeric(7, 3),
        "speed" varchar(20),
        "footage_type" varchar(40),
        "color_space" varchar(40),
        "color_transfer" varchar(40),
        "width" int NOT NULL DEFAULT 0,
        "height" int NOT NULL DEFAULT 0,
        "original_fps" numeric(7, 3),
        "max_resolution" varchar(20) NOT NULL DEFAULT '',
        "hdr_flag" boolean NOT NULL DEFAULT false,
        "group_flag" boolean NOT NULL DEFAULT false,
        "model_release" boolean NOT NULL DEFAULT false,
        "property_release" boolean NOT NULL DEFAULT false,
        "theme_color" varchar(9),
        "sales_count" int NOT NULL DEFAULT 0 CHECK ("sales_count" >= 0),
        "filters" jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof("filters") = 'object'),
        "original_key" varchar(400),
        "preview480_key" varchar(400),
        "thumbnail_key" varchar(400),
        "sample_key" varchar(400),
        "preview_strip_key" varchar(400),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "online_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "search_zh" text NOT NULL DEFAULT '',
        "search_en" text NOT NULL DEFAULT '',
        "search_terms" text NOT NULL DEFAULT '',
        "search_vector" tsvector NOT NULL DEFAULT ''::tsvector
      )`);
    const index = (name: string, definition: string) => runner.query(`CREATE INDEX "${name}" ON "${S}"."materials" ${definition}`);
    await index('materials_search_vector_idx', `USING gin ("search_vector")`);
    await index('materials_title_zh_trgm_idx', `USING gin ("title_zh" gin_trgm_ops)`);
    await index('materials_title_en_trgm_idx', `USING gin ("title_en" gin_trgm_ops)`);
    await index('materials_search_terms_trgm_idx', `USING gin ("search_terms" gin_trgm_ops)`);
    await index('materials_kind_status_online_idx', `("kind", "status", "online_at" DESC, "id" DESC)`);
    await index('materials_kind_status_sales_idx', `("kind", "status", "sales_count" DESC, "id" DESC)`);
    await index('materials_category_idx', `("category_id")`);
    await index('materials_filters_idx', `USING gin ("filters" jsonb_path_ops)`);
    await index('materials_created_idx', `("created_at")`);
    await runner.query(`
      CREATE TABLE "${S}"."topics" (
        "id" serial PRIMARY KEY,
        "title_zh" varchar(120) NOT NULL,
        "title_en" varchar(120) NOT NULL,
        "description_zh" text NOT NULL DEFAULT '',
        "description_en" text NOT NULL DEFAULT '',
        "home_cover_key" varchar(400),
        "sort" int NOT NULL DEFAULT 0,
        "published" boolean NOT NULL DEFAULT true,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."topic_materials" (
        "topic_id" int NOT NULL REFERENCES "${S}"."topics" ("id") ON DELETE CASCADE,
        "material_id" bigint NOT NULL REFERENCES "${S}"."materials" ("id") ON DELETE CASCADE,
        "sort" int NOT NULL DEFAULT 0,
        PRIMARY KEY ("topic_id", "material_id")
      )`);
    await runner.query(`CREATE INDEX "topic_materials_material_idx" ON "${S}"."topic_materials" ("material_id")`);
    await runner.query(`
      CREATE TABLE "${S}"."hot_words" (
        "id" serial PRIMARY KEY,
        "word_zh" varchar(40) NOT NULL,
        "word_en" varchar(60) NOT NULL,
        "sort" int NOT NULL DEFAULT 0
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."bookmarks" (
        "id" bigserial PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "target_type" smallint NOT NULL CHECK ("target_type" BETWEEN 0 AND 3),
        "target_id" bigint NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "bookmarks_user_target_key" UNIQUE ("user_id", "target_type", "target_id")
      )`);
    await runner.query(`CREATE INDEX "bookmarks_user_type_created_idx" ON "${S}"."bookmarks" ("user_id", "target_type", "created_at" DESC, "id" DESC)`);
    await runner.query(`
      CREATE TABLE "${S}"."clicks" (
        "id" bigserial PRIMARY KEY,
        "at" timestamptz NOT NULL DEFAULT now(),
        "user_id" uuid,
        "biz_type" smallint NOT NULL,
        "rule_id" int NOT NULL,
        "target_id" bigint,
        "title" varchar(300) NOT NULL DEFAULT '',
        "referer" varchar(2000) NOT NULL DEFAULT '',
        "navigator" varchar(1000) NOT NULL DEFAULT ''
      )`);
    await runner.query(`CREATE INDEX "clicks_at_idx" ON "${S}"."clicks" ("at")`);
    await runner.query(`CREATE INDEX "clicks_target_idx" ON "${S}"."clicks" ("target_id", "rule_id")`);
    for (const statement of staffAuditTableMigrationSql(S).up) await runner.query(statement);
    for (const statement of eventTablesMigrationSql(S).up) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of eventTablesMigrationSql(S).down) await runner.query(statement);
    for (const statement of staffAuditTableMigrationSql(S).down) await runner.query(statement);
    for (const table of ['clicks', 'bookmarks', 'hot_words', 'topic_materials', 'topics', 'materials', 'categories']) {
      await runner.query(`DROP TABLE IF EXISTS "${S}"."${table}"`);
    }
  }
}
