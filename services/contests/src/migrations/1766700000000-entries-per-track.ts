import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'contests';

/** Each contest's own limit of entries per track and participant; the spec's 15 for the contests there are. */
export class ContestEntriesPerTrack1766700000000 implements MigrationInterface {
  name = 'ContestEntriesPerTrack1766700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."contests" ADD COLUMN "entries_per_track" int NOT NULL DEFAULT 15 CHECK ("entries_per_track" BETWEEN 1 AND 100)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."contests" DROP COLUMN "entries_per_track"`);
  }
}
