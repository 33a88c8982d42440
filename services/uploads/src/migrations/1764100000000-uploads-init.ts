import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesMigrationSql, staffAuditTableMigrationSql } from '@mkt/platform';

const S = 'uploads';

export class UploadsInit1764100000000 implements MigrationInterface {
  name = 'UploadsInit1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."uploads" (
        "id" bigserial PRIMARY KEY,
        "contributor_id" uuid NOT NULL,
        "kind" varchar(8) NOT NULL CHECK ("kind" IN ('video', 'photo')),
        "status" varchar(16) NOT NULL CHECK ("status" IN ('uploading', 'transcoding', 'failed', 'waiting', 'published', 'rejected')),
        "file_name" varchar(255) NOT NULL,
        "file_size" bigint NOT NULL CHECK ("file_size" > 0),
        "file_path" varchar(400) NOT NULL UNIQUE,
        "multipart_upload_id" varchar(200),
        "part_size" int NOT NULL,
        "part_count" int NOT NULL,
        "declared_width" int,
        "declared_height" int,
        "codec" varchar(32),
        "width" int,
        "height" int,
        "duration_seconds" double precision,
        "fps" double precision,
        "color_space" varchar(32),
        "color_transfer" varchar(32),
        "max_resolution" varchar(32),
        "thumbnail_key" varchar(400),
        "preview480_key" varchar(400),
        "preview_strip_key" varchar(400),
        "sample_key" varchar(400),
        "phashes" text[],
        "near_duplicates" jsonb NOT NULL DEFAULT '[]',
        "reason" text,
        "title_zh" varchar(200) NOT NULL DEFAULT '',
        "title_en" varchar(200) NOT NULL DEFAULT '',
        "keywords_zh" text[] NOT NULL DEFAULT '{}',
        "keywords_en" text[] NOT NULL DEFAULT '{}',
        "description_zh" text NOT NULL DEFAULT '',
        "description_en" text NOT NULL DEFAULT '',
        "reviewed_at" timestamptz,
        "deleted_at" timestamptz,
        "created_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX "uploads_contributor_idx" ON "${S}"."uploads" ("contributor_id", "created_at" DESC) WHERE "deleted_at" IS NULL`);
    await runner.query(`CREATE INDEX "uploads_review_idx" ON "${S}"."uploads" ("status", "created_at") WHERE "deleted_at" IS NULL`);
    // A reload resumes the unfinished session of the same file instead of starting another.
    await runner.query(
      `CREATE UNIQUE INDEX "uploads_open_session_idx" ON "${S}"."uploads" ("contributor_id", "kind", "file_name", "file_size") WHERE "status" = 'uploading' AND "deleted_at" IS NULL`,
    );
    for (const statement of staffAuditTableMigrationSql(S).up) await runner.query(statement);
    for (const statement of eventTablesMigrationSql(S).up) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of eventTablesMigrationSql(S).down) await runner.query(statement);
    for (const statement of staffAuditTableMigrationSql(S).down) await runner.query(statement);
    await runner.query(`DROP TABLE IF EXISTS "${S}"."uploads"`);
  }
}
