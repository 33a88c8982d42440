import { quoteIdentifier } from './sql-identifier.js';

/**
 * The DDL of a service's `outbox` and `handled_events` tables, for the service's own migration to
 * run (`up` in `up()`, `down` in `down()`). Migrations that already ran call it, so it never
 * changes: a later change is a function below with its migration class. Together they match what
 * TypeORM generates from OutboxMessageEntity and HandledEventEntity.
 */
export function eventTablesMigrationSql(schema: string): { up: string[]; down: string[] } {
  const s = quoteIdentifier(schema);
  return {
    up: [
      `CREATE SCHEMA IF NOT EXISTS ${s}`,
      `CREATE TABLE ${s}."outbox" (` +
        `"id" uuid NOT NULL, ` +
        `"position" BIGSERIAL NOT NULL, ` +
        `"name" text NOT NULL, ` +
        `"version" integer NOT NULL, ` +
        `"aggregate_id" text NOT NULL, ` +
        `"occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, ` +
        `"payload" jsonb NOT NULL, ` +
        `"published_at" TIMESTAMP WITH TIME ZONE, ` +
        `"attempts" integer NOT NULL DEFAULT '0', ` +
        `"created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "outbox_pkey" PRIMARY KEY ("id"))`,
      // The relay scans only what is left to publish; pruning scans only what was published.
      `CREATE INDEX "outbox_unpublished_idx" ON ${s}."outbox" ("position") WHERE "published_at" IS NULL`,
      `CREATE INDEX "outbox_published_at_idx" ON ${s}."outbox" ("published_at") WHERE "published_at" IS NOT NULL`,
      `CREATE TABLE ${s}."handled_events" (` +
        `"consumer" text NOT NULL, ` +
        `"event_id" uuid NOT NULL, ` +
        `"handled_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "handled_events_pkey" PRIMARY KEY ("consumer", "event_id"))`,
    ],
    down: [`DROP TABLE ${s}."handled_events"`, `DROP TABLE ${s}."outbox"`],
  };
}

/**
 * The outbox's trace context column (OutboxTraceContext1765600000000). Nullable and without a
 * default, so adding it to a large outbox rewrites nothing.
 */
export function outboxTraceContextMigrationSql(schema: string): { up: string[]; down: string[] } {
  const s = quoteIdentifier(schema);
  return {
    up: [`ALTER TABLE ${s}."outbox" ADD COLUMN "trace_context" jsonb`],
    down: [`ALTER TABLE ${s}."outbox" DROP COLUMN "trace_context"`],
  };
}
