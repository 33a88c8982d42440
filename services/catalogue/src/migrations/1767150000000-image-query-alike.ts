import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'catalogue';

/**
 * The materials that looked most alike when a picture was searched (in order), kept with it, so a
 * further page neither decodes the picture nor scans every look again. Pictures searched before
 * have none: they are left to the day they are kept (the next migration ages them out).
 */
export class CatalogueImageQueryAlike1767150000000 implements MigrationInterface {
  name = 'CatalogueImageQueryAlike1767150000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."image_queries" ADD COLUMN IF NOT EXISTS "alike" bigint[] NOT NULL DEFAULT '{}'`);
    await runner.query(`ALTER TABLE "${S}"."image_queries" ALTER COLUMN "alike" DROP DEFAULT`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."image_queries" DROP COLUMN IF EXISTS "alike"`);
  }
}
