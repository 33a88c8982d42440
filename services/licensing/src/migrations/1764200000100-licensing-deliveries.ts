import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'licensing';

/**
 * Download rights learn which file they hand out ('personal': reduced to the personal licence's
 * 1080P / medium limit) and under which enterprise project they were taken; the reduced files
 * are tracked once per source file and profile.
 */
export class LicensingDeliveries1764200000100 implements MigrationInterface {
  name = 'LicensingDeliveries1764200000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."entitlements" ADD COLUMN "delivery" varchar(10) NOT NULL DEFAULT 'original' CHECK ("delivery" IN ('original', 'personal'))`);
    await runner.query(`ALTER TABLE "${S}"."entitlements" ADD COLUMN "project_id" varchar(64)`);
    await runner.query(`CREATE INDEX "entitlements_project_idx" ON "${S}"."entitlements" ("user_id", "purchased_at" DESC) WHERE "project_id" IS NOT NULL`);
    await runner.query(`
      CREATE TABLE "${S}"."deliveries" (
        "source_key" varchar(400) NOT NULL,
        "profile" varchar(10) NOT NULL,
        "status" varchar(8) NOT NULL CHECK ("status" IN ('pending', 'ready', 'failed')),
        "delivery_key" varchar(400),
        "width" int,
        "height" int,
        "reason" varchar(64),
        "requested_at" timestamptz NOT NULL,
        "prepared_at" timestamptz,
        PRIMARY KEY ("source_key", "profile")
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${S}"."deliveries"`);
    await runner.query(`DROP INDEX "${S}"."entitlements_project_idx"`);
    await runner.query(`ALTER TABLE "${S}"."entitlements" DROP COLUMN "project_id"`);
    await runner.query(`ALTER TABLE "${S}"."entitlements" DROP COLUMN "delivery"`);
  }
}
