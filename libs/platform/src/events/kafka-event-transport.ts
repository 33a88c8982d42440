import { Logger, type LoggerService } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EachMessagePayload, KafkaMessage, SASLOptions, TopicMessages } from 'kafkajs';
import type { EventDefinition, EventEnvelope } from '@mkt/contracts';
import { checkEnvelope } from './envelope-check.js';
import {
  kafkaEventBusConfigSchema,
  parseEventBusConfig,
  type KafkaEventBusConfig,
  type KafkaEventBusSettings,
} from './event-bus.config.js';
import { describeError, TransportStateError } from './event-bus.errors.js';
import {
  NO_DELIVERY_OBSERVER,
  type ConsumerLag,
  type DeadLetter,
  type DeadLetterQuery,
  type DeadLetterReason,
  type DeliveryObserver,
  type EventTransport,
  type TransportEventHandler,
} from './event-transport.js';
import { inEventSpan } from './event-span.js';
import { InterruptibleDelay } from './interruptible-delay.js';
import { createKafkaClient, KafkaAdminConnection, type KafkaClient, type KafkaConsumer, type KafkaProducer } from './kafka-client.js';
import { KafkaConnectionCheck } from './kafka-connection-check.js';
import { KafkaConsumerLagPoller } from './kafka-consumer-lag.js';
import { readDeadLetters } from './kafka-dead-letter-reader.js';
import {
  deadLetterMessage,
  deadLetterTopic,
  envelopeMessage,
  eventTopic,
  headerValue,
  KAFKA_HEADERS,
  parseJson,
} from './kafka-messages.js';
import { retryDelayMs } from './retry-backoff.js';

interface TopicSubscription {
  definition: EventDefinition;
  handler: TransportEventHandler;
}

/** Kafka refuses session timeouts under group.min.session.timeout.ms (6 s by default). */
const MIN_SESSION_TIMEOUT_MS = 6000;

/**
 * Event transport on Kafka for the distributed mode, fire-and-forget (no request-reply):
 * topic = event name, key = aggregate id, value = the JSON envelope, headers name/version/id.
 * One consumer per consumer group; a failed event is retried in place with back-off (heartbeating
 * so the group does not evict the consumer), then copied to `<topic>.dlq` and committed. The offset
 * is committed only after handling, so a crashed consumer's event is delivered again.
 */
export class KafkaEventTransport implements EventTransport {
  private readonly settings: KafkaEventBusSettings;
  private readonly kafka: KafkaClient;
  private readonly groups = new Map<string, Map<string, TopicSubscription>>();
  private readonly consumers: KafkaConsumer[] = [];
  /** Back-off pauses in progress, cut short on stop so shutdown does not wait them out. */
  private readonly retryPauses = new Set<InterruptibleDelay>();
  private producer?: KafkaProducer;
  /** Kept open for the readiness check and the lag poll (topic creation and dead-letter reads use their own). */
  private readonly admin: KafkaAdminConnection;
  private readonly connectionCheck: KafkaConnectionCheck;
  private lagPoller?: KafkaConsumerLagPoller;
  private state: 'new' | 'starting' | 'started' | 'stopped' = 'new';
  private observer: DeliveryObserver = NO_DELIVERY_OBSERVER;

  observe(observer: DeliveryObserver): void {
    this.observer = observer;
  }

  constructor(
    config: KafkaEventBusConfig,
    private readonly logger: LoggerService = new Logger(KafkaEventTransport.name),
    kafka?: KafkaClient,
  ) {
    this.settings = parseEventBusConfig(kafkaEventBusConfigSchema, config);
    this.kafka =
      kafka ??
      createKafkaClient(
        {
          clientId: this.settings.clientId,
          brokers: this.settings.brokers,
          ssl: this.settings.ssl,
          sasl: this.settings.sasl as SASLOptions | undefined,
        },
        logger,
      );
    this.admin = new KafkaAdminConnection(this.kafka);
    this.connectionCheck = new KafkaConnectionCheck(this.admin);
  }

  subscribe(consumerGroup: string, definition: EventDefinition, handler: TransportEventHandler): void {
    if (this.state !== 'new') {
      throw new TransportStateError(`subscribe(${consumerGroup}, ${definition.name}) must come before start()`);
    }
    const topics = this.groups.get(consumerGroup) ?? new Map<string, TopicSubscription>();
    const topic = eventTopic(definition.name);
    if (topics.has(topic)) {
      throw new TransportStateError(`consumer group "${consumerGroup}" already subscribes to "${definition.name}"`);
    }
    topics.set(topic, { definition, handler });
    this.groups.set(consumerGroup, topics);
  }

