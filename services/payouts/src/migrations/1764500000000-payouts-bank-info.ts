import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'payouts';

/**
 * Bank info and what it must match: the verified real names identity announces, the company
 * named in a contributor's contract (kept with the share setting), and one row per bank-info
 * submission. Card, identity and tax numbers (a person's tax number is their identity number)
 * are stored only encrypted (FieldCipher), beside a masked
 * copy for screens that must not see them.
 */
export class PayoutsBankInfo1764500000000 implements MigrationInterface {
  name = 'PayoutsBankInfo1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."shares" ADD COLUMN "company_name" varchar(100)`);
    // A contract may name a company without a share setting of its own.
    await runner.query(`ALTER TABLE "${S}"."shares" ALTER COLUMN "share_percent" DROP NOT NULL`);
    await runner.query(`
      CREATE TABLE "${S}"."real_names" (
        "contributor_id" uuid PRIMARY KEY,
        "real_name" varchar(50) NOT NULL,
        "verified_at" timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."bank_infos" (
        "id" uuid PRIMARY KEY,
        -- Submission order: two submissions can share a timestamp (a clock's resolution, a test clock).
        "seq" bigint GENERATED ALWAYS AS IDENTITY,
        "contributor_id" uuid NOT NULL,
        "status" varchar(16) NOT NULL CHECK ("status" IN ('verifying', 'failed', 'verified')),
        "settlement_type" varchar(16) NOT NULL CHECK ("settlement_type" IN ('personal', 'company')),
        "account_name" varchar(100) NOT NULL,
        "card_number_encrypted" text NOT NULL,
        "card_number_masked" varchar(40) NOT NULL,
        "bank_name" varchar(100) NOT NULL,
        "reserved_phone" varchar(20) NOT NULL,
        "id_number_encrypted" text NOT NULL,
        "id_number_masked" varchar(30) NOT NULL,
        "tax_number_encrypted" text NOT NULL,
        "tax_number_masked" varchar(20) NOT NULL,
        "reject_reason" varchar(200),
        "submitted_at" timestamptz NOT NULL,
        "reviewed_at" timestamptz,
        "reviewed_by" varchar(64)
      )`);
    await runner.query(`CREATE INDEX "bank_infos_contributor" ON "${S}"."bank_infos" ("contributor_id", "seq" DESC)`);
    await runner.query(`CREATE INDEX "bank_infos_status" ON "${S}"."bank_infos" ("status", "submitted_at" DESC)`);
    // At most one submission waits for review per contributor: a new one replaces it.
    await runner.query(`CREATE UNIQUE INDEX "bank_infos_one_pending" ON "${S}"."bank_infos" ("contributor_id") WHERE "status" = 'verifying'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "${S}"."bank_infos"`);
    await runner.query(`DROP TABLE IF EXISTS "${S}"."real_names"`);
    await runner.query(`DELETE FROM "${S}"."shares" WHERE "share_percent" IS NULL`);
    await runner.query(`ALTER TABLE "${S}"."shares" ALTER COLUMN "share_percent" SET NOT NULL`);
    await runner.query(`ALTER TABLE "${S}"."shares" DROP COLUMN "company_name"`);
  }
}
