import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Releases with what orders keeps of a material (material.published) and with each order line,
 * as they were when the order was placed: the licence prints them, and a commercial licence is
 * refused for a material sold for editorial use only. Rows from before read as no releases.
 */
export class OrdersReleases1767600000000 implements MigrationInterface {
  name = 'OrdersReleases1767600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "orders"."materials" ADD COLUMN "releases" jsonb NOT NULL DEFAULT '{"model": false, "property": false, "editorialOnly": false}'`);
    await runner.query(`ALTER TABLE "orders"."order_items" ADD COLUMN "releases" jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "orders"."order_items" DROP COLUMN "releases"`);
    await runner.query(`ALTER TABLE "orders"."materials" DROP COLUMN "releases"`);
  }
}
