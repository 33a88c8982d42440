import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The search's synonym dictionary: each row is a group of words or phrases, in either language,
 * that a search treats as one ({航拍, 无人机, aerial, drone}). Terms are stored cleaned as titles
 * and tags are (NFKC, simplified, no punctuation, Latin lower-cased). The catalogue keeps the whole
 * table in memory; it is edited in the console.
 */
export class CatalogueSearchSynonyms1764800000000 implements MigrationInterface {
  name = 'CatalogueSearchSynonyms1764800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "catalogue"."search_synonyms" (
        "id" serial PRIMARY KEY,
        "terms" text[] NOT NULL CHECK (cardinality("terms") BETWEEN 2 AND 20),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "catalogue"."search_synonyms"`);
  }
}
