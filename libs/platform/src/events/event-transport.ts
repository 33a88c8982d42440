import type { EventDefinition, EventEnvelope } from '@mkt/contracts';

/**
 * The event bus port. Business code never sees it directly (it writes to the outbox and declares
 * handlers); the outbox relay publishes through it and the consumers subscribe through it.
 * Adapters: PostgresEventTransport (single machine), KafkaEventTransport (distributed).
 */
export interface EventTransport {
  /**
   * Registers the handler of one consumer group for one event. Only before start(): consumers,
   * queues and topics are set up once. Every consumer group gets its own copy of each event.
   */
  subscribe(consumerGroup: string, definition: EventDefinition, handler: TransportEventHandler): void;
  start(): Promise<void>;
  /** Resolves once the transport has durably accepted every envelope (at-least-once from here). */
  publish(envelopes: readonly EventEnvelope[]): Promise<void>;
  /** Stops taking new deliveries, lets in-flight handlers finish, then disconnects. */
  stop(): Promise<void>;
  /** Events parked after repeated failure or an invalid envelope, newest first. */
  listDeadLetters(query?: DeadLetterQuery): Promise<DeadLetter[]>;
  /** Delivers a dead-lettered event to that consumer group again. False when there is no such dead letter. */
  redrive(consumerGroup: string, eventId: string): Promise<boolean>;
  /** Rejects while the transport cannot reach its broker or database (readiness). Optional for adapters that cannot tell. */
  checkConnection?(): Promise<void>;
  /** Tells `observer` how each delivery ends (metrics). Before start(). */
  observe?(observer: DeliveryObserver): void;
  /** Deliveries waiting for this process's consumer groups, per group and event (metrics; one cheap query). */
  backlog?(): Promise<ConsumerBacklog[]>;
  /** Messages this process's consumer groups have yet to read, per topic, as last measured (metrics; no I/O). */
  consumerLag?(): ConsumerLag[];
}

export interface ConsumerLag {
  consumerGroup: string;
  topic: string;
  /** Summed over the topic's partitions: end offset minus the group's committed offset. */
  lag: number;
}

export interface ConsumerBacklog {
  consumerGroup: string;
  eventName: string;
  /** Deliveries not yet acknowledged, including those being handled or waiting for a retry. */
  pending: number;
}

/** How deliveries end, per consumer group and event name: for counters, never for control flow. */
export interface DeliveryObserver {
  handled(consumerGroup: string, eventName: string): void;
  /** A failed attempt that will be delivered again. */
  retried(consumerGroup: string, eventName: string): void;
  deadLettered(consumerGroup: string, eventName: string, reason: DeadLetterReason): void;
}

/** Observes nothing: the default of both adapters. */
export const NO_DELIVERY_OBSERVER: DeliveryObserver = { handled: () => undefined, retried: () => undefined, deadLettered: () => undefined };

/** Nest injection token of the configured EventTransport. */
export const EVENT_TRANSPORT = Symbol('EventTransport');

/**
 * Receives an envelope whose payload already passed the definition's schema. Resolving
 * acknowledges the delivery; throwing counts as a failed attempt (retried with back-off, then
 * dead-lettered).
 */
export type TransportEventHandler = (envelope: EventEnvelope) => Promise<void>;

export type DeadLetterReason =
  /** The handler failed on every allowed attempt (or the consumer died mid-handling each time). */
  | 'handler-failed'
  /** Not retried: the envelope or its payload does not match the event's schema. */
  | 'invalid-envelope';

export interface DeadLetter {
  consumerGroup: string;
  eventId: string;
  eventName: string;
  /** As received: may not match the schema when the reason is `invalid-envelope`. */
  envelope: unknown;
  attempts: number;
  reason: DeadLetterReason;
  lastError: string | null;
  deadAt: string;
}

export interface DeadLetterQuery {
  consumerGroup?: string;
  eventName?: string;
  /** Default 100. */
  limit?: number;
}
