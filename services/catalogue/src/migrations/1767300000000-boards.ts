import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'catalogue';

/**
 * Boards: an owner's named selections of materials (any kind, each with a note, in the owner's
 * order), the accounts the owner made members (viewers or editors), the guest links that open them without an account (the secret, an optional scrypt
 * password hash and expiry, revocation, and the wrong-password count that locks a link for a
 * while), and what the owner and guests say about items: comments and one vote per voter.
 * Deleting a board deletes all of it; an item whose material went off sale stays until removed.
 */
export class CatalogueBoards1767300000000 implements MigrationInterface {
  name = 'CatalogueBoards1767300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."boards" (
        "id" bigserial PRIMARY KEY,
        "owner_id" uuid NOT NULL,
        "name" varchar(60) NOT NULL,
        "cover_material_id" bigint REFERENCES "${S}"."materials" ("id") ON DELETE SET NULL,
        "created_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "boards_owner_idx" ON "${S}"."boards" ("owner_id", "updated_at" DESC, "id" DESC)`);
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."board_items" (
        "id" bigserial PRIMARY KEY,
        "board_id" bigint NOT NULL REFERENCES "${S}"."boards" ("id") ON DELETE CASCADE,
        "material_id" bigint NOT NULL REFERENCES "${S}"."materials" ("id"),
        "position" integer NOT NULL,
        "note" varchar(500) NOT NULL DEFAULT '',
        "added_by" uuid NOT NULL,
        "added_at" timestamptz NOT NULL,
        UNIQUE ("board_id", "material_id")
      )`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "board_items_order_idx" ON "${S}"."board_items" ("board_id", "position", "id")`);
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."board_members" (
        "board_id" bigint NOT NULL REFERENCES "${S}"."boards" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "role" varchar(10) NOT NULL CHECK ("role" IN ('viewer', 'editor')),
        "added_by" uuid NOT NULL,
        "added_at" timestamptz NOT NULL,
        PRIMARY KEY ("board_id", "user_id")
      )`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "board_members_user_idx" ON "${S}"."board_members" ("user_id")`);
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."board_links" (
        "id" bigserial PRIMARY KEY,
        "board_id" bigint NOT NULL REFERENCES "${S}"."boards" ("id") ON DELETE CASCADE,
        "token" varchar(64) NOT NULL UNIQUE,
        "password_hash" text,
        "expires_at" timestamptz,
        "revoked_at" timestamptz,
        "failed_tries" integer NOT NULL DEFAULT 0,
        "locked_until" timestamptz,
        "created_at" timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "board_links_board_idx" ON "${S}"."board_links" ("board_id", "id")`);
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."board_comments" (
        "id" bigserial PRIMARY KEY,
        "item_id" bigint NOT NULL REFERENCES "${S}"."board_items" ("id") ON DELETE CASCADE,
        "author_id" uuid,
        "guest_name" varchar(40),
        "link_id" bigint REFERENCES "${S}"."board_links" ("id") ON DELETE SET NULL,
        "body" varchar(1000) NOT NULL,
        "created_at" timestamptz NOT NULL,
        CHECK (("author_id" IS NULL) <> ("guest_name" IS NULL))
      )`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "board_comments_item_idx" ON "${S}"."board_comments" ("item_id", "created_at", "id")`);
    await runner.query(`
      CREATE TABLE IF NOT EXISTS "${S}"."board_votes" (
        "item_id" bigint NOT NULL REFERENCES "${S}"."board_items" ("id") ON DELETE CASCADE,
        "voter" varchar(80) NOT NULL,
        "value" smallint NOT NULL CHECK ("value" IN (-1, 1)),
        "voted_at" timestamptz NOT NULL,
        PRIMARY KEY ("item_id", "voter")
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['board_votes', 'board_comments', 'board_links', 'board_members', 'board_items', 'boards']) await runner.query(`DROP TABLE IF EXISTS "${S}"."${table}"`);
  }
}
