import { ReadinessRegistry } from '../health/readiness.js';
import { EventBusLifecycle } from './event-bus.lifecycle.js';
import { KafkaAdminConnection } from './kafka-client.js';
import { KafkaConnectionCheck } from './kafka-connection-check.js';
import { KafkaEventTransport } from './kafka-event-transport.js';
import { FakeKafkaCluster } from './testing/fake-kafka.js';
import { RecordingLogger } from './testing/recording-logger.js';

describe('KafkaConnectionCheck (fake kafkajs)', () => {
  let cluster: FakeKafkaCluster;
  let now: number;
  beforeEach(() => {
    cluster = new FakeKafkaCluster();
    now = 0;
  });

  const check = (options: { timeoutMs?: number } = {}) => new KafkaConnectionCheck(new KafkaAdminConnection(cluster.client()), { cacheMs: 5_000, now: () => now, ...options });

  it('asks describeCluster on one admin connection, and reuses the outcome for a few seconds', async () => {
    const connection = check();
    await Promise.all([connection.check(), connection.check(), connection.check()]);
    expect(cluster.describeClusterCalls).toBe(1);
    now += 4_999;
    await connection.check();
    expect(cluster.describeClusterCalls).toBe(1);
    now += 1;
    await connection.check();
    expect(cluster.describeClusterCalls).toBe(2);
    expect(cluster.adminConnects).toBe(1);
  });

  it('fails while the broker is down, keeps the failure as long as a success, and recovers', async () => {
    const connection = check();
    cluster.brokerDown = true;
    await expect(connection.check()).rejects.toThrow('ECONNREFUSED');
    cluster.brokerDown = false;
    await expect(connection.check()).rejects.toThrow('ECONNREFUSED');
    now += 5_000;
    await expect(connection.check()).resolves.toBeUndefined();
  });

  it('gives up on a silent broker after its timeout, without sending a second request while the first is out', async () => {
    const connection = check({ timeoutMs: 20 });
    await connection.check();
    cluster.brokerSilent = true;
    now += 5_000;
    await expect(connection.check()).rejects.toThrow('kafka did not answer within 20 ms');
    now += 5_000;
    await expect(connection.check()).rejects.toThrow('kafka did not answer within 20 ms');
    expect(cluster.describeClusterCalls).toBe(2);
    cluster.answer();
    now += 5_000;
    await expect(connection.check()).resolves.toBeUndefined();
  });

  it('fails the events readiness check of a transport whose broker is unreachable', async () => {
    const transport = new KafkaEventTransport({ transport: 'kafka', brokers: ['kafka-1:9092'], clientId: 'readiness-test' }, new RecordingLogger(), cluster.client());
    const readiness = new ReadinessRegistry();
    const lifecycle = new EventBusLifecycle(transport, readiness);
    await lifecycle.onApplicationBootstrap();
    try {
      cluster.brokerDown = true;
      const result = await readiness.run();
      expect(result.ready).toBe(false);
      expect(result.checks.events).toContain('ECONNREFUSED');
    } finally {
      await lifecycle.beforeApplicationShutdown();
    }
    await expect(transport.checkConnection()).rejects.toThrow('the event transport is stopped');
  });

  it('keeps the events readiness check up while the broker answers', async () => {
    const transport = new KafkaEventTransport({ transport: 'kafka', brokers: ['kafka-1:9092'], clientId: 'readiness-test' }, new RecordingLogger(), cluster.client());
    const readiness = new ReadinessRegistry();
    const lifecycle = new EventBusLifecycle(transport, readiness);
    await lifecycle.onApplicationBootstrap();
    try {
      expect(await readiness.run()).toEqual({ ready: true, checks: { events: 'up' }, dependencies: {} });
    } finally {
      await lifecycle.beforeApplicationShutdown();
    }
  });
});
