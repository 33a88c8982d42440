import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'catalogue';

/**
 * Sales analytics: each contributor material's figures per UTC+8 day ('d'), week starting Monday
 * ('w') and calendar quarter ('q'), every write adding to the three rows, so a half year of weeks
 * or two years of quarters is read from as few rows as two months of days. The key leads with
 * the contributor: one portfolio's periods are one index range. `earnings_fen` is net of
 * refunds, so it may go below zero. `material_activity_batches` remembers the in-memory batches
 * already added (kept 30 days), so a batch delivered or written twice is added once.
 */
export class CatalogueMaterialAnalytics1767700000000 implements MigrationInterface {
  name = 'CatalogueMaterialAnalytics1767700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."material_activity" (
        "contributor_id" uuid NOT NULL,
        "period" char(1) NOT NULL CHECK ("period" IN ('d', 'w', 'q')),
        "period_start" date NOT NULL,
        "material_id" bigint NOT NULL,
        "kind" varchar(8) NOT NULL,
        "appearances" integer NOT NULL DEFAULT 0,
        "views" integer NOT NULL DEFAULT 0,
        "favourites" integer NOT NULL DEFAULT 0,
        "cart_adds" integer NOT NULL DEFAULT 0,
        "sales" integer NOT NULL DEFAULT 0,
        "earnings_fen" bigint NOT NULL DEFAULT 0,
        PRIMARY KEY ("contributor_id", "period", "period_start", "material_id")
      )`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "material_activity_material" ON "${S}"."material_activity" ("material_id", "period", "period_start")`);
    // The same figures summed over each contributor's materials of a kind: a portfolio's series is
    // read from a few rows per period instead of one per material.
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."contributor_activity" (
        "contributor_id" uuid NOT NULL,
        "period" char(1) NOT NULL CHECK ("period" IN ('d', 'w', 'q')),
        "period_start" date NOT NULL,
        "kind" varchar(8) NOT NULL,
        "appearances" bigint NOT NULL DEFAULT 0,
        "views" bigint NOT NULL DEFAULT 0,
        "favourites" bigint NOT NULL DEFAULT 0,
        "cart_adds" bigint NOT NULL DEFAULT 0,
        "sales" bigint NOT NULL DEFAULT 0,
        "earnings_fen" bigint NOT NULL DEFAULT 0,
        PRIMARY KEY ("contributor_id", "period", "period_start", "kind")
      )`);
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."material_activity_batches" (
        "batch_id" uuid PRIMARY KEY,
        "added_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "${S}"."material_activity_batches"`);
    await runner.query(`DROP TABLE IF EXISTS "${S}"."contributor_activity"`);
    await runner.query(`DROP TABLE IF EXISTS "${S}"."material_activity"`);
  }
}
