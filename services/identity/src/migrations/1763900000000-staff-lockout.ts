import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Consecutive wrong passwords per staff account, and the lock they lead to. */
export class StaffLockout1763900000000 implements MigrationInterface {
  name = 'StaffLockout1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "identity"."staff" ADD COLUMN "failed_logins" int NOT NULL DEFAULT 0`);
    await runner.query(`ALTER TABLE "identity"."staff" ADD COLUMN "locked_until" timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "identity"."staff" DROP COLUMN "locked_until"`);
    await runner.query(`ALTER TABLE "identity"."staff" DROP COLUMN "failed_logins"`);
  }
}
