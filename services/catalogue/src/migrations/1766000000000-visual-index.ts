import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The visual index's truth (the in-memory index is built from it): each published photo's and
 * video's frames (a photo one at 0 ms; a video one at each scene change and at least every 2 s),
 * each with its perceptual hash and its 16x16 detail grid, and its look (dominant colours in CIELAB with their shares, a 4x4 grid of luminance
 * and edges). A material whose media could not be read gets a look row with `failure` set, so the
 * indexing job does not try it on every pass.
 */
export class CatalogueVisualIndex1766000000000 implements MigrationInterface {
  name = 'CatalogueVisualIndex1766000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "catalogue"."material_looks" (
        "material_id" bigint PRIMARY KEY REFERENCES "catalogue"."materials" ("id") ON DELETE CASCADE,
        "colours" jsonb,
        "composition" bytea,
        "frames" integer NOT NULL DEFAULT 0,
        "failure" varchar(500),
        "indexed_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "catalogue"."material_frames" (
        "material_id" bigint NOT NULL REFERENCES "catalogue"."materials" ("id") ON DELETE CASCADE,
        "time_ms" integer NOT NULL,
        "hash" bigint NOT NULL,
        "detail" bytea NOT NULL,
        PRIMARY KEY ("material_id", "time_ms")
      )`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "material_looks_indexed_at_idx" ON "catalogue"."material_looks" ("indexed_at")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "catalogue"."material_frames"`);
    await runner.query(`DROP TABLE IF EXISTS "catalogue"."material_looks"`);
  }
}
