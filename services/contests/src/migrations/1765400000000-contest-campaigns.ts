import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'contests';

/**
 * Campaign pages (/8k2021 … /fcb1year/m3): one row per page, its texts in both languages, its
 * sections in order, and the contest whose winners it shows.
 */
export class ContestCampaigns1765400000000 implements MigrationInterface {
  name = 'ContestCampaigns1765400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."campaigns" (
        "slug" varchar(40) PRIMARY KEY,
        "contest_id" int REFERENCES "${S}"."contests" ("id") ON DELETE SET NULL,
        "title_zh" varchar(100) NOT NULL,
        "title_en" varchar(100) NOT NULL,
        "subtitle_zh" varchar(200) NOT NULL DEFAULT '',
        "subtitle_en" varchar(200) NOT NULL DEFAULT '',
        "banner_url" varchar(500),
        -- [{ headingZh, headingEn, textZh, textEn }] in page order.
        "sections" jsonb NOT NULL DEFAULT '[]',
        "winners_shown" int NOT NULL DEFAULT 6 CHECK ("winners_shown" BETWEEN 0 AND 24),
        "published" boolean NOT NULL DEFAULT true,
        "updated_at" timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "${S}"."campaigns"`);
  }
}
