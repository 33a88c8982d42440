import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'uploads';

/** The sweeper of abandoned upload sessions finds the open ones by their last activity. */
export class UploadsOpenSessions1766400000000 implements MigrationInterface {
  name = 'UploadsOpenSessions1766400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX "uploads_open_multipart_idx" ON "${S}"."uploads" ("updated_at") WHERE "status" = 'uploading' AND "multipart_upload_id" IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "${S}"."uploads_open_multipart_idx"`);
  }
}
