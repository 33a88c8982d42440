import { UserRegistered } from '@mkt/contracts';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { OutboxRelay, type OutboxRelaySettings } from './outbox-relay.js';
import { OutboxWriter } from './outbox-writer.js';
import { createConsumerDatabase, type ConsumerDatabase } from './testing/consumer-database.js';
import { RecordingLogger } from './testing/recording-logger.js';
import { RecordingTransport } from './testing/recording-transport.js';
import { waitFor } from './testing/wait-for.js';

describe('OutboxRelay', () => {
  let db: ConsumerDatabase;
  const writer = new OutboxWriter();
  const relays: OutboxRelay[] = [];
  let schemaCounter = 0;
  const schemas = ['relay_a', 'relay_b', 'relay_c', 'relay_d', 'relay_e', 'relay_f', 'relay_g', 'relay_h'];

  beforeAll(async () => {
    db = await createConsumerDatabase(schemas, 'relay');
  });

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  });

  afterAll(async () => {
    await db?.close();
  });

  /** Each test gets an outbox of its own. */
  async function freshOutbox(): Promise<{ dataSource: DataSource; schema: string }> {
    const schema = schemas[schemaCounter++]!;
    return { dataSource: await db.dataSource(schema), schema };
  }

  function relay(dataSource: DataSource, transport: RecordingTransport, settings: OutboxRelaySettings = {}): OutboxRelay {
    const created = new OutboxRelay(dataSource, transport, { pollIntervalMs: 20, ...settings }, new RecordingLogger());
    relays.push(created);
    return created;
  }

  async function addEvents(dataSource: DataSource, count: number): Promise<string[]> {
    return dataSource.transaction(async (manager) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const userId = randomUUID();
        const envelope = await writer.add(manager, UserRegistered, userId, {
          userId,
          accountKind: 'phone',
          gid: i,
          registeredAt: new Date().toISOString(),
        });
        ids.push(envelope.id);
      }
      return ids;
    });
  }

  it('publishes committed rows in the order they were written and marks them published', async () => {
    const { dataSource, schema } = await freshOutbox();
    const ids = await addEvents(dataSource, 5);
    const transport = new RecordingTransport();

    const published = await relay(dataSource, transport, { batchSize: 3 }).relayBatch();

    expect(published).toBe(3);
    expect(transport.published.map((envelope) => envelope.id)).toEqual(ids.slice(0, 3));
    const rows = await db.query(`SELECT id, published_at, attempts FROM "${schema}".outbox ORDER BY position`);
    expect(rows.map((row) => row.published_at !== null)).toEqual([true, true, true, false, false]);
    expect(rows.slice(0, 3).map((row) => row.attempts)).toEqual([1, 1, 1]);
  });

  it('hands the transport the envelope exactly as the writer returned it', async () => {
    const { dataSource } = await freshOutbox();
    const transport = new RecordingTransport();
    const userId = randomUUID();
    const envelope = await dataSource.transaction((manager) =>
      writer.add(manager, UserRegistered, userId, { userId, accountKind: 'email', gid: 7, registeredAt: '2024-01-01T00:00:00.000Z' }),
    );

    await relay(dataSource, transport).relayBatch();

    expect(transport.published).toEqual([envelope]);
  });

  it('keeps rows unpublished while the transport fails and publishes them once it recovers', async () => {
    const { dataSource, schema } = await freshOutbox();
    const ids = await addEvents(dataSource, 2);
    const transport = new RecordingTransport();
    transport.failing = true;
    relay(dataSource, transport, { pollIntervalMs: 10, maxErrorBackoffMs: 20 }).start();

    await waitFor('a few failed rounds', () => transport.publishCalls >= 3);
    const failedRows = await db.query(`SELECT published_at, attempts FROM "${schema}".outbox`);
    expect(failedRows.every((row) => row.published_at === null && row.attempts >= 1)).toBe(true);
    transport.failing = false;

    await waitFor('the recovery', () => transport.published.length === 2);
    expect(transport.published.map((envelope) => envelope.id)).toEqual(ids);
    await waitFor('the rows marked', async () => {
      const rows = await db.query(`SELECT published_at FROM "${schema}".outbox`);
      return rows.every((row) => row.published_at !== null);
    });
  });

  it('is nudged by a commit that wrote to the outbox instead of waiting for its poll', async () => {
    const { dataSource } = await freshOutbox();
    const transport = new RecordingTransport();
    const running = relay(dataSource, transport, { pollIntervalMs: 60_000 });
    running.start();
    // Let the first (empty) round pass so the relay sleeps on its long poll.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const [id] = await addEvents(dataSource, 1);

    await waitFor('the nudged publish', () => transport.published.some((envelope) => envelope.id === id), { timeoutMs: 5000 });
  });

  it('never publishes a rolled-back event', async () => {
    const { dataSource, schema } = await freshOutbox();
    const transport = new RecordingTransport();
    relay(dataSource, transport).start();
    await expect(
      dataSource.transaction(async (manager) => {
        const userId = randomUUID();
        await writer.add(manager, UserRegistered, userId, { userId, accountKind: 'email', gid: 1, registeredAt: 'now' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [committed] = await addEvents(dataSource, 1);

    await waitFor('the committed event', () => transport.published.length === 1);
    expect(transport.published.map((envelope) => envelope.id)).toEqual([committed]);
    expect(await db.query(`SELECT id FROM "${schema}".outbox`)).toEqual([{ id: committed }]);
  });

  it('lets replicas relay the same outbox side by side without publishing a row twice', async () => {
    const { dataSource, schema } = await freshOutbox();
    const ids = await addEvents(dataSource, 120);
    const transport = new RecordingTransport();
    relay(dataSource, transport, { batchSize: 7 }).start();
    relay(dataSource, transport, { batchSize: 7 }).start();
    relay(dataSource, transport, { batchSize: 7 }).start();

    await waitFor('every row published', async () => {
      const [row] = await db.query(`SELECT count(*) AS left FROM "${schema}".outbox WHERE published_at IS NULL`);
      return row!.left === '0';
    });
    expect(transport.published).toHaveLength(120);
    expect(new Set(transport.published.map((envelope) => envelope.id))).toEqual(new Set(ids));
  });

  it('prunes published rows older than the retention period and nothing else', async () => {
    const { dataSource, schema } = await freshOutbox();
    const [old, recent, unpublished] = await addEvents(dataSource, 3);
    await db.query(`UPDATE "${schema}".outbox SET published_at = now() - interval '5 hours' WHERE id = $1`, [old]);
    await db.query(`UPDATE "${schema}".outbox SET published_at = now() - interval '1 hour' WHERE id = $1`, [recent]);

    const pruned = await relay(dataSource, new RecordingTransport(), { retentionHours: 2 }).prunePublished();

    expect(pruned).toBe(1);
    const left = await db.query<{ id: string }>(`SELECT id FROM "${schema}".outbox`);
    expect(left.map((row) => row.id).sort()).toEqual([recent, unpublished].sort());
  });

  it('prunes handled-event marks older than their retention period and nothing else', async () => {
    const { dataSource, schema } = await freshOutbox();
    const [old, recent] = [randomUUID(), randomUUID()];
    await db.query(
      `INSERT INTO "${schema}".handled_events (consumer, event_id, handled_at) VALUES ('c', $1, now() - interval '9 days'), ('c', $2, now() - interval '6 days')`,
      [old, recent],
    );

    const pruned = await relay(dataSource, new RecordingTransport()).pruneHandled();

    expect(pruned).toBe(1);
    const left = await db.query<{ event_id: string }>(`SELECT event_id FROM "${schema}".handled_events`);
    expect(left.map((row) => row.event_id)).toEqual([recent]);
  });
});
