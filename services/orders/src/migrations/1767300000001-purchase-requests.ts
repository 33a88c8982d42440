import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'orders';

/**
 * Purchase requests of enterprise customers: who asked, for which company and project, which
 * materials (a board's selection), and what the company's administrator decided (the quote
 * request an approval made, or the reason of a refusal).
 */
export class OrdersPurchaseRequests1767300000001 implements MigrationInterface {
  name = 'OrdersPurchaseRequests1767300000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."purchase_requests" (
        "id" uuid PRIMARY KEY,
        "customer_id" varchar(64) NOT NULL,
        "project_id" varchar(64) NOT NULL,
        "requester_id" uuid NOT NULL,
        "requester" varchar(60) NOT NULL,
        "board_id" bigint,
        "board_name" varchar(60) NOT NULL DEFAULT '',
        "material_ids" bigint[] NOT NULL,
        "contact" varchar(30) NOT NULL,
        "phone" varchar(30) NOT NULL DEFAULT '',
        "note" varchar(500) NOT NULL DEFAULT '',
        "status" varchar(10) NOT NULL CHECK ("status" IN ('pending', 'approved', 'declined')),
        "reason" varchar(300) NOT NULL DEFAULT '',
        "decided_by" uuid,
        "decided_at" timestamptz,
        "order_id" uuid,
        "created_at" timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "purchase_requests_customer_idx" ON "${S}"."purchase_requests" ("customer_id", "status", "created_at" DESC)`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "purchase_requests_requester_idx" ON "${S}"."purchase_requests" ("requester_id", "created_at" DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "${S}"."purchase_requests"`);
  }
}
