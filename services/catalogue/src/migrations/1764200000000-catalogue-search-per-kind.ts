import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'catalogue';
const KINDS = ['video', 'photo', 'music', 'sfx'] as const;

/**
 * Word search per kind: every search names one kind and only published materials, so one partial
 * GIN index per kind over published rows gives the matching rows directly. With the single index
 * over every row, PostgreSQL intersected its bitmap with a bitmap of the whole kind (hundreds of
 * thousands of rows) on every broad keyword. The trigram index over `search_terms` goes: typos
 * are corrected against the small `search_words` dictionary instead. Originals get an index for
 * the contribution intake's once-per-original check.
 */
export class CatalogueSearchPerKind1764200000000 implements MigrationInterface {
  name = 'CatalogueSearchPerKind1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const kind of KINDS) {
      await runner.query(
        `CREATE INDEX IF NOT EXISTS "materials_published_${kind}_search_idx" ON "${S}"."materials" USING gin ("search_vector") WHERE "status" = 'published' AND "kind" = '${kind}'`,
      );
    }
    await runner.query(`DROP INDEX IF EXISTS "${S}"."materials_search_vector_idx"`);
    // Contributions are published once per original: the intake handler looks the original up.
    await runner.query(`CREATE INDEX IF NOT EXISTS "materials_original_key_idx" ON "${S}"."materials" ("original_key") WHERE "original_key" IS NOT NULL`);
    await runner.query(`DROP INDEX IF EXISTS "${S}"."materials_search_terms_trgm_idx"`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS "${S}"."materials_original_key_idx"`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "materials_search_terms_trgm_idx" ON "${S}"."materials" USING gin ("search_terms" gin_trgm_ops)`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "materials_search_vector_idx" ON "${S}"."materials" USING gin ("search_vector")`);
    for (const kind of KINDS) await runner.query(`DROP INDEX IF EXISTS "${S}"."materials_published_${kind}_search_idx"`);
  }
}
