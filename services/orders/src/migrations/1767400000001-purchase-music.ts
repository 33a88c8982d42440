import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'orders';

/**
 * Music in purchase requests: the licence the member chose for the music and sound effects (the
 * cascade's four answers and how they read), and the music order an approval had the catalogue
 * place under that id.
 */
export class OrdersPurchaseMusic1767400000001 implements MigrationInterface {
  name = 'OrdersPurchaseMusic1767400000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."purchase_requests" ADD COLUMN IF NOT EXISTS "music_licence" jsonb`);
    await runner.query(`ALTER TABLE "${S}"."purchase_requests" ADD COLUMN IF NOT EXISTS "music_order_id" uuid`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${S}"."purchase_requests" DROP COLUMN IF EXISTS "music_order_id"`);
    await runner.query(`ALTER TABLE "${S}"."purchase_requests" DROP COLUMN IF EXISTS "music_licence"`);
  }
}
