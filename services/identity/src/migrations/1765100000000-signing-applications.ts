import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signing applications (route /join): the files applicants upload through signed links
 * (representative images and an optional résumé), the applications with the images they show,
 * and the photographer profile kept with the account. The ID number is stored encrypted only.
 */
export class SigningApplications1765100000000 implements MigrationInterface {
  name = 'SigningApplications1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "identity"."signing_files" (
        "id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "kind" varchar(10) NOT NULL CHECK ("kind" IN ('image', 'resume')),
        "object_key" varchar(200) NOT NULL,
        "preview_key" varchar(200),
        "upload_id" varchar(200),
        "content_type" varchar(40) NOT NULL,
        "size" int NOT NULL CHECK ("size" > 0),
        "width" int,
        "height" int,
        "status" varchar(10) NOT NULL CHECK ("status" IN ('pending', 'stored')),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "signing_files_user_idx" ON "identity"."signing_files" ("user_id", "kind", "status")`);
    await runner.query(`
      CREATE TABLE "identity"."signing_applications" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "status" varchar(10) NOT NULL CHECK ("status" IN ('pending', 'approved', 'rejected')),
        "platforms" jsonb NOT NULL,
        "video_links" jsonb NOT NULL,
        "real_name" varchar(50) NOT NULL,
        "id_number_encrypted" text NOT NULL,
        "id_number_masked" varchar(18) NOT NULL,
        "address" varchar(200) NOT NULL,
        "wechat_id" varchar(40) NOT NULL,
        "quantity" int NOT NULL CHECK ("quantity" > 0),
        "creation_forms" text[] NOT NULL CHECK (cardinality("creation_forms") > 0),
        "themes" text[] NOT NULL CHECK (cardinality("themes") > 0),
        "reject_reason" varchar(200),
        "submitted_at" timestamptz NOT NULL,
        "reviewed_at" timestamptz,
        "reviewed_by" uuid,
        "reviewer_username" varchar(64),
        "granted_video_flag" boolean,
        "granted_photo_flag" boolean,
        CHECK (("status" = 'rejected') = ("reject_reason" IS NOT NULL))
      )`);
    await runner.query(`CREATE INDEX "signing_applications_user_idx" ON "identity"."signing_applications" ("user_id", "submitted_at" DESC)`);
    await runner.query(`CREATE INDEX "signing_applications_status_idx" ON "identity"."signing_applications" ("status", "submitted_at" DESC)`);
    // One application waiting or approved per person, whatever two requests race.
    await runner.query(
      `CREATE UNIQUE INDEX "signing_applications_live_idx" ON "identity"."signing_applications" ("user_id") WHERE "status" IN ('pending', 'approved')`,
    );
    await runner.query(`
      CREATE TABLE "identity"."signing_application_images" (
        "application_id" uuid NOT NULL REFERENCES "identity"."signing_applications" ("id") ON DELETE CASCADE,
        "position" int NOT NULL CHECK ("position" >= 0),
        "file_id" uuid NOT NULL REFERENCES "identity"."signing_files" ("id"),
        PRIMARY KEY ("application_id", "position"),
        UNIQUE ("application_id", "file_id")
      )`);
    await runner.query(`
      CREATE TABLE "identity"."photographer_profiles" (
        "user_id" uuid PRIMARY KEY REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "resident_area" varchar(100) NOT NULL,
        "intro" varchar(1000) NOT NULL,
        "main_services" varchar(300) NOT NULL,
        "social_accounts" varchar(300) NOT NULL,
        "resume_file_id" uuid REFERENCES "identity"."signing_files" ("id"),
        "updated_at" timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "identity"."photographer_profiles"`);
    await runner.query(`DROP TABLE "identity"."signing_application_images"`);
    await runner.query(`DROP TABLE "identity"."signing_applications"`);
    await runner.query(`DROP TABLE "identity"."signing_files"`);
  }
}
