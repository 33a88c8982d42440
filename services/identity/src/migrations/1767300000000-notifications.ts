import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The notification centre: what happened that concerns an account (a comment on their board, an
 * invitation to one, a quote, licences), each kind with its fields in `payload`. An unread one
 * gathers later ones of the same thing (`ref`: the board, the order) and counts them, so a busy
 * board is one line, not fifty; read ones stay as they were. The unread count the header shows
 * on every page is one read of the partial index.
 */
export class Notifications1767300000000 implements MigrationInterface {
  name = 'Notifications1767300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "identity"."notifications" (
        "id" bigserial PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "kind" varchar(20) NOT NULL,
        "ref" varchar(80) NOT NULL,
        "payload" jsonb NOT NULL,
        "count" integer NOT NULL DEFAULT 1,
        "read_at" timestamptz,
        "created_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "notifications_user_idx" ON "identity"."notifications" ("user_id", "updated_at" DESC, "id" DESC)`);
    await runner.query(`CREATE UNIQUE INDEX IF NOT EXISTS "notifications_unread_idx" ON "identity"."notifications" ("user_id", "kind", "ref") WHERE "read_at" IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "identity"."notifications"`);
  }
}
