import pg from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { eventTablesMigrationSql, outboxTraceContextMigrationSql } from '../event-tables.migration.js';
import { HandledEventEntity } from '../handled-event.entity.js';
import { OutboxMessageEntity } from '../outbox-message.entity.js';
import { quoteIdentifier } from '../sql-identifier.js';

/**
 * A test database holding one schema per consuming "service", each with the real event tables
 * (from eventTablesMigrationSql) and an `effects` table that stands for a handler's business
 * writes. `effects` has no unique key on purpose: an event applied twice shows up as two rows.
 */
export interface ConsumerDatabase {
  url: string;
  dataSource(schema: string): Promise<DataSource>;
  countEffects(schema: string, eventId?: string): Promise<number>;
  countHandled(schema: string, consumer: string, eventId?: string): Promise<number>;
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export async function createConsumerDatabase(schemas: string[], prefix = 'events'): Promise<ConsumerDatabase> {
  const database: TestDatabase = await createTestDatabase(prefix);
  const admin = new pg.Pool({ connectionString: database.url, max: 3 });
  // pool.end() resolves before the sockets close, so the DROP ... WITH (FORCE) that follows can
  // still terminate a closing client; without a listener that error would crash the test file.
  admin.on('error', () => undefined);
  for (const schema of schemas) {
    for (const statement of [...eventTablesMigrationSql(schema).up, ...outboxTraceContextMigrationSql(schema).up]) await admin.query(statement);
    await admin.query(effectsTableSql(schema));
  }
  const dataSources = new Map<string, DataSource>();
  return {
    url: database.url,
    async dataSource(schema) {
      let dataSource = dataSources.get(schema);
      if (!dataSource) {
        dataSource = consumerDataSource(database.url, schema);
        dataSources.set(schema, dataSource);
        await dataSource.initialize();
      }
      return dataSource;
    },
    async countEffects(schema, eventId) {
      const { rows } = await admin.query<{ count: string }>(
        `SELECT count(*) FROM ${quoteIdentifier(schema)}.effects WHERE $1::uuid IS NULL OR event_id = $1`,
        [eventId ?? null],
      );
      return Number(rows[0]?.count);
    },
    async countHandled(schema, consumer, eventId) {
      const { rows } = await admin.query<{ count: string }>(
        `SELECT count(*) FROM ${quoteIdentifier(schema)}.handled_events WHERE consumer = $1 AND ($2::uuid IS NULL OR event_id = $2)`,
        [consumer, eventId ?? null],
      );
      return Number(rows[0]?.count);
    },
    async query(sql, params) {
      return (await admin.query(sql, params)).rows;
    },
    async close() {
      for (const dataSource of dataSources.values()) if (dataSource.isInitialized) await dataSource.destroy();
      await admin.end();
      await database.drop();
    },
  };
}

export function consumerDataSource(url: string, schema: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    schema,
    entities: [OutboxMessageEntity, HandledEventEntity],
    poolSize: 6,
  });
}

export function effectsTableSql(schema: string): string {
  return `CREATE TABLE ${quoteIdentifier(schema)}.effects (
    consumer text NOT NULL, event_id uuid NOT NULL, note text, created_at timestamptz NOT NULL DEFAULT now())`;
}

/** The stand-in business write of a handler, through the handler's transaction. */
export async function recordEffect(
  manager: EntityManager,
  schema: string,
  consumer: string,
  eventId: string,
  note = '',
): Promise<void> {
  await manager.query(`INSERT INTO ${quoteIdentifier(schema)}.effects (consumer, event_id, note) VALUES ($1, $2, $3)`, [
    consumer,
    eventId,
    note,
  ]);
}
