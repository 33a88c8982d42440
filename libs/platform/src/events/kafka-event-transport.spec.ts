import type { EventEnvelope } from '@mkt/contracts';
import type { KafkaEventBusConfig } from './event-bus.config.js';
import { KafkaEventTransport } from './kafka-event-transport.js';
import { KAFKA_HEADERS } from './kafka-messages.js';
import { contractEvent, envelopeFor, type ContractPayload } from './testing/contract-events.js';
import { FakeKafkaCluster, type FakeConsumer } from './testing/fake-kafka.js';
import { RecordingLogger } from './testing/recording-logger.js';
import { waitFor } from './testing/wait-for.js';

const config: KafkaEventBusConfig = {
  transport: 'kafka',
  brokers: ['kafka-1:9092'],
  clientId: 'marketplace-test',
  retryLimit: 3,
  retryDelaySeconds: 0.01,
  visibilityTimeoutSeconds: 10,
};

describe('KafkaEventTransport wiring (fake kafkajs)', () => {
  let cluster: FakeKafkaCluster;
  let running: KafkaEventTransport[];

  beforeEach(() => {
    cluster = new FakeKafkaCluster();
    running = [];
  });

  afterEach(async () => {
    await Promise.all(running.map((transport) => transport.stop()));
  });

  function transport(overrides: Partial<KafkaEventBusConfig> = {}, logger = new RecordingLogger()): KafkaEventTransport {
    const created = new KafkaEventTransport({ ...config, ...overrides }, logger, cluster.client());
    running.push(created);
    return created;
  }

  it('publishes each envelope to the topic named after the event, keyed by aggregate id, with name/version/id headers', async () => {
    const [registered, updated] = [contractEvent('user.registered'), contractEvent('user.updated')];
    const publisher = transport();
    await publisher.start();
    const first = envelopeFor<ContractPayload>(registered, { n: 1 }, 'user-1');
    const second = envelopeFor<ContractPayload>(updated, { n: 2 }, 'user-2');
    const third = envelopeFor<ContractPayload>(registered, { n: 3 }, 'user-3');

    await publisher.publish([first, second, third]);

    expect(cluster.records('user.registered').map((record) => record.key)).toEqual(['user-1', 'user-3']);
    expect(cluster.records('user.updated')).toHaveLength(1);
    const [record] = cluster.records('user.updated');
    expect(JSON.parse(record!.value!)).toEqual(second);
    expect(record!.headers).toEqual({
      [KAFKA_HEADERS.eventName]: 'user.updated',
      [KAFKA_HEADERS.eventVersion]: '1',
      [KAFKA_HEADERS.eventId]: second.id,
    });
  });

  it('creates the topics and dead-letter topics of subscribed and configured events at start', async () => {
    const consumer = transport({ topics: ['order.paid'] });
    consumer.subscribe('catalogue', contractEvent('media.processed'), async () => undefined);
    await consumer.start();

    expect(cluster.createdTopics.sort()).toEqual(['media.processed', 'media.processed.dlq', 'order.paid', 'order.paid.dlq']);
  });

  it('asks the broker only for topics that do not exist yet, so a restart raises no error answer', async () => {
    const first = transport({ topics: ['order.paid'] });
    await first.start();
    await first.stop();
    const again = transport({ topics: ['order.paid'] });
    again.subscribe('catalogue', contractEvent('media.processed'), async () => undefined);
    await again.start();

    expect(cluster.existingTopicRequests).toEqual([]);
    expect(cluster.createdTopics.sort()).toEqual(['media.processed', 'media.processed.dlq', 'order.paid', 'order.paid.dlq']);
    await again.stop();
  });

  it('runs one consumer per group, from the beginning, on the topics of that group', async () => {
    const [a, b] = [contractEvent('a.happened'), contractEvent('b.happened')];
    const consumer = transport();
    consumer.subscribe('catalogue', a, async () => undefined);
    consumer.subscribe('catalogue', b, async () => undefined);
    consumer.subscribe('payouts', a, async () => undefined);
    await consumer.start();

    expect(cluster.consumerConfigs.map((c) => c.groupId)).toEqual(['catalogue', 'payouts']);
    expect(cluster.consumerConfigs[0]!.sessionTimeout).toBe(10_000);
    expect(cluster.subscriptions).toEqual([
      { groupId: 'catalogue', topics: ['a.happened', 'b.happened'], fromBeginning: true },
      { groupId: 'payouts', topics: ['a.happened'], fromBeginning: true },
    ]);
  });

  it('never lets the session timeout go under what brokers accept', async () => {
    const consumer = transport({ visibilityTimeoutSeconds: 1 });
    consumer.subscribe('catalogue', contractEvent(), async () => undefined);
    await consumer.start();
    expect(cluster.consumerConfigs[0]!.sessionTimeout).toBe(6000);
  });

  it('delivers the validated envelope to each group and commits it', async () => {
    const event = contractEvent('user.registered');
    const received: Array<[string, EventEnvelope]> = [];
    const consumer = transport();
    for (const group of ['catalogue', 'payouts']) {
      consumer.subscribe(group, event, async (envelope) => {
        received.push([group, envelope]);
      });
    }
    await consumer.start();
    const envelope = envelopeFor<ContractPayload>(event, { n: 1 });

    await consumer.publish([envelope]);

    await waitFor('both groups', () => received.length === 2);
    expect(received.map(([group]) => group).sort()).toEqual(['catalogue', 'payouts']);
    expect(received[0]![1]).toEqual(envelope);
    await waitFor('the commits', () => cluster.committedOffset('catalogue', event.name) === 1 && cluster.committedOffset('payouts', event.name) === 1);
  });

  it('retries a failing handler with back-off, then copies the message to <topic>.dlq and moves on', async () => {
    const event = contractEvent('order.confirmed');
    let calls = 0;
    const logger = new RecordingLogger();
    const consumer = transport({}, logger);
    consumer.subscribe('licensing', event, async () => {
      calls += 1;
      throw new Error('licence store down');
    });
    await consumer.start();
    const envelope = envelopeFor<ContractPayload>(event, { n: 1 }, 'order-9');

    await consumer.publish([envelope]);

    await waitFor('the dead letter', () => cluster.records('order.confirmed.dlq').length === 1);
    expect(calls).toBe(3);
    const [dead] = cluster.records('order.confirmed.dlq');
    expect(dead!.key).toBe('order-9');
    expect(JSON.parse(dead!.value!)).toEqual(envelope);
    expect(dead!.headers).toMatchObject({
      [KAFKA_HEADERS.eventName]: 'order.confirmed',
      [KAFKA_HEADERS.eventId]: envelope.id,
      [KAFKA_HEADERS.deadLetterGroup]: 'licensing',
      [KAFKA_HEADERS.deadLetterReason]: 'handler-failed',
      [KAFKA_HEADERS.deadLetterAttempts]: '3',
      [KAFKA_HEADERS.deadLetterSourceTopic]: 'order.confirmed',
    });
    expect(dead!.headers[KAFKA_HEADERS.deadLetterError]).toContain('licence store down');
    await waitFor('the commit past it', () => cluster.committedOffset('licensing', 'order.confirmed') === 1);
    expect(logger.messages('warn')).toEqual(['event handler failed; will retry', 'event handler failed; will retry']);
    expect(logger.messages('error')).toEqual(['event dead-lettered']);
  });

  it('tells its observer how each delivery ended, by group and event', async () => {
    const failing = contractEvent('order.confirmed');
    const fine = contractEvent('order.paid');
    const seen: string[] = [];
    const consumer = transport();
    consumer.observe({
      handled: (group, name) => seen.push(`handled ${group} ${name}`),
      retried: (group, name) => seen.push(`retried ${group} ${name}`),
      deadLettered: (group, name, reason) => seen.push(`dead ${group} ${name} ${reason}`),
    });
    consumer.subscribe('licensing', failing, async () => {
      throw new Error('licence store down');
    });
    consumer.subscribe('licensing', fine, async () => undefined);
    await consumer.start();
    await consumer.publish([envelopeFor<ContractPayload>(failing, { n: 1 }), envelopeFor<ContractPayload>(fine, { n: 2 })]);

    await waitFor('both settled', () => seen.some((line) => line.startsWith('dead')) && seen.some((line) => line.startsWith('handled')));
    expect(seen.sort()).toEqual([
      'dead licensing order.confirmed handler-failed',
      'handled licensing order.paid',
      'retried licensing order.confirmed',
      'retried licensing order.confirmed',
    ]);
  });

  it('dead-letters an invalid payload or an unreadable value without calling the handler', async () => {
    const event = contractEvent('upload.completed');
    let calls = 0;
    const consumer = transport();
    consumer.subscribe('contests', event, async () => {
      calls += 1;
    });
    await consumer.start();

    await consumer.publish([envelopeFor(event, { n: 'seven' })]);
    cluster.append('upload.completed', 'k', '{not json', {});

    await waitFor('two dead letters', () => cluster.records('upload.completed.dlq').length === 2);
    expect(cluster.records('upload.completed.dlq').map((r) => r.headers[KAFKA_HEADERS.deadLetterReason])).toEqual([
      'invalid-envelope',
      'invalid-envelope',
    ]);
    expect(calls).toBe(0);
  });

  it('keeps a dead-letter send failure from committing: the event is consumed again', async () => {
    const event = contractEvent('order.closed');
    const consumer = transport({ retryLimit: 1 });
    consumer.subscribe('orders', event, async () => {
      throw new Error('fails');
    });
    await consumer.start();
    await consumer.publish([envelopeFor<ContractPayload>(event, { n: 1 })]);
    cluster.failNextSends = 1;

    await waitFor('the dead letter after the failed send', () => cluster.records('order.closed.dlq').length === 1);
    expect(cluster.committedOffset('orders', 'order.closed')).toBe(1);
  });

  it('redelivers what a crashed consumer had not committed', async () => {
    const event = contractEvent('realname.verified');
    let firstCalls = 0;
    const crashing = transport();
    crashing.subscribe('payouts', event, async () => {
      firstCalls += 1;
      await new Promise(() => undefined); // dies mid-handling
    });
    await crashing.start();
    const envelope = envelopeFor<ContractPayload>(event, { n: 1 });
    await crashing.publish([envelope]);
    await waitFor('the first consumer to take it', () => firstCalls === 1);
    (cluster as unknown as { activeMember: Map<string, FakeConsumer> }).activeMember.get('payouts')!.crash();
    running.splice(running.indexOf(crashing), 1);

    const received: EventEnvelope[] = [];
    const restarted = transport();
    restarted.subscribe('payouts', event, async (delivered) => {
      received.push(delivered);
    });
    await restarted.start();

    await waitFor('the redelivery', () => received.length === 1);
    expect(received[0]).toEqual(envelope);
  });

  it('lists dead letters from the DLQ topics with a throwaway group, and re-drives to one group only', async () => {
    const event = contractEvent('material.published');
    let ordersHealthy = false;
    const handledBy: string[] = [];
    const consumer = transport({ retryLimit: 1 });
    consumer.subscribe('orders', event, async () => {
      if (!ordersHealthy) throw new Error('price snapshot failed');
      handledBy.push('orders');
    });
    consumer.subscribe('catalogue', event, async () => {
      handledBy.push('catalogue');
    });
    await consumer.start();
    const envelope = envelopeFor<ContractPayload>(event, { n: 1 }, 'material-1');
    await consumer.publish([envelope]);
    await waitFor('the dead letter', () => cluster.records('material.published.dlq').length === 1);
    await waitFor('catalogue', () => handledBy.includes('catalogue'));

    const letters = await consumer.listDeadLetters({ consumerGroup: 'orders' });
    expect(letters).toEqual([
      expect.objectContaining({
        consumerGroup: 'orders',
        eventId: envelope.id,
        eventName: 'material.published',
        envelope,
        attempts: 1,
        reason: 'handler-failed',
        lastError: expect.stringContaining('price snapshot failed'),
      }),
    ]);
    expect(await consumer.listDeadLetters({ consumerGroup: 'catalogue' })).toEqual([]);
    expect(cluster.deletedGroups).toHaveLength(2);
    expect(cluster.deletedGroups[0]).toMatch(/^marketplace-test\.dead-letter-reader\./);

    ordersHealthy = true;
    expect(await consumer.redrive('orders', envelope.id)).toBe(true);
    await waitFor('the re-driven event', () => handledBy.filter((group) => group === 'orders').length === 1);
    const redriven = cluster.records('material.published').at(-1)!;
    expect(redriven.headers[KAFKA_HEADERS.redriveFor]).toBe('orders');
    await waitFor('catalogue to pass over it', () => cluster.committedOffset('catalogue', 'material.published') === 2);
    expect(handledBy.filter((group) => group === 'catalogue')).toHaveLength(1);
    expect(await consumer.redrive('orders', '00000000-0000-4000-8000-000000000000')).toBe(false);
  });

  it('accepts subscriptions only before start, once per group and event', async () => {
    const event = contractEvent();
    const consumer = transport();
    consumer.subscribe('catalogue', event, async () => undefined);
    expect(() => consumer.subscribe('catalogue', event, async () => undefined)).toThrow(/already subscribes/);
    await consumer.start();
    expect(() => consumer.subscribe('payouts', event, async () => undefined)).toThrow(/before start/);
  });

  it('lets an in-flight handler finish on stop, and refuses to publish afterwards', async () => {
    const event = contractEvent();
    let finished = false;
    let started = false;
    const consumer = transport();
    consumer.subscribe('catalogue', event, async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 150));
      finished = true;
    });
    await consumer.start();
    await consumer.publish([envelopeFor<ContractPayload>(event, { n: 1 })]);
    await waitFor('the handler to start', () => started);

    await consumer.stop();

    expect(finished).toBe(true);
    expect(cluster.committedOffset('catalogue', event.name)).toBe(1);
    await expect(consumer.publish([envelopeFor<ContractPayload>(event, { n: 2 })])).rejects.toThrow(/not started/);
  });
});
