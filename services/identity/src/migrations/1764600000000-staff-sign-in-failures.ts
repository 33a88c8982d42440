import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wrong staff passwords counted per username and source address instead of per account: a guesser
 * locks only their own address out, never the account's owner, and names that do not exist are
 * counted the same way as names that do, so the lock tells nothing about which accounts exist.
 * The per-account counter this replaces goes away.
 */
export class StaffSignInFailures1764600000000 implements MigrationInterface {
  name = 'StaffSignInFailures1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "identity"."staff_sign_in_failures" (
        "username" varchar(64) NOT NULL,
        "source" varchar(64) NOT NULL,
        "failures" int NOT NULL,
        "last_failed_at" timestamptz NOT NULL,
        "locked_until" timestamptz,
        PRIMARY KEY ("username", "source")
      )`);
    // Old rows are swept by their last failure.
    await runner.query(`CREATE INDEX "staff_sign_in_failures_last_failed_at" ON "identity"."staff_sign_in_failures" ("last_failed_at")`);
    await runner.query(`ALTER TABLE "identity"."staff" DROP COLUMN "locked_until"`);
    await runner.query(`ALTER TABLE "identity"."staff" DROP COLUMN "failed_logins"`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "identity"."staff" ADD COLUMN "failed_logins" int NOT NULL DEFAULT 0`);
    await runner.query(`ALTER TABLE "identity"."staff" ADD COLUMN "locked_until" timestamptz`);
    await runner.query(`DROP TABLE "identity"."staff_sign_in_failures"`);
  }
}
