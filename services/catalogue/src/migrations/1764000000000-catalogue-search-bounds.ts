import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'catalogue';

/**
 * Bounded search at scale:
 * - partial btree indexes over published materials in the two browse orders (newest with NULLS
 *   LAST as the adapter sorts, best sellers) so a page with LIMIT/OFFSET stops early instead of
 *   sorting every match;
 * - `search_words`: the distinct words of `search_terms` (no digits: copy numbers are looked up
 *   exactly) with a trigram index, the small dictionary the typo fallback corrects a word
 *   against, instead of running trigram similarity over every material row. The search adapter
 *   adds the words of every document it indexes; a catalogue loaded behind its back (the bench
 *   generator) is read into it on the first typo search that finds it empty.
 */
export class CatalogueSearchBounds1764000000000 implements MigrationInterface {
  name = 'CatalogueSearchBounds1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX IF NOT EXISTS "materials_published_kind_online_idx" ON "${S}"."materials" ("kind", "online_at" DESC NULLS LAST, "id" DESC) WHERE "status" = 'published'`,
    );
    await runner.query(
      `CREATE INDEX IF NOT EXISTS "materials_published_kind_sales_idx" ON "${S}"."materials" ("kind", "sales_count" DESC, "id" DESC) WHERE "status" = 'published'`,
    );
    await runner.query(`CREATE TABLE IF NOT EXISTS "${S}"."search_words" ("word" text PRIMARY KEY)`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "search_words_word_trgm_idx" ON "${S}"."search_words" USING gin ("word" gin_trgm_ops)`);
    await runner.query(`INSERT INTO "${S}"."search_words" (word) ${SEARCH_WORDS_OF_MATERIALS_SQL} ON CONFLICT DO NOTHING`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "${S}"."search_words"`);
    await runner.query(`DROP INDEX IF EXISTS "${S}"."materials_published_kind_sales_idx"`);
    await runner.query(`DROP INDEX IF EXISTS "${S}"."materials_published_kind_online_idx"`);
  }
}

/** The dictionary words of every material's search terms (a SELECT of one column `word`). */
export const SEARCH_WORDS_OF_MATERIALS_SQL = `SELECT DISTINCT w FROM "${S}"."materials" m, regexp_split_to_table(m.search_terms, '\\s+') AS w
  WHERE length(w) >= 3 AND w ~ '^[a-z]' AND w !~ '[0-9]'`;
