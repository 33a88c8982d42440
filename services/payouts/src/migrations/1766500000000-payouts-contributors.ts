import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'payouts';

/**
 * The contributors payouts knows of, so a share is set only for one that exists: each is learnt
 * from identity's and the catalogue's events (an answered contributor agreement, a verified real
 * name, a published material). Filled at once from what earlier events left in the other tables.
 */
export class PayoutsContributors1766500000000 implements MigrationInterface {
  name = 'PayoutsContributors1766500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."contributors" (
        "contributor_id" uuid PRIMARY KEY,
        "known_since" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      INSERT INTO "${S}"."contributors" ("contributor_id")
      SELECT "contributor_id" FROM "${S}"."materials" WHERE "contributor_id" IS NOT NULL
      UNION SELECT "contributor_id" FROM "${S}"."real_names"
      UNION SELECT "contributor_id" FROM "${S}"."shares"
      UNION SELECT "contributor_id" FROM "${S}"."ledger"
      UNION SELECT "contributor_id" FROM "${S}"."bank_infos"
      ON CONFLICT DO NOTHING`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "${S}"."contributors"`);
  }
}
