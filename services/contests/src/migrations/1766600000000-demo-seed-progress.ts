import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'contests';

/**
 * What the demo seed has made, by the plan's key: a contest it created, and whether its entries,
 * judges and results are all in. A start after a failed or interrupted seed finishes the contests
 * not yet complete instead of leaving them empty. A contest staff delete leaves its row without a
 * contest, and the demo does not bring it back.
 */
export class ContestDemoSeedProgress1766600000000 implements MigrationInterface {
  name = 'ContestDemoSeedProgress1766600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."demo_seed" (
        "key" varchar(40) PRIMARY KEY,
        "contest_id" int REFERENCES "${S}"."contests" ("id") ON DELETE SET NULL,
        "completed_at" timestamptz
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${S}"."demo_seed"`);
  }
}
