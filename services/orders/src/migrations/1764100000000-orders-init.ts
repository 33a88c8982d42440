import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesMigrationSql, staffAuditTableMigrationSql } from '@mkt/platform';

const S = 'orders';

/**
 * The orders schema: the read model of materials on sale (from material.published), carts,
 * orders with their items, vouchers, invoices, refunds, VIP memberships and the staff audit log.
 * Money columns are integer fen (bigint).
 */
export class OrdersInit1764100000000 implements MigrationInterface {
  name = 'OrdersInit1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."materials" (
        "material_id" bigint PRIMARY KEY,
        "code" varchar(20) NOT NULL,
        "kind" varchar(8) NOT NULL,
        "on_sale" boolean NOT NULL,
        "title_zh" varchar(200) NOT NULL,
        "title_en" varchar(200) NOT NULL,
        "source" varchar(10) NOT NULL,
        "max_resolution" varchar(20) NOT NULL,
        "width" int NOT NULL,
        "height" int NOT NULL,
        "duration" real,
        "thumbnail_key" varchar(400),
        "original_key" varchar(400),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."cart_items" (
        "id" serial PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "material_id" bigint NOT NULL REFERENCES "${S}"."materials" ("material_id"),
        "category" smallint NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("user_id", "material_id")
      )`);
    await runner.query(`CREATE INDEX "cart_items_user_idx" ON "${S}"."cart_items" ("user_id", "category", "created_at" DESC)`);
    await runner.query(`
      CREATE TABLE "${S}"."orders" (
        "id" uuid PRIMARY KEY,
        "order_no" varchar(24) NOT NULL UNIQUE,
        "user_id" uuid NOT NULL,
        "kind" varchar(10) NOT NULL CHECK ("kind" IN ('material', 'music', 'vip')),
        "status" varchar(10) NOT NULL CHECK ("status" IN ('submitted', 'quoted', 'paid', 'confirmed', 'closed')),
        "licence" jsonb,
        "total_fen" bigint,
        "vip_price_percent" smallint,
        "quote_valid_until" timestamptz,
        "voucher_key" varchar(400),
        "voucher_account_name" varchar(100),
        "voucher_rejected_reason" varchar(200),
        "paid_at" timestamptz,
        "confirmed_at" timestamptz,
        "closed_reason" varchar(200),
        "created_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX "orders_user_idx" ON "${S}"."orders" ("user_id", "created_at" DESC)`);
    await runner.query(`CREATE INDEX "orders_status_idx" ON "${S}"."orders" ("status", "created_at" DESC)`);
    await runner.query(`
      CREATE TABLE "${S}"."order_items" (
        "id" serial PRIMARY KEY,
        "order_id" uuid NOT NULL REFERENCES "${S}"."orders" ("id"),
        "material_id" bigint NOT NULL,
        "kind" varchar(8) NOT NULL,
        "code" varchar(20) NOT NULL,
        "title_zh" varchar(200) NOT NULL,
        "title_en" varchar(200) NOT NULL,
        "thumbnail_key" varchar(400),
        "original_key" varchar(400),
        "list_price_fen" bigint,
        "price_fen" bigint,
        "music_licence" jsonb,
        "sort" int NOT NULL
      )`);
    await runner.query(`CREATE INDEX "order_items_order_idx" ON "${S}"."order_items" ("order_id", "sort")`);
    await runner.query(`
      CREATE TABLE "${S}"."invoices" (
        "id" uuid PRIMARY KEY,
        "order_id" uuid NOT NULL UNIQUE REFERENCES "${S}"."orders" ("id"),
        "user_id" uuid NOT NULL,
        "status" varchar(12) NOT NULL CHECK ("status" IN ('applied', 'processing', 'downloadable')),
        "form" jsonb NOT NULL,
        "amount_fen" bigint NOT NULL,
        "tax_fen" bigint NOT NULL,
        "file_key" varchar(400),
        "created_at" timestamptz NOT NULL,
        "issued_at" timestamptz
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."refunds" (
        "id" uuid PRIMARY KEY,
        "order_id" uuid NOT NULL UNIQUE REFERENCES "${S}"."orders" ("id"),
        "user_id" uuid NOT NULL,
        "status" varchar(10) NOT NULL CHECK ("status" IN ('requested', 'approved', 'rejected')),
        "reason" varchar(20) NOT NULL,
        "description" varchar(500) NOT NULL,
        "staff_note" varchar(200),
        "created_at" timestamptz NOT NULL,
        "handled_at" timestamptz
      )`);
    await runner.query(`
      CREATE TABLE "${S}"."vip_memberships" (
        "user_id" uuid PRIMARY KEY,
        "valid_until" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL
      )`);
    for (const statement of staffAuditTableMigrationSql(S).up) await runner.query(statement);
    for (const statement of eventTablesMigrationSql(S).up) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of eventTablesMigrationSql(S).down) await runner.query(statement);
    for (const statement of staffAuditTableMigrationSql(S).down) await runner.query(statement);
    for (const table of ['vip_memberships', 'refunds', 'invoices', 'order_items', 'orders', 'cart_items', 'materials']) {
      await runner.query(`DROP TABLE IF EXISTS "${S}"."${table}"`);
    }
  }
}
