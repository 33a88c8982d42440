import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'contests';

/** Owner and student award winners send their proof after the results (spec section 9): one file per award. */
export class ContestAwardProofs1765500000000 implements MigrationInterface {
  name = 'ContestAwardProofs1765500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."awards" ADD COLUMN "proof_key" varchar(300), ADD COLUMN "proof_upload_id" varchar(200), ADD COLUMN "proof_file_name" varchar(200), ADD COLUMN "proof_given_at" timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."awards" DROP COLUMN "proof_key", DROP COLUMN "proof_upload_id", DROP COLUMN "proof_file_name", DROP COLUMN "proof_given_at"`);
  }
}
