import { randomBytes } from 'node:crypto';
import { describeEventTransportContract } from './testing/event-transport.contract.js';

/**
 * The shared contract against a real Kafka, run only where one is reachable: set KAFKA_BROKERS
 * (comma-separated host:port). No broker can run on the development machines; CI with the
 * docker-compose stack sets it.
 */
const brokers = process.env.KAFKA_BROKERS?.split(',').map((broker) => broker.trim()).filter(Boolean) ?? [];

if (brokers.length > 0) {
  describeEventTransportContract(
    'kafka',
    () => ({
      transport: 'kafka',
      brokers,
      clientId: `contract-${randomBytes(3).toString('hex')}`,
      retryLimit: 3,
      retryDelaySeconds: 0.1,
      // The broker's minimum session timeout: how long a killed consumer holds its partitions.
      visibilityTimeoutSeconds: 6,
      numPartitions: 3,
    }),
    { patienceMs: 30_000 },
  );
} else {
  describe('EventTransport contract: kafka', () => {
    it.skip('runs when KAFKA_BROKERS is set', () => undefined);
  });
}
