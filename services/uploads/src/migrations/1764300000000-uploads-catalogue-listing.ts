import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'uploads';

/**
 * An approved upload remembers the catalogue material it became, so the material centre can follow
 * staff taking it off sale ('unpublished') and putting it back.
 */
export class UploadsCatalogueListing1764300000000 implements MigrationInterface {
  name = 'UploadsCatalogueListing1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."uploads" ADD COLUMN "material_id" bigint`);
    await runner.query(`CREATE INDEX "uploads_material_idx" ON "${S}"."uploads" ("material_id") WHERE "material_id" IS NOT NULL`);
    await runner.query(`CREATE INDEX "uploads_file_path_idx" ON "${S}"."uploads" ("file_path")`);
    await runner.query(`ALTER TABLE "${S}"."uploads" DROP CONSTRAINT "uploads_status_check"`);
    await runner.query(
      `ALTER TABLE "${S}"."uploads" ADD CONSTRAINT "uploads_status_check" CHECK ("status" IN ('uploading', 'transcoding', 'failed', 'waiting', 'published', 'rejected', 'unpublished'))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`UPDATE "${S}"."uploads" SET "status" = 'published' WHERE "status" = 'unpublished'`);
    await runner.query(`ALTER TABLE "${S}"."uploads" DROP CONSTRAINT "uploads_status_check"`);
    await runner.query(`ALTER TABLE "${S}"."uploads" ADD CONSTRAINT "uploads_status_check" CHECK ("status" IN ('uploading', 'transcoding', 'failed', 'waiting', 'published', 'rejected'))`);
    await runner.query(`DROP INDEX "${S}"."uploads_file_path_idx"`);
    await runner.query(`DROP INDEX "${S}"."uploads_material_idx"`);
    await runner.query(`ALTER TABLE "${S}"."uploads" DROP COLUMN "material_id"`);
  }
}
