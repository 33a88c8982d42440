import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'catalogue';

/**
 * Pictures searched with, kept 24 hours so their answer can be paged and filtered: the searcher
 * (a signed-in user's id, or none for a visitor, whose unguessable id is the only key), where the
 * re-encoded picture is in the private bucket, and its signature, so a further page never
 * decodes it again.
 */
export class CatalogueImageQueries1767100000000 implements MigrationInterface {
  name = 'CatalogueImageQueries1767100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."image_queries" (
        "id" uuid PRIMARY KEY,
        "owner_id" text,
        "picture_key" text NOT NULL,
        "hash" bigint NOT NULL,
        "detail" bytea NOT NULL,
        "colours" jsonb NOT NULL,
        "composition" bytea NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "image_queries_created_idx" ON "${S}"."image_queries" ("created_at")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${S}"."image_queries"`);
  }
}
