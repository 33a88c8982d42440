import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesMigrationSql, staffAuditTableMigrationSql } from '@mkt/platform';

const S = 'identity';

export class IdentityInit1763700000000 implements MigrationInterface {
  name = 'IdentityInit1763700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await runner.query(`
      CREATE TABLE "${S}"."users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "phone" varchar(20) UNIQUE,
        "email" varchar(254) UNIQUE,
        "nickname" varchar(60) NOT NULL,
        "gid" int NOT NULL DEFAULT 0,
        "sign_flag" boolean NOT NULL DEFAULT false,
        "verity" boolean NOT NULL DEFAULT true,
        "video_flag" boolean NOT NULL DEFAULT false,
        "photo_flag" boolean NOT NULL DEFAULT false,
        "customer_id" varchar(64),
        "customer_status" int,
        "customer_type" int,
        "project_id" varchar(64),
        "protocol_agreed" boolean,
        "protocol_answered_at" timestamptz,
        "disabled" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_login_at" timestamptz,
        CONSTRAINT "users_has_account" CHECK ("phone" IS NOT NULL OR "email" IS NOT NULL)
      )`);
    await runner.query(`CREATE INDEX "users_gid_idx" ON "${S}"."users" ("gid")`);
    await runner.query(`CREATE INDEX "users_created_idx" ON "${S}"."users" ("created_at")`);
    await runner.query(`
      CREATE TABLE "${S}"."verification_codes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "account" varchar(254) NOT NULL,
        "code_hash" varchar(64) NOT NULL,
        "sent_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "wrong_attempts" int NOT NULL DEFAULT 0,
        "consumed_at" timestamptz
      )`);
    await runner.query(`CREATE INDEX "verification_codes_account_sent_idx" ON "${S}"."verification_codes" ("account", "sent_at")`);
    await runner.query(`
      CREATE TABLE "${S}"."sessions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "kind" varchar(8) NOT NULL CHECK ("kind" IN ('user', 'staff')),
        "subject_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "ended_at" timestamptz,
        "user_agent" varchar(300)
      )`);
    await runner.query(`CREATE INDEX "sessions_subject_idx" ON "${S}"."sessions" ("subject_id")`);
    await runner.query(`
      CREATE TABLE "${S}"."staff" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "username" varchar(64) NOT NULL UNIQUE,
        "display_name" varchar(100) NOT NULL,
        "password_hash" varchar(200) NOT NULL,
        "roles" text[] NOT NULL,
        "disabled" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    for (const statement of staffAuditTableMigrationSql(S).up) await runner.query(statement);
    await runner.query(`
      CREATE TABLE "${S}"."customer_skus" (
        "customer_id" varchar(64) NOT NULL,
        "sku_id" varchar(64) NOT NULL,
        "name" varchar(120) NOT NULL,
        "category" varchar(10) NOT NULL CHECK ("category" IN ('video', 'photo', 'music')),
        "price_fen" int NOT NULL CHECK ("price_fen" >= 0),
        PRIMARY KEY ("customer_id", "sku_id")
      )`);
    for (const statement of eventTablesMigrationSql(S).up) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of eventTablesMigrationSql(S).down) await runner.query(statement);
    for (const statement of staffAuditTableMigrationSql(S).down) await runner.query(statement);
    for (const table of ['customer_skus', 'staff', 'sessions', 'verification_codes', 'users']) {
      await runner.query(`DROP TABLE IF EXISTS "${S}"."${table}"`);
    }
  }
}
