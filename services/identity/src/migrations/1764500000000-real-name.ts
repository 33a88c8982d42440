import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contributors' real-name submissions and the identity-card photos they point at. */
export class RealName1764500000000 implements MigrationInterface {
  name = 'RealName1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "identity"."id_photos" (
        "id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "identity"."users" ("id"),
        "side" varchar(10) NOT NULL CHECK ("side" IN ('portrait', 'emblem')),
        "object_key" varchar(200) NOT NULL,
        "upload_id" varchar(200),
        "content_type" varchar(40) NOT NULL,
        "size" int NOT NULL CHECK ("size" > 0),
        "status" varchar(10) NOT NULL CHECK ("status" IN ('pending', 'stored')),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "id_photos_user_idx" ON "identity"."id_photos" ("user_id")`);
    await runner.query(`
      CREATE TABLE "identity"."real_name_submissions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "identity"."users" ("id"),
        "status" varchar(10) NOT NULL CHECK ("status" IN ('verifying', 'verified', 'rejected')),
        "name" varchar(50) NOT NULL,
        "id_number_encrypted" text NOT NULL,
        "id_number_masked" varchar(18) NOT NULL,
        "portrait_photo_id" uuid NOT NULL REFERENCES "identity"."id_photos" ("id"),
        "emblem_photo_id" uuid NOT NULL REFERENCES "identity"."id_photos" ("id"),
        "reject_reason" varchar(200),
        "submitted_at" timestamptz NOT NULL,
        "reviewed_at" timestamptz,
        "reviewed_by" uuid,
        "reviewer_username" varchar(64),
        CHECK (("status" = 'rejected') = ("reject_reason" IS NOT NULL))
      )`);
    await runner.query(`CREATE INDEX "real_name_submissions_user_idx" ON "identity"."real_name_submissions" ("user_id", "submitted_at" DESC)`);
    await runner.query(`CREATE INDEX "real_name_submissions_status_idx" ON "identity"."real_name_submissions" ("status", "submitted_at" DESC)`);
    // A contributor has at most one submission waiting or verified, whatever two requests race.
    await runner.query(
      `CREATE UNIQUE INDEX "real_name_submissions_live_idx" ON "identity"."real_name_submissions" ("user_id") WHERE "status" IN ('verifying', 'verified')`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "identity"."real_name_submissions"`);
    await runner.query(`DROP TABLE "identity"."id_photos"`);
  }
}
