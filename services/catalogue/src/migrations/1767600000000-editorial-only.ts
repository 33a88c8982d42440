import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Releases as buyers filter by them: "editorial use only" on materials (review's choice when the
 * releases a file needed were missing), and the derived `release` filter of the release status
 * materials already had, so the model- and property-released ones are found from the start.
 */
export class CatalogueEditorialOnly1767600000000 implements MigrationInterface {
  name = 'CatalogueEditorialOnly1767600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "catalogue"."materials" ADD COLUMN "editorial_only" boolean NOT NULL DEFAULT false`);
    await runner.query(`
      UPDATE "catalogue"."materials"
      SET "filters" = "filters" || jsonb_build_object('release', to_jsonb(array_remove(ARRAY[
        CASE WHEN "model_release" THEN 'model-released' END,
        CASE WHEN "property_release" THEN 'property-released' END], NULL)))
      WHERE "model_release" OR "property_release"`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`UPDATE "catalogue"."materials" SET "filters" = "filters" - 'release' WHERE "filters" ? 'release'`);
    await runner.query(`ALTER TABLE "catalogue"."materials" DROP COLUMN "editorial_only"`);
  }
}
