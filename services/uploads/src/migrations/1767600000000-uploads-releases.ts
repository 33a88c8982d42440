import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'uploads';

/**
 * Model and property releases: the contributors' release library, what each upload declares
 * (recognizable people, private property), the releases attached to it and review's "editorial
 * use only". Files uploaded before stay undeclared (null) and are reviewed as they were.
 */
export class UploadsReleases1767600000000 implements MigrationInterface {
  name = 'UploadsReleases1767600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."releases" (
        "id" uuid PRIMARY KEY,
        "contributor_id" uuid NOT NULL,
        "kind" varchar(10) NOT NULL CHECK ("kind" IN ('model', 'property')),
        "name" varchar(200) NOT NULL,
        "signed_on" date NOT NULL,
        "object_key" varchar(200) NOT NULL,
        "upload_id" varchar(200),
        "content_type" varchar(40) NOT NULL,
        "size" integer NOT NULL,
        "status" varchar(10) NOT NULL CHECK ("status" IN ('pending', 'stored')),
        "created_at" timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX "releases_contributor" ON "${S}"."releases" ("contributor_id", "created_at" DESC)`);
    await runner.query(`
      ALTER TABLE "${S}"."uploads"
        ADD COLUMN "recognizable_people" boolean,
        ADD COLUMN "private_property" boolean,
        ADD COLUMN "release_ids" uuid[] NOT NULL DEFAULT '{}',
        ADD COLUMN "editorial_only" boolean NOT NULL DEFAULT false`);
    // "Which uploads carry this release": the library's counts and the check before a delete.
    await runner.query(`CREATE INDEX "uploads_release_ids" ON "${S}"."uploads" USING gin ("release_ids")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "${S}"."uploads_release_ids"`);
    await runner.query(`ALTER TABLE "${S}"."uploads" DROP COLUMN "editorial_only", DROP COLUMN "release_ids", DROP COLUMN "private_property", DROP COLUMN "recognizable_people"`);
    await runner.query(`DROP TABLE "${S}"."releases"`);
  }
}
