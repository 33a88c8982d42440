import pg from 'pg';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { eventTablesMigrationSql, outboxTraceContextMigrationSql } from './event-tables.migration.js';
import { HandledEventEntity } from './handled-event.entity.js';
import { OutboxMessageEntity } from './outbox-message.entity.js';

describe('eventTablesMigrationSql', () => {
  let database: TestDatabase;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase('tables');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await database?.drop();
  });

  it('creates, with the later changes, exactly what the entities describe, in the schema it is given', async () => {
    for (const statement of [...eventTablesMigrationSql('identity').up, ...outboxTraceContextMigrationSql('identity').up]) await admin.query(statement);
    const dataSource = new DataSource({
      type: 'postgres',
      url: database.url,
      schema: 'identity',
      entities: [OutboxMessageEntity, HandledEventEntity],
    });
    await dataSource.initialize();
    try {
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
      expect(dataSource.getMetadata(OutboxMessageEntity).tablePath).toBe('identity.outbox');
      expect(dataSource.getMetadata(HandledEventEntity).tablePath).toBe('identity.handled_events');
    } finally {
      await dataSource.destroy();
    }
  });

  it('gives each service its own tables and drops them again', async () => {
    for (const statement of eventTablesMigrationSql('orders').up) await admin.query(statement);
    const tables = async (schema: string) =>
      (
        await admin.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
          [schema],
        )
      ).rows.map((row) => row.table_name);
    expect(await tables('orders')).toEqual(['handled_events', 'outbox']);

    for (const statement of eventTablesMigrationSql('orders').down) await admin.query(statement);
    expect(await tables('orders')).toEqual([]);
    expect(await tables('identity')).toEqual(['handled_events', 'outbox']);
  });

  it('refuses a schema name that is not a plain identifier', () => {
    expect(() => eventTablesMigrationSql('orders"; DROP TABLE x; --')).toThrow(/plain SQL identifier/);
  });
});
