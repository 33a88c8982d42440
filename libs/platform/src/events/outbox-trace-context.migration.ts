import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxTraceContextMigrationSql } from './event-tables.migration.js';

/**
 * Adds the trace context column to a service's outbox. Every service lists this one class in its
 * migrations; it acts on the schema of the DataSource that runs it, each service's own.
 */
export class OutboxTraceContext1765600000000 implements MigrationInterface {
  name = 'OutboxTraceContext1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of outboxTraceContextMigrationSql(schemaOf(queryRunner)).up) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of outboxTraceContextMigrationSql(schemaOf(queryRunner)).down) await queryRunner.query(statement);
  }
}

function schemaOf(queryRunner: QueryRunner): string {
  const schema = (queryRunner.connection.options as { schema?: string }).schema;
  if (!schema) throw new Error('the outbox migration needs the DataSource schema of its service');
  return schema;
}
