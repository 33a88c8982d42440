import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'uploads';

/**
 * The details step: a file's category, filters and when its details were completed. Files that
 * went through review before the step existed count as having their details (a reviewer titled
 * them); new ones start without.
 */
export class UploadsDetails1766900000000 implements MigrationInterface {
  name = 'UploadsDetails1766900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."uploads" ADD COLUMN "category_id" integer, ADD COLUMN "filters" jsonb NOT NULL DEFAULT '{}', ADD COLUMN "details_at" timestamptz`);
    await runner.query(`UPDATE "${S}"."uploads" SET "details_at" = "reviewed_at" WHERE "reviewed_at" IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."uploads" DROP COLUMN "details_at", DROP COLUMN "filters", DROP COLUMN "category_id"`);
  }
}
