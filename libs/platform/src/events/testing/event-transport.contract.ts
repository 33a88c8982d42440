import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@mkt/contracts';
import { eventBusConfigSchema, parseEventBusConfig, type EventBusConfig } from '../event-bus.config.js';
import type { EventTransport, TransportEventHandler } from '../event-transport.js';
import { createEventTransport } from '../event-transport.factory.js';
import { idempotentHandler } from '../idempotent-handler.js';
import { createConsumerDatabase, recordEffect, type ConsumerDatabase } from './consumer-database.js';
import { contractEvent, envelopeFor, uniqueGroup, type ContractPayload } from './contract-events.js';
import { KillableConsumerProcess } from './killable-consumer-process.js';
import { RecordingLogger } from './recording-logger.js';
import { latch, waitFor } from './wait-for.js';

export interface ContractOptions {
  /**
   * Longest wait for something the transport should do: a delivery, a retry, the redelivery of a
   * killed consumer's event. Generous, since it only bounds a failure, never a success.
   */
  patienceMs?: number;
}

const SCHEMA = 'contract';

/**
 * The behaviour every EventTransport adapter must show. `makeTransportConfig` returns plain
 * configuration (not a transport) because the suite also rebuilds the same transport inside a
 * child process that it kills mid-handling. Keep retryLimit small (3) and timeouts short.
 */
