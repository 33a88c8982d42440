import type { Metrics } from '../metrics/metrics.port.js';
import type { DeliveryObserver, EventTransport } from './event-transport.js';

/** Counts how deliveries end, by consumer group and event name (both bounded: declared in code). */
export function deliveryMetrics(metrics: Metrics): DeliveryObserver {
  const labels = ['consumer_group', 'event'] as const;
  const handled = metrics.counter('events_handled_total', 'Events a consumer group handled successfully', labels);
  const retried = metrics.counter('events_retried_total', 'Failed handler attempts that will be delivered again', labels);
  const dead = metrics.counter('events_dead_lettered_total', 'Events parked as dead letters after repeated failure or an invalid envelope', [...labels, 'reason']);
  return {
    handled: (group, event) => handled.inc({ consumer_group: group, event }),
    retried: (group, event) => retried.inc({ consumer_group: group, event }),
    deadLettered: (group, event, reason) => dead.inc({ consumer_group: group, event, reason }),
  };
}

/**
 * Deliveries waiting per consumer group and event, read on scrape from transports that can tell
 * cheaply (PostgreSQL: one grouped count of the unsettled rows). Kafka's counterpart is
 * `consumerLagMetrics`.
 */
export function backlogMetrics(metrics: Metrics, transport: EventTransport): void {
  if (!transport.backlog) return;
  metrics.gauge('event_consumer_backlog', 'Deliveries not yet acknowledged by a consumer group, by event (PostgreSQL bus)', ['consumer_group', 'event'], {
    collect: async (gauge) => {
      gauge.reset();
      try {
        for (const row of (await transport.backlog?.()) ?? []) gauge.set({ consumer_group: row.consumerGroup, event: row.eventName }, row.pending);
      } catch {
        // The bus's database is down: no series this scrape (readiness reports the outage).
      }
    },
  });
}

/**
 * Messages each consumer group of this process has yet to read, per topic, from transports that
 * measure it (Kafka: committed against end offsets, read from the broker every 30 s, not per
 * scrape). Every process running a group reports the same value: aggregate with max, not sum.
 */
export function consumerLagMetrics(metrics: Metrics, transport: EventTransport): void {
  if (!transport.consumerLag) return;
  metrics.gauge('event_consumer_lag', 'Messages a consumer group has not yet consumed, by topic, summed over partitions (Kafka bus)', ['consumer_group', 'topic'], {
    collect: (gauge) => {
      gauge.reset();
      for (const row of transport.consumerLag?.() ?? []) gauge.set({ consumer_group: row.consumerGroup, topic: row.topic }, row.lag);
    },
  });
}
