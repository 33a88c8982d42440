import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The channel on which PostgreSQL announces committed writes to users, sessions and staff. */
export const ACCOUNT_WRITES_CHANNEL = 'identity_account_writes';

const TABLES = ['users', 'sessions', 'staff'] as const;

/**
 * Every committed update, delete or truncate of users, sessions and staff is announced on
 * `identity_account_writes`, so each identity process can drop what it keeps of them (ADR 0021),
 * including writes sent by another replica or by hand. One notice per statement; PostgreSQL
 * delivers it at commit and folds identical notices of one transaction into one. New rows need
 * no notice: nothing about them can be kept yet.
 */
export class AccountWriteNotices1766300000000 implements MigrationInterface {
  name = 'AccountWriteNotices1766300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE FUNCTION "identity"."announce_account_write"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${ACCOUNT_WRITES_CHANNEL}', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      await runner.query(`
        CREATE TRIGGER "${table}_announce_write" AFTER UPDATE OR DELETE OR TRUNCATE ON "identity"."${table}"
        FOR EACH STATEMENT EXECUTE FUNCTION "identity"."announce_account_write"()`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of TABLES) await runner.query(`DROP TRIGGER "${table}_announce_write" ON "identity"."${table}"`);
    await runner.query(`DROP FUNCTION "identity"."announce_account_write"()`);
  }
}
