import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'orders';

/** Enterprise views: the customer fields identity announces, and the owner's "hide from my company" flag. */
export class OrdersEnterprise1764100000001 implements MigrationInterface {
  name = 'OrdersEnterprise1764100000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."customers" (
        "user_id" uuid PRIMARY KEY,
        "customer_id" varchar(64),
        "customer_status" int,
        "customer_type" int,
        "project_id" varchar(64),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "customers_customer_idx" ON "${S}"."customers" ("customer_id")`);
    await runner.query(`ALTER TABLE "${S}"."orders" ADD COLUMN "hidden_from_company" boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."orders" DROP COLUMN "hidden_from_company"`);
    await runner.query(`DROP TABLE "${S}"."customers"`);
  }
}
