import type { EventEnvelope } from '@mkt/contracts';
import { PromMetrics } from '../metrics/prom-metrics.adapter.js';
import { consumerLagMetrics } from './delivery-metrics.js';
import { KafkaAdminConnection } from './kafka-client.js';
import { KafkaConsumerLagPoller, topicLag } from './kafka-consumer-lag.js';
import { KafkaEventTransport } from './kafka-event-transport.js';
import { contractEvent, envelopeFor, type ContractPayload } from './testing/contract-events.js';
import { FakeKafkaCluster } from './testing/fake-kafka.js';
import { RecordingLogger } from './testing/recording-logger.js';
import { latch, waitFor } from './testing/wait-for.js';

describe('topicLag', () => {
  const end = (partition: number, low: number, high: number) => ({ partition, low: String(low), high: String(high) });

  it('sums end minus committed offset over the partitions', () => {
    const committed = [
      { partition: 0, offset: '7' },
      { partition: 1, offset: '10' },
    ];
    expect(topicLag(committed, [end(0, 0, 10), end(1, 0, 10)])).toBe(3);
  });

  it('counts a partition the group never committed from the log start (it reads from the beginning)', () => {
    expect(topicLag([{ partition: 0, offset: '-1' }], [end(0, 4, 10), end(1, 2, 5)])).toBe(6 + 3);
  });

  it('never goes below zero (offsets read a moment apart)', () => {
    expect(topicLag([{ partition: 0, offset: '12' }], [end(0, 0, 10)])).toBe(0);
  });
});

describe('KafkaConsumerLagPoller (fake kafkajs)', () => {
  let cluster: FakeKafkaCluster;
  beforeEach(() => (cluster = new FakeKafkaCluster()));

  function fill(topic: string, count: number): void {
    for (let i = 0; i < count; i += 1) cluster.append(topic, `k${i}`, '{}', {});
  }

  it('reads every group on every topic it consumes', async () => {
    fill('order.paid', 5);
    fill('media.processed', 2);
    cluster.commit('licensing', 'order.paid', 2);
    cluster.commit('licensing', 'media.processed', 2);
    const poller = new KafkaConsumerLagPoller(
      new KafkaAdminConnection(cluster.client()),
      [
        { consumerGroup: 'licensing', topics: ['order.paid', 'media.processed'] },
        { consumerGroup: 'payouts', topics: ['order.paid'] },
      ],
      30_000,
      new RecordingLogger(),
    );
    await poller.poll();
    expect(poller.current()).toEqual([
      { consumerGroup: 'licensing', topic: 'order.paid', lag: 3 },
      { consumerGroup: 'licensing', topic: 'media.processed', lag: 0 },
      { consumerGroup: 'payouts', topic: 'order.paid', lag: 5 },
    ]);
  });

  it('drops its answer while the broker is down, logging the first failure only', async () => {
    fill('order.paid', 1);
    const logger = new RecordingLogger();
    const poller = new KafkaConsumerLagPoller(new KafkaAdminConnection(cluster.client()), [{ consumerGroup: 'payouts', topics: ['order.paid'] }], 30_000, logger);
    await poller.poll();
    expect(poller.current()).toHaveLength(1);
    cluster.brokerDown = true;
    await poller.poll();
    await poller.poll();
    expect(poller.current()).toEqual([]);
    expect(logger.entries.filter((entry) => entry.level === 'warn')).toHaveLength(1);
    cluster.brokerDown = false;
    await poller.poll();
    expect(poller.current()).toEqual([{ consumerGroup: 'payouts', topic: 'order.paid', lag: 1 }]);
  });
});

describe('KafkaEventTransport consumer lag (fake kafkajs)', () => {
  it('reports a group held up by a slow handler, then caught up, as event_consumer_lag', async () => {
    const cluster = new FakeKafkaCluster();
    const event = contractEvent('order.paid');
    const transport = new KafkaEventTransport(
      { transport: 'kafka', brokers: ['kafka-1:9092'], clientId: 'lag-test', consumerLagIntervalSeconds: 0.02 },
      new RecordingLogger(),
      cluster.client(),
    );
    const gate = latch();
    transport.subscribe('licensing', event, () => gate.promise);
    const metrics = new PromMetrics({ defaultMetrics: false });
    consumerLagMetrics(metrics, transport);
    await transport.start();
    try {
      const envelopes: EventEnvelope[] = [1, 2, 3].map((n) => envelopeFor<ContractPayload>(event, { n }, `order-${n}`));
      await transport.publish(envelopes);
      // The first event is being handled, so nothing is committed yet: all three are behind.
      await waitFor('a lag of 3', () => transport.consumerLag().some((row) => row.lag === 3));
      expect(await metrics.render()).toContain('event_consumer_lag{consumer_group="licensing",topic="order.paid"} 3');
      gate.release();
      await waitFor('the group to catch up', () => transport.consumerLag().some((row) => row.lag === 0));
      expect(await metrics.render()).toContain('event_consumer_lag{consumer_group="licensing",topic="order.paid"} 0');
    } finally {
      gate.release();
      await transport.stop();
    }
  });
});
