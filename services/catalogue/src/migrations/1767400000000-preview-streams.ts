import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'catalogue';

/**
 * Streamed previews: a published video's HLS master playlist (`preview_stream_key`, written by
 * the preview streams job from the stored 480p preview), the previews that job could not read
 * (kept with the reason, not tried again), and two partial indexes: the videos still waiting for
 * a stream, which the job reads a batch of at a time, and the published playlists, which the
 * media route looks each request's stream up in.
 */
export class CataloguePreviewStreams1767400000000 implements MigrationInterface {
  name = 'CataloguePreviewStreams1767400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."materials" ADD COLUMN IF NOT EXISTS "preview_stream_key" varchar(400)`);
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."preview_stream_failures" (
        "material_id" bigint PRIMARY KEY REFERENCES "${S}"."materials" ("id") ON DELETE CASCADE,
        "reason" text NOT NULL,
        "failed_at" timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE INDEX IF NOT EXISTS "materials_unstreamed_idx" ON "${S}"."materials" ("id")
        WHERE "status" = 'published' AND "kind" = 'video' AND "preview_stream_key" IS NULL AND "preview480_key" IS NOT NULL`);
    await runner.query(`
      CREATE INDEX IF NOT EXISTS "materials_published_preview_stream_key_idx" ON "${S}"."materials" ("preview_stream_key")
        WHERE "status" = 'published'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS "${S}"."materials_published_preview_stream_key_idx"`);
    await runner.query(`DROP INDEX IF EXISTS "${S}"."materials_unstreamed_idx"`);
    await runner.query(`DROP TABLE IF EXISTS "${S}"."preview_stream_failures"`);
    await runner.query(`ALTER TABLE "${S}"."materials" DROP COLUMN IF EXISTS "preview_stream_key"`);
  }
}
