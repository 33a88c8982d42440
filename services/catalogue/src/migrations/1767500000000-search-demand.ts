import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'catalogue';

/**
 * Search demand: the store's keyword searches counted per UTC+8 day, kind, category (0: none) and
 * normalized query, with no trace of who searched. Rows are added to in batches by the recorder
 * (INSERT … ON CONFLICT adds to the counters) and swept after 90 days. `results_sum` is bigint:
 * a popular query's daily results add up past 2^31.
 */
export class CatalogueSearchDemand1767500000000 implements MigrationInterface {
  name = 'CatalogueSearchDemand1767500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."search_demand_daily" (
        "day" date NOT NULL,
        "kind" varchar(8) NOT NULL CHECK ("kind" IN ('video', 'photo', 'music')),
        "category_id" integer NOT NULL DEFAULT 0,
        "query" varchar(100) NOT NULL,
        "searches" integer NOT NULL DEFAULT 0,
        "zero_results" integer NOT NULL DEFAULT 0,
        "results_sum" bigint NOT NULL DEFAULT 0,
        "opened" integer NOT NULL DEFAULT 0,
        "ordered" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("day", "kind", "category_id", "query")
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "${S}"."search_demand_daily"`);
  }
}
