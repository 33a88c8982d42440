import { Logger, type LoggerService } from '@nestjs/common';
import pg from 'pg';
import type { EventDefinition, EventEnvelope } from '@mkt/contracts';
import {
  parseEventBusConfig,
  postgresEventBusConfigSchema,
  type PostgresEventBusConfig,
  type PostgresEventBusSettings,
} from './event-bus.config.js';
import { eventBusOutage } from '../database/outage-log.js';
import { describeError, TransportStateError } from './event-bus.errors.js';
import {
  NO_DELIVERY_OBSERVER,
  type ConsumerBacklog,
  type DeadLetter,
  type DeadLetterQuery,
  type DeadLetterReason,
  type DeliveryObserver,
  type EventTransport,
  type TransportEventHandler,
} from './event-transport.js';
import { PostgresEventBusSql } from './postgres-event-bus.sql.js';
import { PostgresGroupWorker, type GroupSubscription } from './postgres-group-worker.js';

interface DeadLetterRow {
  consumer_group: string;
  event_id: string;
  event_name: string;
  envelope: unknown;
  attempts: number;
  reason: DeadLetterReason;
  last_error: string | null;
  dead_at: Date;
}

/**
 * Durable, at-least-once event transport on PostgreSQL for the single-machine mode: every
 * consumer group gets its own delivery of each event, failed handling is retried with back-off and
 * then dead-lettered, and a consumer that dies mid-handling has its events redelivered after the
 * visibility timeout. Its tables live in their own schema and are created at start.
 */
export class PostgresEventTransport implements EventTransport {
  private readonly settings: PostgresEventBusSettings;
  private readonly sql: PostgresEventBusSql;
  private readonly groups = new Map<string, Map<string, GroupSubscription>>();
  private readonly workers = new Map<string, PostgresGroupWorker>();
  private pool?: pg.Pool;
  private listener?: pg.Client;
  private listenerRetry?: NodeJS.Timeout;
  private state: 'new' | 'starting' | 'started' | 'stopped' = 'new';
  private observer: DeliveryObserver = NO_DELIVERY_OBSERVER;

  constructor(
    config: PostgresEventBusConfig,
    private readonly logger: LoggerService = new Logger(PostgresEventTransport.name),
  ) {
    this.settings = parseEventBusConfig(postgresEventBusConfigSchema, config);
    this.sql = new PostgresEventBusSql(this.settings.schema);
  }

  observe(observer: DeliveryObserver): void {
    this.observer = observer;
  }

  subscribe(consumerGroup: string, definition: EventDefinition, handler: TransportEventHandler): void {
    if (this.state !== 'new') {
      throw new TransportStateError(`subscribe(${consumerGroup}, ${definition.name}) must come before start()`);
    }
    const group = this.groups.get(consumerGroup) ?? new Map<string, GroupSubscription>();
    if (group.has(definition.name)) {
      throw new TransportStateError(`consumer group "${consumerGroup}" already subscribes to "${definition.name}"`);
    }
    group.set(definition.name, { definition, handler });
    this.groups.set(consumerGroup, group);
  }

  async start(): Promise<void> {
    if (this.state !== 'new') throw new TransportStateError(`cannot start a transport that is ${this.state}`);
    this.state = 'starting';
    const pool = new pg.Pool({
      connectionString: this.settings.connectionString,
      max: this.settings.poolSize,
      application_name: 'event-bus',
    });
    // An idle client cut by the server (restart, admin shutdown) must not crash the process; in an
    // outage it is one of many such failures, logged once.
    pool.on('error', (error) => {
      if (!eventBusOutage.noteFailure(error, 'idle connection')) {
        this.logger.warn({ msg: 'idle event bus connection lost', error: describeError(error) });
      }
    });
    this.pool = pool;
    try {
      await this.migrate(pool);
      await this.registerSubscriptions(pool);
      await this.listen();
    } catch (error) {
      this.state = 'stopped';
      await pool.end().catch(() => undefined);
      throw error;
    }
    for (const [consumerGroup, subscriptions] of this.groups) {
      const worker = new PostgresGroupWorker(consumerGroup, subscriptions, pool, this.sql, this.settings, this.logger, this.observer);
      this.workers.set(consumerGroup, worker);
      worker.start();
    }
    this.state = 'started';
    this.logger.log({
      msg: 'postgres event transport started',
      schema: this.settings.schema,
      consumerGroups: [...this.groups.keys()],
      retryLimit: this.settings.retryLimit,
      visibilityTimeoutSeconds: this.settings.visibilityTimeoutSeconds,
    });
  }

