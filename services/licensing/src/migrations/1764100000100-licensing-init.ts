import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesMigrationSql } from '@mkt/platform';

const S = 'licensing';

/**
 * The licensing schema: download entitlements (one per confirmed order item) and authorization
 * files (one per order item, with the printed terms and a public verification code).
 */
export class LicensingInit1764100000100 implements MigrationInterface {
  name = 'LicensingInit1764100000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."entitlements" (
        "order_id" uuid NOT NULL,
        "item_id" int NOT NULL,
        "user_id" uuid NOT NULL,
        "order_no" varchar(24) NOT NULL,
        "material_id" bigint NOT NULL,
        "kind" varchar(8) NOT NULL,
        "code" varchar(20) NOT NULL,
        "title_zh" varchar(200) NOT NULL,
        "title_en" varchar(200) NOT NULL,
        "thumbnail_key" varchar(400),
        "original_key" varchar(400),
        "purchased_at" timestamptz NOT NULL,
        PRIMARY KEY ("order_id", "item_id")
      )`);
    await runner.query(`CREATE INDEX "entitlements_user_idx" ON "${S}"."entitlements" ("user_id", "purchased_at" DESC)`);
    await runner.query(`
      CREATE TABLE "${S}"."licences" (
        "id" uuid PRIMARY KEY,
        "order_id" uuid NOT NULL,
        "item_id" int NOT NULL,
        "user_id" uuid NOT NULL,
        "order_no" varchar(24) NOT NULL,
        "verification_code" varchar(16) NOT NULL UNIQUE,
        "terms" jsonb NOT NULL,
        "status" varchar(14) NOT NULL CHECK ("status" IN ('not-generated', 'generated')),
        "file_key" varchar(400),
        "created_at" timestamptz NOT NULL,
        "generated_at" timestamptz,
        UNIQUE ("order_id", "item_id")
      )`);
    await runner.query(`CREATE INDEX "licences_user_idx" ON "${S}"."licences" ("user_id", "created_at" DESC)`);
    for (const statement of eventTablesMigrationSql(S).up) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of eventTablesMigrationSql(S).down) await runner.query(statement);
    await runner.query(`DROP TABLE IF EXISTS "${S}"."licences"`);
    await runner.query(`DROP TABLE IF EXISTS "${S}"."entitlements"`);
  }
}
