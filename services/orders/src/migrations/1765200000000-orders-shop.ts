import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'orders';

/**
 * The shop: products sold at a fixed price (download packs), the 'product' orders that buy them
 * and the 'pack' orders of the downloads drawn from them, the packs granted when a purchase is
 * confirmed, and each download counted against its pack.
 */
export class OrdersShop1765200000000 implements MigrationInterface {
  name = 'OrdersShop1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."shop_products" (
        "id" serial PRIMARY KEY,
        "kind" varchar(16) NOT NULL CHECK ("kind" IN ('download-pack')),
        "name_zh" varchar(60) NOT NULL,
        "name_en" varchar(60) NOT NULL,
        "description_zh" varchar(500) NOT NULL DEFAULT '',
        "description_en" varchar(500) NOT NULL DEFAULT '',
        "price_fen" integer NOT NULL CHECK ("price_fen" BETWEEN 1 AND 100000000),
        "video_count" integer NOT NULL CHECK ("video_count" >= 0),
        "photo_count" integer NOT NULL CHECK ("photo_count" >= 0),
        "valid_days" integer NOT NULL CHECK ("valid_days" BETWEEN 1 AND 3650),
        "licence_type" varchar(12) NOT NULL CHECK ("licence_type" IN ('personal', 'commercial')),
        "region" varchar(20) NOT NULL,
        "duration" varchar(10) NOT NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "sort_order" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL,
        CHECK ("video_count" + "photo_count" > 0)
      )`);
    await runner.query(`ALTER TABLE "${S}"."orders" DROP CONSTRAINT "orders_kind_check"`);
    await runner.query(`ALTER TABLE "${S}"."orders" ADD CONSTRAINT "orders_kind_check" CHECK ("kind" IN ('material', 'music', 'vip', 'project', 'product', 'pack'))`);
    // What a 'product' order bought, as it was then: staff may edit or disable the product later.
    await runner.query(`ALTER TABLE "${S}"."orders" ADD COLUMN "shop_product" jsonb`);
    await runner.query(`
      CREATE TABLE "${S}"."download_packs" (
        "id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "order_id" uuid NOT NULL UNIQUE REFERENCES "${S}"."orders" ("id"),
        "product_id" integer REFERENCES "${S}"."shop_products" ("id"),
        "name_zh" varchar(60) NOT NULL,
        "name_en" varchar(60) NOT NULL,
        "video_total" integer NOT NULL,
        "photo_total" integer NOT NULL,
        -- Each download's share of the pack's price: what the contributor's earnings are counted on.
        "unit_fen" integer NOT NULL,
        "licence" jsonb NOT NULL,
        "valid_until" timestamptz NOT NULL,
        "created_at" timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX "download_packs_user_idx" ON "${S}"."download_packs" ("user_id", "valid_until")`);
    await runner.query(`
      CREATE TABLE "${S}"."pack_downloads" (
        "pack_id" uuid NOT NULL REFERENCES "${S}"."download_packs" ("id"),
        "user_id" uuid NOT NULL,
        "material_id" bigint NOT NULL,
        "kind" varchar(8) NOT NULL CHECK ("kind" IN ('video', 'photo')),
        "order_id" uuid NOT NULL REFERENCES "${S}"."orders" ("id"),
        "item_id" integer NOT NULL,
        "downloaded_at" timestamptz NOT NULL,
        PRIMARY KEY ("pack_id", "material_id")
      )`);
    await runner.query(`CREATE INDEX "pack_downloads_user_idx" ON "${S}"."pack_downloads" ("user_id", "material_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${S}"."pack_downloads"`);
    await runner.query(`DROP TABLE "${S}"."download_packs"`);
    await runner.query(`DELETE FROM "${S}"."order_items" WHERE "order_id" IN (SELECT "id" FROM "${S}"."orders" WHERE "kind" IN ('product', 'pack'))`);
    await runner.query(`DELETE FROM "${S}"."orders" WHERE "kind" IN ('product', 'pack')`);
    await runner.query(`ALTER TABLE "${S}"."orders" DROP COLUMN "shop_product"`);
    await runner.query(`ALTER TABLE "${S}"."orders" DROP CONSTRAINT "orders_kind_check"`);
    await runner.query(`ALTER TABLE "${S}"."orders" ADD CONSTRAINT "orders_kind_check" CHECK ("kind" IN ('material', 'music', 'vip', 'project'))`);
    await runner.query(`DROP TABLE "${S}"."shop_products"`);
  }
}
