import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Enterprise projects (the contracts behind /DownloadList) and the enterprise administrator flag. */
export class EnterpriseProjects1764200000000 implements MigrationInterface {
  name = 'EnterpriseProjects1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "identity"."projects" (
        "id" varchar(64) PRIMARY KEY,
        "name" varchar(100) NOT NULL,
        "customer_id" varchar(64) NOT NULL,
        "company_name" varchar(100) NOT NULL,
        "status" int NOT NULL CHECK ("status" IN (0, 1, 2)),
        "video_branches" int NOT NULL CHECK ("video_branches" >= 0),
        "photo_branches" int NOT NULL CHECK ("photo_branches" >= 0),
        "project_type" varchar(20) NOT NULL,
        "region" varchar(20) NOT NULL,
        "duration" varchar(10) NOT NULL,
        "purpose" varchar(200) NOT NULL,
        "valid_until" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "projects_customer_idx" ON "identity"."projects" ("customer_id")`);
    await runner.query(`ALTER TABLE "identity"."users" ADD COLUMN "enterprise_admin" boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "identity"."users" DROP COLUMN "enterprise_admin"`);
    await runner.query(`DROP TABLE "identity"."projects"`);
  }
}
