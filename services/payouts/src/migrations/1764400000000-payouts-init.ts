import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesMigrationSql, staffAuditTableMigrationSql } from '@mkt/platform';

const S = 'payouts';

/**
 * Payouts: who owns each material on sale (from the catalogue), contributors' share settings,
 * the earnings ledger (one row per sold item and one per reversal), quarterly statements, the
 * staff audit log and the event tables. Money columns are integer fen (bigint).
 */
export class PayoutsInit1764400000000 implements MigrationInterface {
  name = 'PayoutsInit1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${S}"`);
    await runner.query(`
      CREATE TABLE "${S}"."materials" (
        "material_id" bigint PRIMARY KEY,
        "contributor_id" uuid,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."shares" (
        "contributor_id" uuid PRIMARY KEY,
        "share_percent" int NOT NULL CHECK ("share_percent" BETWEEN 0 AND 100),
        "updated_at" timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."statements" (
        "id" uuid PRIMARY KEY,
        "contributor_id" uuid NOT NULL,
        "year" int NOT NULL,
        "quarter" int NOT NULL CHECK ("quarter" BETWEEN 1 AND 4),
        "status" varchar(16) NOT NULL CHECK ("status" IN ('toBeConfirmed', 'generated', 'rejected', 'remitted', 'invalid')),
        "line_count" int NOT NULL,
        "gross_fen" bigint NOT NULL,
        "tax_fen" bigint NOT NULL,
        "net_fen" bigint NOT NULL,
        "reject_reason" varchar(200),
        "replaced_by" uuid,
        "remittance_batch" varchar(40),
        "created_at" timestamptz NOT NULL,
        "confirmed_at" timestamptz,
        "remitted_at" timestamptz,
        "updated_at" timestamptz NOT NULL
      )`);
    // One live statement per contributor and quarter; replaced ones stay as 'invalid'.
    await runner.query(`CREATE UNIQUE INDEX "statements_live_idx" ON "${S}"."statements" ("contributor_id", "year", "quarter") WHERE "status" <> 'invalid'`);
    await runner.query(`CREATE INDEX "statements_period_idx" ON "${S}"."statements" ("year", "quarter", "status")`);
    await runner.query(`
      CREATE TABLE "${S}"."ledger" (
        "id" bigserial PRIMARY KEY,
        "contributor_id" uuid NOT NULL,
        "entry_type" varchar(10) NOT NULL CHECK ("entry_type" IN ('sale', 'reversal')),
        "order_id" uuid NOT NULL,
        "order_no" varchar(40) NOT NULL,
        "item_id" int NOT NULL,
        "material_id" bigint NOT NULL,
        "code" varchar(20) NOT NULL,
        "kind" varchar(8) NOT NULL,
        "title_zh" varchar(200) NOT NULL,
        "title_en" varchar(200) NOT NULL,
        "licence_type" varchar(40) NOT NULL,
        "sold_at" timestamptz NOT NULL,
        "amount_fen" bigint NOT NULL,
        "share_percent" int NOT NULL,
        "earning_fen" bigint NOT NULL,
        "statement_id" uuid REFERENCES "${S}"."statements" ("id"),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "ledger_once_idx" UNIQUE ("order_id", "item_id", "entry_type")
      )`);
    await runner.query(`CREATE INDEX "ledger_unstated_idx" ON "${S}"."ledger" ("contributor_id", "sold_at") WHERE "statement_id" IS NULL`);
    await runner.query(`CREATE INDEX "ledger_statement_idx" ON "${S}"."ledger" ("statement_id")`);
    await runner.query(`CREATE INDEX "ledger_contributor_idx" ON "${S}"."ledger" ("contributor_id", "material_id")`);
    for (const statement of staffAuditTableMigrationSql(S).up) await runner.query(statement);
    for (const statement of eventTablesMigrationSql(S).up) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of eventTablesMigrationSql(S).down) await runner.query(statement);
    for (const statement of staffAuditTableMigrationSql(S).down) await runner.query(statement);
    for (const table of ['ledger', 'statements', 'shares', 'materials']) await runner.query(`DROP TABLE IF EXISTS "${S}"."${table}"`);
  }
}