  async start(): Promise<void> {
    if (this.state !== 'new') throw new TransportStateError(`cannot start a transport that is ${this.state}`);
    this.state = 'starting';
    try {
      await this.createTopics();
      const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      await producer.connect();
      this.producer = producer;
      for (const [consumerGroup, topics] of this.groups) await this.startConsumer(consumerGroup, topics);
    } catch (error) {
      await this.disconnectAll();
      this.state = 'stopped';
      throw error;
    }
    this.state = 'started';
    this.lagPoller = new KafkaConsumerLagPoller(
      this.admin,
      [...this.groups].map(([consumerGroup, topics]) => ({ consumerGroup, topics: [...topics.keys()] })),
      this.settings.consumerLagIntervalSeconds * 1000,
      this.logger,
    );
    this.lagPoller.start();
    this.logger.log({
      msg: 'kafka event transport started',
      clientId: this.settings.clientId,
      consumerGroups: [...this.groups.keys()],
      retryLimit: this.settings.retryLimit,
    });
  }

  async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
    if (envelopes.length === 0) return;
    const byTopic = new Map<string, TopicMessages>();
    for (const envelope of envelopes) {
      const topic = eventTopic(envelope.name);
      const entry = byTopic.get(topic) ?? { topic, messages: [] };
      entry.messages.push(envelopeMessage(envelope));
      byTopic.set(topic, entry);
    }
    await this.requireProducer().sendBatch({ topicMessages: [...byTopic.values()], acks: -1 });
  }

  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    for (const pause of this.retryPauses) pause.interrupt();
    this.lagPoller?.stop();
    await this.disconnectAll();
    this.logger.log({ msg: 'kafka event transport stopped', clientId: this.settings.clientId });
  }

  /** Rejects while the brokers do not answer `describeCluster()` (one request at a time, its outcome kept 5 s). */
  async checkConnection(): Promise<void> {
    if (this.state !== 'started') throw new TransportStateError(`the event transport is ${this.state}`);
    await this.connectionCheck.check();
  }

  /** Each consumer group's lag per topic, as read at the last poll (every `consumerLagIntervalSeconds`). */
  consumerLag(): ConsumerLag[] {
    return this.lagPoller?.current() ?? [];
  }

  async listDeadLetters(query: DeadLetterQuery = {}): Promise<DeadLetter[]> {
    const eventNames = query.eventName ? [query.eventName] : this.knownEventNames();
    const found = await readDeadLetters(this.kafka, {
      topics: eventNames.map(deadLetterTopic),
      readerGroupId: `${this.settings.clientId}.dead-letter-reader.${randomUUID()}`,
    });
    return found
      .filter((letter) => !query.consumerGroup || letter.consumerGroup === query.consumerGroup)
      .sort((a, b) => b.deadAt.localeCompare(a.deadAt))
      .slice(0, query.limit ?? 100);
  }

  /**
   * Produces the dead-lettered event to its topic again, marked for this group only. The DLQ topic
   * is an append-only log: the entry stays there as history.
   */
  async redrive(consumerGroup: string, eventId: string): Promise<boolean> {
    const letters = await this.listDeadLetters({ consumerGroup, limit: Number.MAX_SAFE_INTEGER });
    const letter = letters.find((candidate) => candidate.eventId === eventId);
    if (!letter) return false;
    if (!letter.envelope || typeof letter.envelope !== 'object') {
      throw new TransportStateError(`dead letter ${eventId} holds no readable envelope; it cannot be re-driven`);
    }
    const envelope = letter.envelope as EventEnvelope;
    await this.requireProducer().sendBatch({
      acks: -1,
      topicMessages: [
        {
          topic: eventTopic(letter.eventName),
          messages: [envelopeMessage(envelope, { [KAFKA_HEADERS.redriveFor]: consumerGroup })],
        },
      ],
    });
    this.logger.log({ msg: 'dead letter re-driven', consumerGroup, eventId });
    return true;
  }

  private knownEventNames(): string[] {
    const names = new Set<string>(this.settings.topics);
    for (const topics of this.groups.values()) for (const topic of topics.values()) names.add(topic.definition.name);
    return [...names];
  }

  private async createTopics(): Promise<void> {
    const eventNames = this.knownEventNames();
    if (eventNames.length === 0) return;
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      // Only the missing ones: asking for an existing topic gets an error answer that kafkajs logs
      // at error level ("Topic creation errors") on every restart, although nothing is wrong.
      const existing = new Set(await admin.listTopics());
      const missing = eventNames.flatMap((name) => [eventTopic(name), deadLetterTopic(name)]).filter((topic) => !existing.has(topic));
      if (missing.length === 0) return;
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({
          topic,
          numPartitions: this.settings.numPartitions,
          replicationFactor: this.settings.replicationFactor,
        })),
      });
    } finally {
      await admin.disconnect();
    }
  }

  private async startConsumer(consumerGroup: string, topics: Map<string, TopicSubscription>): Promise<void> {
    const sessionTimeout = Math.max(MIN_SESSION_TIMEOUT_MS, Math.round(this.settings.visibilityTimeoutSeconds * 1000));
    const consumer = this.kafka.consumer({
      groupId: consumerGroup,
      sessionTimeout,
      heartbeatInterval: Math.max(500, Math.floor(sessionTimeout / 10)),
    });
    this.consumers.push(consumer);
    await consumer.connect();
    // A group seen for the first time reads what was published before it existed.
    await consumer.subscribe({ topics: [...topics.keys()], fromBeginning: true });
    await consumer.run({
      partitionsConsumedConcurrently: this.settings.concurrency,
      eachMessage: (payload) => this.handleMessage(consumerGroup, topics, payload),
    });
  }

  private async handleMessage(
    consumerGroup: string,
    topics: Map<string, TopicSubscription>,
    { topic, partition, message, heartbeat }: EachMessagePayload,
  ): Promise<void> {
    const redriveFor = headerValue(message.headers, KAFKA_HEADERS.redriveFor);
    if (redriveFor !== undefined && redriveFor !== consumerGroup) return;
    const subscription = topics.get(topic);
    if (!subscription) return;
    const received = parseJson(message.value);
    await inEventSpan(received, consumerGroup, subscription.definition.name, () =>
      this.handleDelivery(consumerGroup, subscription, received, { topic, partition, message, heartbeat }),
    );
  }

  private async handleDelivery(
    consumerGroup: string,
    subscription: TopicSubscription,
    received: unknown,
    { topic, partition, message, heartbeat }: Pick<EachMessagePayload, 'topic' | 'partition' | 'message' | 'heartbeat'>,
  ): Promise<void> {
    const log = { consumerGroup, topic, partition, offset: message.offset };
    const check = checkEnvelope(subscription.definition, received);
    if (!check.ok) {
      await this.deadLetter(consumerGroup, topic, message, 'invalid-envelope', check.problem, 1);
      return;
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        await subscription.handler(check.envelope);
        this.observer.handled(consumerGroup, subscription.definition.name);
        return;
      } catch (failure) {
        const error = describeError(failure);
        if (attempt >= this.settings.retryLimit) {
          await this.deadLetter(consumerGroup, topic, message, 'handler-failed', error, attempt);
          return;
        }
        // Leaving without committing: the next member of the group takes the event from here.
        if (this.isStopped()) throw failure;
        const retryInMs = retryDelayMs(attempt, this.settings);
        this.observer.retried(consumerGroup, subscription.definition.name);
        this.logger.warn({ msg: 'event handler failed; will retry', ...log, eventId: check.envelope.id, attempt, retryInMs, error });
        await this.pauseWithHeartbeat(retryInMs, heartbeat);
        if (this.isStopped()) throw failure;
      }
    }
  }

  private async pauseWithHeartbeat(ms: number, heartbeat: () => Promise<void>): Promise<void> {
    const pause = new InterruptibleDelay();
    this.retryPauses.add(pause);
    try {
      const until = Date.now() + ms;
      while (Date.now() < until && !this.isStopped()) {
        await pause.wait(Math.min(until - Date.now(), 1000));
        await heartbeat().catch(() => undefined);
      }
    } finally {
      this.retryPauses.delete(pause);
    }
  }

  private async deadLetter(
    consumerGroup: string,
    topic: string,
    message: KafkaMessage,
    reason: DeadLetterReason,
    error: string,
    attempts: number,
  ): Promise<void> {
    const eventName = headerValue(message.headers, KAFKA_HEADERS.eventName) ?? topic;
    // If this send fails, eachMessage throws and the event is consumed again: nothing is lost.
    await this.requireProducer().sendBatch({
      acks: -1,
      topicMessages: [
        {
          topic: deadLetterTopic(topic),
          messages: [deadLetterMessage(message, { consumerGroup, sourceTopic: topic, reason, error, attempts })],
        },
      ],
    });
    // The topic, not the header: a label value must be one of the subscribed events.
    this.observer.deadLettered(consumerGroup, topic, reason);
    this.logger.error({
      msg: 'event dead-lettered',
      consumerGroup,
      eventName,
      eventId: headerValue(message.headers, KAFKA_HEADERS.eventId),
      attempts,
      reason,
      error,
    });
  }

  private isStopped(): boolean {
    return this.state === 'stopped';
  }

  private requireProducer(): KafkaProducer {
    // Still usable while stopping, so handlers finishing during shutdown can dead-letter.
    if (!this.producer) throw new TransportStateError('the event transport is not started');
    return this.producer;
  }

  private async disconnectAll(): Promise<void> {
    // Disconnecting a consumer waits for its in-flight eachMessage, so handlers finish first.
    await Promise.allSettled(this.consumers.map((consumer) => consumer.disconnect()));
    this.consumers.length = 0;
    await this.producer?.disconnect().catch(() => undefined);
    this.producer = undefined;
    await this.admin.close();
  }
}