  async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
    if (envelopes.length === 0) return;
    await this.requirePool().query(this.sql.publish, [JSON.stringify(envelopes), this.sql.channelName]);
  }

  async stop(): Promise<void> {
    if (this.state === 'new' || this.state === 'stopped') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopped';
    clearTimeout(this.listenerRetry);
    const draining = Promise.all([...this.workers.values()].map((worker) => worker.stop()));
    const drained = await settlesWithin(draining, this.settings.shutdownTimeoutMs);
    if (!drained) {
      this.logger.warn({
        msg: 'handlers still running at shutdown; their events will be redelivered after the visibility timeout',
        shutdownTimeoutMs: this.settings.shutdownTimeoutMs,
      });
    }
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
    await this.pool?.end().catch(() => undefined);
    this.pool = undefined;
    this.logger.log({ msg: 'postgres event transport stopped', schema: this.settings.schema });
  }

  async backlog(): Promise<ConsumerBacklog[]> {
    if (this.state !== 'started' || this.groups.size === 0) return [];
    const { rows } = await this.requirePool().query<{ consumer_group: string; event_name: string; pending: number }>(this.sql.backlog, [[...this.groups.keys()]]);
    return rows.map((row) => ({ consumerGroup: row.consumer_group, eventName: row.event_name, pending: row.pending }));
  }

  async listDeadLetters(query: DeadLetterQuery = {}): Promise<DeadLetter[]> {
    const { rows } = await this.requirePool().query<DeadLetterRow>(this.sql.listDeadLetters, [
      query.consumerGroup ?? null,
      query.eventName ?? null,
      query.limit ?? 100,
    ]);
    return rows.map((row) => ({
      consumerGroup: row.consumer_group,
      eventId: row.event_id,
      eventName: row.event_name,
      envelope: row.envelope,
      attempts: row.attempts,
      reason: row.reason,
      lastError: row.last_error,
      deadAt: row.dead_at.toISOString(),
    }));
  }

  async redrive(consumerGroup: string, eventId: string): Promise<boolean> {
    const { rowCount } = await this.requirePool().query(this.sql.redrive, [consumerGroup, eventId, this.sql.channelName]);
    const redriven = (rowCount ?? 0) > 0;
    if (redriven) this.logger.log({ msg: 'dead letter re-driven', consumerGroup, eventId });
    return redriven;
  }

  async checkConnection(): Promise<void> {
    const startedAt = Date.now();
    try {
      await this.requirePool().query('SELECT 1');
    } catch (error) {
      eventBusOutage.noteFailure(error, 'readiness');
      throw error;
    }
    eventBusOutage.noteSuccess(startedAt);
  }

  private requirePool(): pg.Pool {
    if (!this.pool || this.state === 'stopped') throw new TransportStateError('the event transport is not started');
    return this.pool;
  }

  private async migrate(pool: pg.Pool): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(this.sql.migrationLock, [`event-bus:${this.settings.schema}`]);
      for (const statement of this.sql.migration()) await client.query(statement);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async registerSubscriptions(pool: pg.Pool): Promise<void> {
    for (const [consumerGroup, subscriptions] of this.groups) {
      for (const eventName of subscriptions.keys()) await pool.query(this.sql.subscribe, [consumerGroup, eventName]);
      const { rows } = await pool.query<{ event_name: string }>(this.sql.orphanSubscriptions, [
        consumerGroup,
        [...subscriptions.keys()],
      ]);
      if (rows.length > 0) {
        // Kept: during a rolling deploy another replica may still handle them.
        this.logger.warn({
          msg: 'consumer group is subscribed to events this process has no handler for; they wait in the delivery table',
          consumerGroup,
          eventNames: rows.map((row) => row.event_name),
        });
      }
    }
  }

  /** A dedicated connection wakes workers the moment a publish commits; polling covers its outages. */
  private async listen(): Promise<void> {
    if (this.groups.size === 0) return;
    const client = new pg.Client({ connectionString: this.settings.connectionString, application_name: 'event-bus-listener' });
    client.on('notification', (message) => {
      if (message.payload) this.workers.get(message.payload)?.wake();
    });
    client.on('error', (error) => {
      if (!eventBusOutage.noteFailure(error, 'listener')) {
        this.logger.warn({ msg: 'event bus listener connection lost; polling until it is back', error: describeError(error) });
      }
      client.end().catch(() => undefined);
      if (this.listener === client) this.listener = undefined;
      this.scheduleListenerReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${this.sql.channel}`);
    this.listener = client;
  }

  private scheduleListenerReconnect(): void {
    if (this.state !== 'started' && this.state !== 'starting') return;
    clearTimeout(this.listenerRetry);
    this.listenerRetry = setTimeout(() => {
      this.listen().catch(() => this.scheduleListenerReconnect());
    }, 1000);
    this.listenerRetry.unref();
  }
}

async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
