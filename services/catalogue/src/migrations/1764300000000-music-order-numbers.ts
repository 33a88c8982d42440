import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The numbers the catalogue gives music licence orders when they are placed, so the buyer sees a
 * readable number at once (the same scheme as every other order) and no number is given twice.
 * Only the number is kept here: the order itself is the orders service's, handed over by
 * music.order.placed. Orders placed before this were numbered by the orders service, which still
 * holds those numbers, so there is nothing to fill in.
 */
export class CatalogueMusicOrderNumbers1764300000000 implements MigrationInterface {
  name = 'CatalogueMusicOrderNumbers1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "catalogue"."music_order_numbers" (
        "order_id" uuid PRIMARY KEY,
        "order_no" varchar(24) NOT NULL,
        "user_id" uuid NOT NULL,
        "placed_at" timestamptz NOT NULL
      )`);
    await runner.query(`CREATE UNIQUE INDEX IF NOT EXISTS "music_order_numbers_order_no_key" ON "catalogue"."music_order_numbers" ("order_no")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "catalogue"."music_order_numbers"`);
  }
}
