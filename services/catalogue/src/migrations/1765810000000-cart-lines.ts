import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The materials in each buyer's cart, learnt from orders' cart.changed: what the header's cart
 * counts (/home/preference videoShopping and photoShopping) are counted from, joined with the
 * catalogue's own materials so an unpublished one stops counting at once, as in the cart list.
 */
export class CatalogueCartLines1765810000000 implements MigrationInterface {
  name = 'CatalogueCartLines1765810000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "catalogue"."cart_lines" (
        "user_id" uuid NOT NULL,
        "material_id" bigint NOT NULL,
        PRIMARY KEY ("user_id", "material_id")
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "catalogue"."cart_lines"`);
  }
}
