import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user centre: a user's chosen profile picture (the location of its 256 px rendition), the
 * pictures being uploaded through signed links, and e-mail confirmation links (only a hash of
 * each link's token is kept; a link works once, for 24 hours).
 */
export class UserCenter1764900000000 implements MigrationInterface {
  name = 'UserCenter1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "identity"."users" ADD COLUMN "avatar_key" varchar(200)`);
    await runner.query(`
      CREATE TABLE "identity"."avatar_uploads" (
        "id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "object_key" varchar(200) NOT NULL,
        "upload_id" varchar(200) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "avatar_uploads_user_id" ON "identity"."avatar_uploads" ("user_id")`);
    await runner.query(`
      CREATE TABLE "identity"."email_confirmations" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "email" varchar(254) NOT NULL,
        "token_hash" char(64) NOT NULL UNIQUE,
        "created_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz
      )`);
    await runner.query(`CREATE INDEX "email_confirmations_user_id" ON "identity"."email_confirmations" ("user_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "identity"."email_confirmations"`);
    await runner.query(`DROP TABLE "identity"."avatar_uploads"`);
    await runner.query(`ALTER TABLE "identity"."users" DROP COLUMN "avatar_key"`);
  }
}
