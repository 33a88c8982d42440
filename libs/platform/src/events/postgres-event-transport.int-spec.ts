import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import type { PostgresEventBusConfig } from './event-bus.config.js';
import { PostgresEventTransport } from './postgres-event-transport.js';
import { contractEvent, envelopeFor, uniqueGroup } from './testing/contract-events.js';
import { describeEventTransportContract } from './testing/event-transport.contract.js';
import { RecordingLogger } from './testing/recording-logger.js';
import { waitFor } from './testing/wait-for.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('eventbus');
});

afterAll(async () => {
  await database?.drop();
});

function testConfig(overrides: Partial<PostgresEventBusConfig> = {}): PostgresEventBusConfig {
  return {
    transport: 'postgres',
    connectionString: database.url,
    retryLimit: 3,
    retryDelaySeconds: 0.05,
    visibilityTimeoutSeconds: 1,
    pollIntervalMs: 50,
    ...overrides,
  };
}

describeEventTransportContract('postgres', () => testConfig());

describe('PostgresEventTransport', () => {
  const running: PostgresEventTransport[] = [];
  function transport(overrides: Partial<PostgresEventBusConfig> = {}, logger = new RecordingLogger()): PostgresEventTransport {
    const created = new PostgresEventTransport(testConfig(overrides), logger);
    running.push(created);
    return created;
  }
  afterEach(async () => {
    await Promise.all(running.splice(0).map((t) => t.stop()));
  });

  it('tells its observer how each delivery ended and reports the backlog of its groups', async () => {
    const flaky = contractEvent();
    const slow = contractEvent();
    const group = uniqueGroup();
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Two at once: the slow handler holds one slot while the failing one is retried in the other.
    const bus = transport({ concurrency: 2 });
    bus.observe({
      handled: (g, name) => seen.push(`handled ${g === group} ${name === slow.name}`),
      retried: (g, name) => seen.push(`retried ${g === group} ${name === flaky.name}`),
      deadLettered: (g, name, reason) => seen.push(`dead ${g === group} ${name === flaky.name} ${reason}`),
    });
    bus.subscribe(group, flaky, async () => {
      throw new Error('always fails');
    });
    bus.subscribe(group, slow, () => released);
    await bus.start();
    await bus.publish([envelopeFor(flaky, { n: 1 }), envelopeFor(slow, { n: 2 })]);

    await waitFor('the failing event to be dead-lettered', () => seen.some((line) => line.startsWith('dead')));
    expect(await bus.backlog()).toEqual([{ consumerGroup: group, eventName: slow.name, pending: 1 }]);
    release();
    await waitFor('the slow event to be handled', () => seen.some((line) => line.startsWith('handled')));
    expect(await bus.backlog()).toEqual([]);
    // retryLimit 3: two retries, then the third failure parks it.
    expect(seen.sort()).toEqual(['dead true true handler-failed', 'handled true true', 'retried true true', 'retried true true']);
  });

  it('keeps events published while a consumer group is down until it comes back', async () => {
    const event = contractEvent();
    const group = uniqueGroup();
    const firstRun = transport();
    firstRun.subscribe(group, event, async () => undefined);
    await firstRun.start();
    await firstRun.stop();

    const publisher = transport();
    await publisher.start();
    const envelope = envelopeFor(event, { n: 1 });
    await publisher.publish([envelope]);

    const received: unknown[] = [];
    const secondRun = transport();
    secondRun.subscribe(group, event, async (delivered) => {
      received.push(delivered);
    });
    await secondRun.start();
    await waitFor('the event published while the group was down', () => received.length === 1);
    expect(received[0]).toEqual(envelope);
  });

  it('does not redeliver to another consumer while a slow handler is still working', async () => {
    const event = contractEvent();
    const group = uniqueGroup();
    let calls = 0;
    let finished = false;
    const slowHandler = async (): Promise<void> => {
      calls += 1;
      // Three visibility timeouts: without the claim being extended, the other replica would take it.
      // (1.5 s timeouts, extended every 0.5 s: a test process stalled for a moment by a loaded
      // machine must not let a claim lapse that a running service would have extended.)
      await new Promise((resolve) => setTimeout(resolve, 4500));
      finished = true;
    };
    for (let replica = 0; replica < 2; replica += 1) {
      const consumer = transport({ visibilityTimeoutSeconds: 1.5 });
      consumer.subscribe(group, event, slowHandler);
      await consumer.start();
    }
    const publisher = transport();
    await publisher.start();
    await publisher.publish([envelopeFor(event, { n: 1 })]);

    await waitFor('the slow handler to finish', () => finished, { timeoutMs: 10_000 });
    expect(calls).toBe(1);
  });

  it('lists dead letters by group and event, newest first', async () => {
    const [first, second] = [contractEvent(), contractEvent()];
    const group = uniqueGroup();
    const otherGroup = uniqueGroup();
    const consumer = transport({ retryLimit: 1 });
    for (const event of [first, second]) {
      consumer.subscribe(group, event, async () => {
        throw new Error('always fails');
      });
    }
    consumer.subscribe(otherGroup, first, async () => undefined);
    await consumer.start();

    const a = envelopeFor(first, { n: 1 });
    await consumer.publish([a]);
    await waitFor('the first dead letter', async () => (await consumer.listDeadLetters({ consumerGroup: group })).length === 1);
    const b = envelopeFor(second, { n: 2 });
    await consumer.publish([b]);
    await waitFor('the second dead letter', async () => (await consumer.listDeadLetters({ consumerGroup: group })).length === 2);

    expect((await consumer.listDeadLetters({ consumerGroup: group })).map((letter) => letter.eventId)).toEqual([b.id, a.id]);
    expect((await consumer.listDeadLetters({ consumerGroup: group, eventName: first.name })).map((l) => l.eventId)).toEqual([a.id]);
    expect(await consumer.listDeadLetters({ consumerGroup: otherGroup })).toEqual([]);
    expect(await consumer.listDeadLetters({ consumerGroup: group, limit: 1 })).toHaveLength(1);
  });

  it('dead-letters an event whose consumer keeps dying before it settles', async () => {
    const event = contractEvent();
    const group = uniqueGroup();
    const publisher = transport();
    await publisher.start();
    // Stands in for consumers that crash on this event: claims that are never settled.
    const schema = 'eventbus';
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(`INSERT INTO ${schema}.subscription (consumer_group, event_name) VALUES ($1, $2)`, [group, event.name]);
      const envelope = envelopeFor(event, { n: 1 });
      await publisher.publish([envelope]);
      await admin.query(
        `UPDATE ${schema}.delivery SET attempts = 3, available_at = now() - interval '1 second' WHERE consumer_group = $1`,
        [group],
      );
      let called = false;
      const consumer = transport();
      consumer.subscribe(group, event, async () => {
        called = true;
      });
      await consumer.start();

      const [dead] = await waitFor('the dead letter', async () => {
        const letters = await consumer.listDeadLetters({ consumerGroup: group });
        return letters.length > 0 ? letters : undefined;
      });
      expect(dead).toMatchObject({ eventId: envelope.id, attempts: 4, reason: 'handler-failed' });
      expect(dead!.lastError).toMatch(/visibility timeout/);
      expect(called).toBe(false);
    } finally {
      await admin.end();
    }
  });

  it('keeps its tables in the configured schema', async () => {
    const schema = `bus_${randomBytes(3).toString('hex')}`;
    const custom = transport({ schema });
    await custom.start();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { rows } = await admin.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
      [schema],
    );
    await admin.end();
    expect(rows.map((row) => row.table_name)).toEqual(['dead_letter', 'delivery', 'subscription']);
  });

  it('adds the aggregate column and its index to a delivery table made before them, once', async () => {
    const schema = `bus_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const first = transport({ schema });
      await first.start();
      await first.stop();
      await admin.query(`ALTER TABLE "${schema}".delivery DROP COLUMN aggregate_id`);
      const upgraded = transport({ schema });
      await upgraded.start();
      const columns = await admin.query(`SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'delivery' AND column_name = 'aggregate_id'`, [schema]);
      const indexes = await admin.query(`SELECT 1 FROM pg_indexes WHERE schemaname = $1 AND indexname = 'delivery_aggregate_idx'`, [schema]);
      expect([columns.rowCount, indexes.rowCount]).toEqual([1, 1]);
      await upgraded.stop();
      await transport({ schema }).start();
    } finally {
      await admin.end();
    }
  });

  it('refuses an invalid configuration up front', () => {
    expect(() => new PostgresEventTransport({ ...testConfig(), schema: 'bad-name; drop' })).toThrow(/schema/);
    expect(() => new PostgresEventTransport({ ...testConfig(), retryLimit: 0 })).toThrow(/retryLimit/);
  });

  it('refuses to publish before start and after stop', async () => {
    const idle = transport();
    const envelope = envelopeFor(contractEvent(), { n: 1 });
    await expect(idle.publish([envelope])).rejects.toThrow(/not started/);
    await idle.start();
    await idle.stop();
    await expect(idle.publish([envelope])).rejects.toThrow(/not started/);
  });
});
