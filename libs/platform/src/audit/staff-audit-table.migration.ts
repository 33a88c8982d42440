import { quoteIdentifier } from '../events/sql-identifier.js';

/**
 * The DDL of a service's `audit_log` table, for the service's own migration to run (`up` in
 * `up()`, `down` in `down()`), beside `eventTablesMigrationSql`. It matches StaffAuditLogEntity.
 * Migrations that already ran call it, so it never changes: a new column is a new migration.
 */
export function staffAuditTableMigrationSql(schema: string): { up: string[]; down: string[] } {
  const s = quoteIdentifier(schema);
  return {
    up: [
      `CREATE SCHEMA IF NOT EXISTS ${s}`,
      `CREATE TABLE ${s}."audit_log" (` +
        `"id" uuid PRIMARY KEY DEFAULT gen_random_uuid(), ` +
        `"at" timestamptz NOT NULL, ` +
        `"staff_id" uuid NOT NULL, ` +
        `"staff_username" varchar(64) NOT NULL, ` +
        `"action" varchar(64) NOT NULL, ` +
        `"resource" varchar(64) NOT NULL, ` +
        `"resource_id" varchar(64) NOT NULL, ` +
        `"before" jsonb, ` +
        `"after" jsonb)`,
      `CREATE INDEX "audit_log_at_idx" ON ${s}."audit_log" ("at")`,
      `CREATE INDEX "audit_log_resource_idx" ON ${s}."audit_log" ("resource", "resource_id")`,
    ],
    down: [`DROP TABLE IF EXISTS ${s}."audit_log"`],
  };
}
