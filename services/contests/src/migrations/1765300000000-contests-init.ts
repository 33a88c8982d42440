import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesMigrationSql, staffAuditTableMigrationSql } from '@mkt/platform';

const S = 'contests';

/**
 * Contests as data (spec sections 3, 5, 8 and 9): the contest with its phases, tracks and prizes;
 * judges and the tracks their key opens; uploaded entry files with what the server measured;
 * entries; judges' scores; and, once results are published, each ranked entry's standing, the
 * awards with the winners' information, and the points each participant received.
 */
export class ContestsInit1765300000000 implements MigrationInterface {
  name = 'ContestsInit1765300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${S}"`);
    await runner.query(`
      CREATE TABLE "${S}"."contests" (
        "id" serial PRIMARY KEY,
        "title_zh" varchar(100) NOT NULL,
        "title_en" varchar(100) NOT NULL,
        "rules_zh" text NOT NULL DEFAULT '',
        "rules_en" text NOT NULL DEFAULT '',
        "banner_url" varchar(500),
        "max_score" int NOT NULL CHECK ("max_score" BETWEEN 1 AND 1000),
        "points_pool" int NOT NULL CHECK ("points_pool" >= 0),
        "winner_info_days" int NOT NULL CHECK ("winner_info_days" BETWEEN 1 AND 30),
        "results_published_at" timestamptz,
        "created_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."phases" (
        "contest_id" int NOT NULL REFERENCES "${S}"."contests" ("id") ON DELETE CASCADE,
        "phase" varchar(16) NOT NULL CHECK ("phase" IN ('submission', 'review', 'announcement', 'publicity', 'ceremony', 'exhibition')),
        "starts_at" timestamptz NOT NULL,
        "ends_at" timestamptz NOT NULL CHECK ("ends_at" > "starts_at"),
        PRIMARY KEY ("contest_id", "phase")
      )`);
    await runner.query(`CREATE INDEX "phases_window_idx" ON "${S}"."phases" ("phase", "starts_at", "ends_at")`);
    await runner.query(`
      CREATE TABLE "${S}"."tracks" (
        "id" serial PRIMARY KEY,
        "contest_id" int NOT NULL REFERENCES "${S}"."contests" ("id") ON DELETE CASCADE,
        "position" int NOT NULL,
        "kind" varchar(8) NOT NULL CHECK ("kind" IN ('video', 'photo')),
        "title_zh" varchar(100) NOT NULL,
        "title_en" varchar(100) NOT NULL,
        "rules_zh" text NOT NULL DEFAULT '',
        "rules_en" text NOT NULL DEFAULT ''
      )`);
    await runner.query(`CREATE INDEX "tracks_contest_idx" ON "${S}"."tracks" ("contest_id", "position")`);
    await runner.query(`
      CREATE TABLE "${S}"."prizes" (
        "id" serial PRIMARY KEY,
        "contest_id" int NOT NULL REFERENCES "${S}"."contests" ("id") ON DELETE CASCADE,
        "track_id" int REFERENCES "${S}"."tracks" ("id") ON DELETE CASCADE,
        "place" int NOT NULL CHECK ("place" BETWEEN 1 AND 20),
        "winners" int NOT NULL CHECK ("winners" BETWEEN 1 AND 100),
        "title_zh" varchar(100) NOT NULL,
        "title_en" varchar(100) NOT NULL,
        "cash_fen" bigint NOT NULL CHECK ("cash_fen" >= 0),
        "goods_zh" varchar(200) NOT NULL DEFAULT '',
        "goods_en" varchar(200) NOT NULL DEFAULT '',
        "eligibility" varchar(8) NOT NULL DEFAULT 'all' CHECK ("eligibility" IN ('all', 'owner', 'student'))
      )`);
    await runner.query(`CREATE INDEX "prizes_contest_idx" ON "${S}"."prizes" ("contest_id")`);
    await runner.query(`
      CREATE TABLE "${S}"."judges" (
        "id" uuid PRIMARY KEY,
        "contest_id" int NOT NULL REFERENCES "${S}"."contests" ("id") ON DELETE CASCADE,
        "name" varchar(50) NOT NULL,
        -- Only a hash of the key is kept: it is shown once, when it is made.
        "key_hash" char(64) NOT NULL UNIQUE,
        "key_hint" varchar(8) NOT NULL,
        "revoked_at" timestamptz,
        "created_at" timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."judge_tracks" (
        "judge_id" uuid NOT NULL REFERENCES "${S}"."judges" ("id") ON DELETE CASCADE,
        "track_id" int NOT NULL REFERENCES "${S}"."tracks" ("id") ON DELETE CASCADE,
        PRIMARY KEY ("judge_id", "track_id")
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."entries" (
        "id" serial PRIMARY KEY,
        "contest_id" int NOT NULL REFERENCES "${S}"."contests" ("id"),
        "track_id" int NOT NULL REFERENCES "${S}"."tracks" ("id"),
        "user_id" uuid NOT NULL,
        "kind" varchar(8) NOT NULL CHECK ("kind" IN ('video', 'photo')),
        "title" varchar(100) NOT NULL,
        "signature" varchar(50) NOT NULL,
        "location" varchar(100) NOT NULL,
        "intro" text NOT NULL,
        "equipment" varchar(200) NOT NULL,
        "age" int NOT NULL,
        "gender" varchar(8) NOT NULL,
        "owner_flag" boolean NOT NULL,
        "student_flag" boolean NOT NULL,
        "status" varchar(10) NOT NULL CHECK ("status" IN ('submitted', 'approved', 'rejected')),
        "reject_reason" varchar(200),
        "reviewed_by" varchar(64),
        "reviewed_at" timestamptz,
        "submitted_at" timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX "entries_user_idx" ON "${S}"."entries" ("user_id", "contest_id", "track_id")`);
    await runner.query(`CREATE INDEX "entries_track_idx" ON "${S}"."entries" ("track_id", "status", "id")`);
    await runner.query(`
      CREATE TABLE "${S}"."files" (
        "id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "contest_id" int NOT NULL REFERENCES "${S}"."contests" ("id"),
        "track_id" int NOT NULL REFERENCES "${S}"."tracks" ("id"),
        "role" varchar(8) NOT NULL CHECK ("role" IN ('video', 'cover', 'photo')),
        "file_name" varchar(200) NOT NULL,
        "object_key" varchar(300) NOT NULL,
        "upload_id" varchar(200),
        "declared_size" bigint NOT NULL,
        "status" varchar(10) NOT NULL CHECK ("status" IN ('uploading', 'ready')),
        "size" bigint,
        "width" int,
        "height" int,
        "duration_ms" int,
        "phashes" text[],
        "entry_id" int REFERENCES "${S}"."entries" ("id"),
        "position" int,
        "created_at" timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX "files_entry_idx" ON "${S}"."files" ("entry_id", "position")`);
    await runner.query(`CREATE INDEX "files_user_idx" ON "${S}"."files" ("user_id", "contest_id") WHERE "entry_id" IS NOT NULL`);
    await runner.query(`
      CREATE TABLE "${S}"."scores" (
        "judge_id" uuid NOT NULL REFERENCES "${S}"."judges" ("id") ON DELETE CASCADE,
        "entry_id" int NOT NULL REFERENCES "${S}"."entries" ("id"),
        "score" int NOT NULL CHECK ("score" BETWEEN 1 AND 1000),
        "scored_at" timestamptz NOT NULL,
        PRIMARY KEY ("judge_id", "entry_id")
      )`);
    await runner.query(`CREATE INDEX "scores_entry_idx" ON "${S}"."scores" ("entry_id")`);
    await runner.query(`
      CREATE TABLE "${S}"."standings" (
        "entry_id" int PRIMARY KEY REFERENCES "${S}"."entries" ("id"),
        "contest_id" int NOT NULL REFERENCES "${S}"."contests" ("id"),
        "track_id" int NOT NULL,
        "average_score" numeric(7, 2) NOT NULL,
        "score_count" int NOT NULL,
        "rank" int NOT NULL
      )`);
    await runner.query(`CREATE INDEX "standings_contest_idx" ON "${S}"."standings" ("contest_id", "track_id", "rank")`);
    await runner.query(`
      CREATE TABLE "${S}"."awards" (
        "entry_id" int PRIMARY KEY REFERENCES "${S}"."entries" ("id"),
        "contest_id" int NOT NULL REFERENCES "${S}"."contests" ("id"),
        "user_id" uuid NOT NULL,
        "prize_id" int NOT NULL REFERENCES "${S}"."prizes" ("id"),
        "place" int NOT NULL,
        "cash_fen" bigint NOT NULL,
        "info_due_at" timestamptz NOT NULL,
        "info_real_name" varchar(50),
        "info_phone" varchar(20),
        "info_address" varchar(200),
        "info_given_at" timestamptz
      )`);
    await runner.query(`CREATE INDEX "awards_user_idx" ON "${S}"."awards" ("user_id")`);
    await runner.query(`
      CREATE TABLE "${S}"."points" (
        "contest_id" int NOT NULL REFERENCES "${S}"."contests" ("id"),
        "user_id" uuid NOT NULL,
        "points" int NOT NULL CHECK ("points" >= 0),
        "awarded_at" timestamptz NOT NULL,
        PRIMARY KEY ("contest_id", "user_id")
      )`);
    await runner.query(`CREATE INDEX "points_user_idx" ON "${S}"."points" ("user_id")`);
    for (const statement of staffAuditTableMigrationSql(S).up) await runner.query(statement);
    for (const statement of eventTablesMigrationSql(S).up) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of eventTablesMigrationSql(S).down) await runner.query(statement);
    for (const statement of staffAuditTableMigrationSql(S).down) await runner.query(statement);
    for (const table of ['points', 'awards', 'standings', 'scores', 'files', 'entries', 'judge_tracks', 'judges', 'prizes', 'tracks', 'phases', 'contests']) {
      await runner.query(`DROP TABLE IF EXISTS "${S}"."${table}"`);
    }
  }
}
