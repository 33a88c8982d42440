import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'orders';

/**
 * Enterprise projects: identity's projects as a read model, the administrator flag of customers,
 * 'project' orders (one per download under a project) and the downloads that count against a
 * project's allowances.
 */
export class OrdersProjects1764200000001 implements MigrationInterface {
  name = 'OrdersProjects1764200000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${S}"."projects" (
        "project_id" varchar(64) PRIMARY KEY,
        "customer_id" varchar(64) NOT NULL,
        "name" varchar(100) NOT NULL,
        "company_name" varchar(100) NOT NULL,
        "status" int NOT NULL,
        "video_branches" int NOT NULL,
        "photo_branches" int NOT NULL,
        "project_type" varchar(20) NOT NULL,
        "region" varchar(20) NOT NULL,
        "duration" varchar(10) NOT NULL,
        "purpose" varchar(200) NOT NULL,
        "valid_until" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`ALTER TABLE "${S}"."customers" ADD COLUMN "enterprise_admin" boolean NOT NULL DEFAULT false`);
    await runner.query(`ALTER TABLE "${S}"."orders" DROP CONSTRAINT "orders_kind_check"`);
    await runner.query(`ALTER TABLE "${S}"."orders" ADD CONSTRAINT "orders_kind_check" CHECK ("kind" IN ('material', 'music', 'vip', 'project'))`);
    await runner.query(`ALTER TABLE "${S}"."orders" ADD COLUMN "project_id" varchar(64)`);
    // One row per material a user downloaded under a project; the allowance counts distinct materials.
    await runner.query(`
      CREATE TABLE "${S}"."project_downloads" (
        "project_id" varchar(64) NOT NULL,
        "user_id" uuid NOT NULL,
        "material_id" bigint NOT NULL,
        "kind" varchar(8) NOT NULL CHECK ("kind" IN ('video', 'photo')),
        "order_id" uuid NOT NULL REFERENCES "${S}"."orders" ("id"),
        "item_id" int NOT NULL,
        "downloaded_at" timestamptz NOT NULL,
        PRIMARY KEY ("project_id", "user_id", "material_id")
      )`);
    await runner.query(`CREATE INDEX "project_downloads_material_idx" ON "${S}"."project_downloads" ("project_id", "kind", "material_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${S}"."project_downloads"`);
    await runner.query(`ALTER TABLE "${S}"."orders" DROP COLUMN "project_id"`);
    await runner.query(`DELETE FROM "${S}"."order_items" WHERE "order_id" IN (SELECT "id" FROM "${S}"."orders" WHERE "kind" = 'project')`);
    await runner.query(`DELETE FROM "${S}"."orders" WHERE "kind" = 'project'`);
    await runner.query(`ALTER TABLE "${S}"."orders" DROP CONSTRAINT "orders_kind_check"`);
    await runner.query(`ALTER TABLE "${S}"."orders" ADD CONSTRAINT "orders_kind_check" CHECK ("kind" IN ('material', 'music', 'vip'))`);
    await runner.query(`ALTER TABLE "${S}"."customers" DROP COLUMN "enterprise_admin"`);
    await runner.query(`DROP TABLE "${S}"."projects"`);
  }
}