export function describeEventTransportContract(
  name: string,
  makeTransportConfig: () => EventBusConfig | Promise<EventBusConfig>,
  options: ContractOptions = {},
): void {
  const patience = { timeoutMs: options.patienceMs ?? 10_000 };

  describe(`EventTransport contract: ${name}`, () => {
    let db: ConsumerDatabase;
    let config: EventBusConfig;
    let retryLimit: number;
    let running: EventTransport[] = [];

    beforeAll(async () => {
      db = await createConsumerDatabase([SCHEMA], 'contract');
      config = await makeTransportConfig();
      retryLimit = parseEventBusConfig(eventBusConfigSchema, config).retryLimit;
    });

    afterEach(async () => {
      await Promise.all(running.map((transport) => transport.stop()));
      running = [];
    });

    afterAll(async () => {
      await db?.close();
    });

    function newTransport(overrides: Partial<EventBusConfig> = {}): EventTransport {
      const transport = createEventTransport({ ...config, ...overrides } as EventBusConfig, new RecordingLogger());
      running.push(transport);
      return transport;
    }

    async function startedPublisher(): Promise<EventTransport> {
      const publisher = newTransport();
      await publisher.start();
      return publisher;
    }

    /** The service-side handler: idempotent, writing one effect row in the handler's transaction. */
    async function effectHandler(
      consumerGroup: string,
      before?: (envelope: EventEnvelope) => Promise<void> | void,
      after?: (envelope: EventEnvelope) => Promise<void> | void,
    ): Promise<TransportEventHandler> {
      const dataSource = await db.dataSource(SCHEMA);
      return idempotentHandler(dataSource, consumerGroup, async (_payload, { envelope, manager }) => {
        await before?.(envelope);
        await recordEffect(manager, SCHEMA, consumerGroup, envelope.id);
        await after?.(envelope);
      });
    }

    function counting(handler: TransportEventHandler): { handler: TransportEventHandler; calls: () => number } {
      let calls = 0;
      return {
        handler: async (envelope) => {
          calls += 1;
          await handler(envelope);
        },
        calls: () => calls,
      };
    }

    it('delivers a published envelope intact', async () => {
      const event = contractEvent();
      const group = uniqueGroup();
      const received: EventEnvelope[] = [];
      const consumer = newTransport();
      consumer.subscribe(group, event, async (envelope) => {
        received.push(envelope);
      });
      await consumer.start();
      const envelope = envelopeFor<ContractPayload>(event, { n: 7 }, 'aggregate-42');

      await (await startedPublisher()).publish([envelope]);

      await waitFor('the delivery', () => received.length === 1, patience);
      expect(received[0]).toEqual(envelope);
    });

    it('gives every consumer group its own copy of each event', async () => {
      const event = contractEvent();
      const [catalogue, payouts] = [uniqueGroup('catalogue'), uniqueGroup('payouts')];
      for (const group of [catalogue, payouts]) {
        const consumer = newTransport();
        consumer.subscribe(group, event, await effectHandler(group));
        await consumer.start();
      }
      const envelope = envelopeFor<ContractPayload>(event, { n: 1 });

      await (await startedPublisher()).publish([envelope]);

      await waitFor('both groups to apply it', async () => (await db.countEffects(SCHEMA, envelope.id)) === 2, patience);
      expect(await db.countHandled(SCHEMA, catalogue, envelope.id)).toBe(1);
      expect(await db.countHandled(SCHEMA, payouts, envelope.id)).toBe(1);
    });

    it('applies an event delivered twice exactly once', async () => {
      const event = contractEvent();
      const group = uniqueGroup();
      const consumer = newTransport();
      const delivered = counting(await effectHandler(group));
      consumer.subscribe(group, event, delivered.handler);
      await consumer.start();
      const publisher = await startedPublisher();
      const envelope = envelopeFor<ContractPayload>(event, { n: 2 });

      await publisher.publish([envelope]);
      await waitFor('the first delivery to be applied', async () => (await db.countEffects(SCHEMA, envelope.id)) === 1, patience);
      // What a relay does when it crashed after publishing but before marking the row published.
      await publisher.publish([envelope]);

      await waitFor('the redelivery', () => delivered.calls() >= 2, patience);
      expect(await db.countEffects(SCHEMA, envelope.id)).toBe(1);
      expect(await db.countHandled(SCHEMA, group, envelope.id)).toBe(1);
    });

    it('rolls back a failed attempt together with its writes, then retries it', async () => {
      const event = contractEvent();
      const group = uniqueGroup();
      let attempts = 0;
      const consumer = newTransport();
      consumer.subscribe(
        group,
        event,
        await effectHandler(group, undefined, () => {
          attempts += 1;
          if (attempts === 1) throw new Error('first attempt fails after writing');
        }),
      );
      await consumer.start();
      const envelope = envelopeFor<ContractPayload>(event, { n: 3 });

      await (await startedPublisher()).publish([envelope]);

      await waitFor('the retry to succeed', () => attempts >= 2, patience);
      await waitFor('the effect', async () => (await db.countEffects(SCHEMA, envelope.id)) === 1, patience);
      expect(attempts).toBe(2);
      expect(await db.countHandled(SCHEMA, group, envelope.id)).toBe(1);
    });

    it('dead-letters an event after retryLimit failed attempts, and re-drives it on request', async () => {
      const event = contractEvent();
      const group = uniqueGroup();
      let healthy = false;
      const consumer = newTransport();
      const delivered = counting(
        await effectHandler(group, () => {
          if (!healthy) throw new Error('downstream unavailable');
        }),
      );
      consumer.subscribe(group, event, delivered.handler);
      await consumer.start();
      const publisher = await startedPublisher();
      const envelope = envelopeFor<ContractPayload>(event, { n: 4 });

      await publisher.publish([envelope]);

      const [dead] = await waitFor(
        'the dead letter',
        async () => {
          const letters = await consumer.listDeadLetters({ consumerGroup: group });
          return letters.length > 0 ? letters : undefined;
        },
        patience,
      );
      expect(delivered.calls()).toBe(retryLimit);
      expect(dead).toMatchObject({
        consumerGroup: group,
        eventId: envelope.id,
        eventName: event.name,
        attempts: retryLimit,
        reason: 'handler-failed',
        envelope,
      });
      expect(dead!.lastError).toContain('downstream unavailable');
      expect(await db.countEffects(SCHEMA, envelope.id)).toBe(0);

      healthy = true;
      expect(await consumer.redrive(group, envelope.id)).toBe(true);
      await waitFor('the re-driven event to be applied', async () => (await db.countEffects(SCHEMA, envelope.id)) === 1, patience);
      expect(await consumer.redrive(group, randomUUID())).toBe(false);
    });

    it('dead-letters an invalid payload at once, without calling the handler', async () => {
      const event = contractEvent();
      const group = uniqueGroup();
      const consumer = newTransport();
      const delivered = counting(await effectHandler(group));
      consumer.subscribe(group, event, delivered.handler);
      await consumer.start();
      const invalid = envelopeFor(event, { n: 'not a number' });
      const valid = envelopeFor<ContractPayload>(event, { n: 5 });

      await (await startedPublisher()).publish([invalid, valid]);

      const [dead] = await waitFor(
        'the dead letter',
        async () => {
          const letters = await consumer.listDeadLetters({ consumerGroup: group });
          return letters.length > 0 ? letters : undefined;
        },
        patience,
      );
      expect(dead).toMatchObject({ eventId: invalid.id, reason: 'invalid-envelope', attempts: 1, envelope: invalid });
      expect(dead!.lastError).toContain('payload');
      await waitFor('the valid event', async () => (await db.countEffects(SCHEMA, valid.id)) === 1, patience);
      expect(await db.countEffects(SCHEMA, invalid.id)).toBe(0);
      expect(delivered.calls()).toBe(1);
    });

    it('loses nothing when competing consumers share a burst with failures (order not promised)', async () => {
      const event = contractEvent();
      const group = uniqueGroup();
      const failedOnce = new Set<string>();
      for (let replica = 0; replica < 2; replica += 1) {
        const consumer = newTransport({ concurrency: 4 });
        consumer.subscribe(
          group,
          event,
          await effectHandler(group, (envelope) => {
            const { n } = envelope.payload as ContractPayload;
            if (n % 7 === 0 && !failedOnce.has(envelope.id)) {
              failedOnce.add(envelope.id);
              throw new Error(`transient failure of ${n}`);
            }
          }),
        );
        await consumer.start();
      }
      const publisher = await startedPublisher();
      const envelopes = Array.from({ length: 60 }, (_, n) => envelopeFor<ContractPayload>(event, { n }));

      for (let from = 0; from < envelopes.length; from += 20) await publisher.publish(envelopes.slice(from, from + 20));

      await waitFor(
        'every event applied',
        async () => {
          const rows = await db.query<{ event_id: string }>(
            `SELECT event_id FROM "${SCHEMA}".effects WHERE consumer = $1`,
            [group],
          );
          return rows.length >= envelopes.length ? rows : undefined;
        },
        patience,
      );
      const rows = await db.query<{ event_id: string; count: string }>(
        `SELECT event_id, count(*) FROM "${SCHEMA}".effects WHERE consumer = $1 GROUP BY event_id`,
        [group],
      );
      expect(rows.map((row) => row.event_id).sort()).toEqual(envelopes.map((envelope) => envelope.id).sort());
      expect(rows.every((row) => row.count === '1')).toBe(true);
      expect(failedOnce.size).toBe(9);
    });

    it('applies one aggregate’s events one at a time in the order published, even across a retry', async () => {
      const event = contractEvent();
      const group = uniqueGroup();
      const aggregates = [`order-${randomUUID()}`, `order-${randomUUID()}`];
      const applied = new Map<string, number[]>(aggregates.map((aggregate) => [aggregate, []]));
      const running = new Set<string>();
      let overlapped = false;
      let failed = false;
      const consumer = newTransport({ concurrency: 4 });
      consumer.subscribe(
        group,
        event,
        await effectHandler(group, async (envelope) => {
          const { n } = envelope.payload as ContractPayload;
          if (running.has(envelope.aggregateId)) overlapped = true;
          running.add(envelope.aggregateId);
          try {
            await new Promise((resolve) => setTimeout(resolve, 5));
            if (envelope.aggregateId === aggregates[0] && n === 2 && !failed) {
              failed = true;
              throw new Error('transient failure of the third event');
            }
            applied.get(envelope.aggregateId)!.push(n);
          } finally {
            running.delete(envelope.aggregateId);
          }
        }),
      );
      await consumer.start();
      const envelopes = Array.from({ length: 6 }, (_, n) => aggregates.map((aggregate) => envelopeFor<ContractPayload>(event, { n }, aggregate))).flat();

      await (await startedPublisher()).publish(envelopes);

      await waitFor('every event applied', () => [...applied.values()].every((list) => list.length === 6), patience);
      for (const aggregate of aggregates) expect(applied.get(aggregate)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(failed).toBe(true);
      expect(overlapped).toBe(false);
    });

    it('lets in-flight handlers finish when stopped', async () => {
      const event = contractEvent();
      const group = uniqueGroup();
      const hold = latch();
      let started = false;
      const consumer = newTransport();
      consumer.subscribe(
        group,
        event,
        await effectHandler(group, async () => {
          started = true;
          await hold.promise;
        }),
      );
      await consumer.start();
      const envelope = envelopeFor<ContractPayload>(event, { n: 6 });
      await (await startedPublisher()).publish([envelope]);
      await waitFor('the handler to start', () => started, patience);

      let stopped = false;
      const stopping = consumer.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stopped).toBe(false);
      hold.release();
      await stopping;

      expect(await db.countEffects(SCHEMA, envelope.id)).toBe(1);
    });

    it('refuses subscriptions after start', async () => {
      const consumer = newTransport();
      await consumer.start();
      expect(() => consumer.subscribe(uniqueGroup(), contractEvent(), async () => undefined)).toThrow(/before start/);
    });

    it('redelivers the event of a consumer killed mid-handling, and it is applied exactly once', async () => {
      const event = contractEvent();
      const group = uniqueGroup();
      const publisher = await startedPublisher();
      const child = KillableConsumerProcess.spawn({
        transport: config,
        databaseUrl: db.url,
        schema: SCHEMA,
        consumerGroup: group,
        eventName: event.name,
      });
      try {
        await child.waitForLine('READY', patience.timeoutMs * 2);
        const envelope = envelopeFor<ContractPayload>(event, { n: 8 });
        await publisher.publish([envelope]);
        await child.waitForLine(`IN_HANDLER ${envelope.id}`, patience.timeoutMs);
        // The child's effect is written but not committed.
        expect(await db.countEffects(SCHEMA, envelope.id)).toBe(0);

        await child.kill();

        const restarted = newTransport();
        const delivered = counting(await effectHandler(group));
        restarted.subscribe(group, event, delivered.handler);
        await restarted.start();
        await waitFor('the restarted consumer to apply it', async () => (await db.countEffects(SCHEMA, envelope.id)) >= 1, {
          timeoutMs: patience.timeoutMs * 3,
        });
        expect(await db.countEffects(SCHEMA, envelope.id)).toBe(1);
        expect(await db.countHandled(SCHEMA, group, envelope.id)).toBe(1);
        expect(delivered.calls()).toBe(1);
        expect(await restarted.listDeadLetters({ consumerGroup: group })).toEqual([]);
      } finally {
        await child.kill();
      }
    });
  });
}
