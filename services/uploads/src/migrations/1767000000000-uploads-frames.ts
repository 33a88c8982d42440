import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'uploads';

/**
 * The frames of each processed upload (a photo's one, a video's first, one at least every 2 s
 * and each scene change), the truth the near-duplicate index is built from: a 64-bit perceptual
 * hash to find candidates and a 16x16 detail grid to confirm them. `recorded_at` is the clock at
 * insert (not the transaction's start), which replicas' indexes read forward from.
 */
export class UploadsFrames1767000000000 implements MigrationInterface {
  name = 'UploadsFrames1767000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."upload_frames" (
        "upload_id" bigint NOT NULL REFERENCES "${S}"."uploads" ("id") ON DELETE CASCADE,
        "time_ms" integer NOT NULL CHECK ("time_ms" >= 0),
        "hash" bigint NOT NULL,
        "detail" bytea NOT NULL,
        "recorded_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY ("upload_id", "time_ms")
      )`);
    await runner.query(`CREATE INDEX "upload_frames_recorded_idx" ON "${S}"."upload_frames" ("recorded_at")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${S}"."upload_frames"`);
  }
}
