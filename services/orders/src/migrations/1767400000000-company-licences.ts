import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'orders';

/**
 * The company licence history joins an approved purchase request to the order it made (for the
 * project it was asked under) and reads a company's confirmed orders newest first.
 */
export class OrdersCompanyLicences1767400000000 implements MigrationInterface {
  name = 'OrdersCompanyLicences1767400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX IF NOT EXISTS "purchase_requests_order_idx" ON "${S}"."purchase_requests" ("order_id") WHERE "order_id" IS NOT NULL`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "orders_confirmed_user_idx" ON "${S}"."orders" ("user_id", "confirmed_at" DESC) WHERE "status" = 'confirmed'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS "${S}"."orders_confirmed_user_idx"`);
    await runner.query(`DROP INDEX IF EXISTS "${S}"."purchase_requests_order_idx"`);
  }
}
