import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'orders';

/**
 * Carts filled before cart.changed existed: one cart.changed per user with lines, naming them all
 * as added, written to the outbox once, so the catalogue's header counts start from the carts as
 * they are. Later changes are announced by the cart itself.
 */
export class OrdersAnnounceCarts1765810000001 implements MigrationInterface {
  name = 'OrdersAnnounceCarts1765810000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      INSERT INTO "${S}"."outbox" ("id", "name", "version", "aggregate_id", "occurred_at", "payload")
      SELECT gen_random_uuid(), 'cart.changed', 1, c."user_id"::text, now(),
        jsonb_build_object('userId', c."user_id", 'added', jsonb_agg(c."material_id" ORDER BY c."id"), 'removed', '[]'::jsonb, 'changedAt', to_jsonb(now()))
      FROM "${S}"."cart_items" c GROUP BY c."user_id"`);
  }

  async down(): Promise<void> {
    // Announced events stay announced.
  }
}
