import type { MigrationInterface, QueryRunner } from 'typeorm';
import { defaultSkuTree } from '../music/sku-defaults.js';

const S = 'catalogue';

/**
 * Music and sound effects: the music-only fields of materials of kind music/sfx, sheets
 * (playlists), server-side play history and the licence SKU cascade with its default prices.
 */
export class CatalogueMusic1764100000000 implements MigrationInterface {
  name = 'CatalogueMusic1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."music_details" (
        "material_id" bigint PRIMARY KEY REFERENCES "${S}"."materials" ("id") ON DELETE CASCADE,
        "composer" varchar(100) NOT NULL DEFAULT '',
        "artist" varchar(100) NOT NULL DEFAULT '',
        "mastery" varchar(100) NOT NULL DEFAULT '',
        "maker" varchar(100) NOT NULL DEFAULT '',
        "arranger" varchar(100) NOT NULL DEFAULT '',
        "author" varchar(100) NOT NULL DEFAULT '',
        "bpm" int NOT NULL DEFAULT 0 CHECK ("bpm" >= 0),
        "mood" varchar(40) NOT NULL DEFAULT '',
        "genre" varchar(40) NOT NULL DEFAULT '',
        "price_fen" int NOT NULL DEFAULT 0 CHECK ("price_fen" >= 0),
        "parent_id" bigint REFERENCES "${S}"."materials" ("id") ON DELETE CASCADE,
        "version_name" varchar(40) NOT NULL DEFAULT '',
        "source_note" varchar(400) NOT NULL DEFAULT '',
        "peaks" jsonb
      )`);
    await runner.query(`CREATE INDEX "music_details_parent_idx" ON "${S}"."music_details" ("parent_id") WHERE "parent_id" IS NOT NULL`);
    await runner.query(`CREATE INDEX "music_details_mood_genre_idx" ON "${S}"."music_details" ("mood", "genre")`);
    await runner.query(`
      CREATE TABLE "${S}"."music_sheets" (
        "id" serial PRIMARY KEY,
        "name_zh" varchar(100) NOT NULL,
        "name_en" varchar(100) NOT NULL,
        "description_zh" varchar(500) NOT NULL DEFAULT '',
        "description_en" varchar(500) NOT NULL DEFAULT '',
        "cover_key" varchar(400),
        "sort" int NOT NULL DEFAULT 0,
        "published" boolean NOT NULL DEFAULT true,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "music_sheets_cover_idx" ON "${S}"."music_sheets" ("cover_key") WHERE "published"`);
    await runner.query(`
      CREATE TABLE "${S}"."music_sheet_items" (
        "sheet_id" int NOT NULL REFERENCES "${S}"."music_sheets" ("id") ON DELETE CASCADE,
        "material_id" bigint NOT NULL REFERENCES "${S}"."materials" ("id") ON DELETE CASCADE,
        "sort" int NOT NULL DEFAULT 0,
        PRIMARY KEY ("sheet_id", "material_id")
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."music_play_history" (
        "user_id" uuid NOT NULL,
        "material_id" bigint NOT NULL REFERENCES "${S}"."materials" ("id") ON DELETE CASCADE,
        "played_at" timestamptz NOT NULL,
        PRIMARY KEY ("user_id", "material_id")
      )`);
    await runner.query(`CREATE INDEX "music_play_history_user_idx" ON "${S}"."music_play_history" ("user_id", "played_at" DESC)`);
    await runner.query(`
      CREATE TABLE "${S}"."music_skus" (
        "id" varchar(64) PRIMARY KEY,
        "parent_id" varchar(64) REFERENCES "${S}"."music_skus" ("id") ON DELETE CASCADE,
        "level" smallint NOT NULL CHECK ("level" BETWEEN 1 AND 4),
        "name_zh" varchar(60) NOT NULL,
        "name_en" varchar(60) NOT NULL,
        "sort" int NOT NULL DEFAULT 0,
        "price_fen" int CHECK ("price_fen" >= 0),
        CHECK (("level" = 4) = ("price_fen" IS NOT NULL))
      )`);
    for (const node of defaultSkuTree()) {
      await runner.query(
        `INSERT INTO "${S}"."music_skus" (id, parent_id, level, name_zh, name_en, sort, price_fen) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [node.id, node.parentId, node.level, node.nameZh, node.nameEn, node.sort, node.priceFen],
      );
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['music_skus', 'music_play_history', 'music_sheet_items', 'music_sheets', 'music_details']) {
      await runner.query(`DROP TABLE IF EXISTS "${S}"."${table}"`);
    }
  }
}
