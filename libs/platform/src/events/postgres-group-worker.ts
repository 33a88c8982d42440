import type { LoggerService } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventDefinition } from '@mkt/contracts';
import { eventBusOutage } from '../database/outage-log.js';
import { checkEnvelope } from './envelope-check.js';
import { describeError } from './event-bus.errors.js';
import type { PostgresEventBusSettings } from './event-bus.config.js';
import { NO_DELIVERY_OBSERVER, type DeadLetterReason, type DeliveryObserver, type TransportEventHandler } from './event-transport.js';
import { inEventSpan } from './event-span.js';
import { InterruptibleDelay } from './interruptible-delay.js';
import type { PostgresEventBusSql } from './postgres-event-bus.sql.js';
import { retryDelayMs } from './retry-backoff.js';

export interface GroupSubscription {
  definition: EventDefinition;
  handler: TransportEventHandler;
}

interface ClaimedDelivery {
  event_id: string;
  event_name: string;
  envelope: unknown;
  attempts: number;
  last_error: string | null;
}

/**
 * Runs one consumer group's handlers in this process: claims due deliveries up to the concurrency
 * limit, runs them, and settles each one (acknowledge, retry later, or dead-letter).
 */
export class PostgresGroupWorker {
  private readonly delay = new InterruptibleDelay();
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;
  private loop?: Promise<void>;

  constructor(
    readonly consumerGroup: string,
    private readonly subscriptions: ReadonlyMap<string, GroupSubscription>,
    private readonly pool: pg.Pool,
    private readonly sql: PostgresEventBusSql,
    private readonly settings: PostgresEventBusSettings,
    private readonly logger: LoggerService,
    private readonly observer: DeliveryObserver = NO_DELIVERY_OBSERVER,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** New deliveries may be due: claim now instead of at the next poll. */
  wake(): void {
    this.delay.interrupt();
  }

  /** Stops claiming; resolves when the in-flight handlers have settled. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.delay.interrupt();
    await this.loop;
  }

  private async run(): Promise<void> {
    let consecutiveFailures = 0;
    while (!this.stopping) {
      const capacity = this.settings.concurrency - this.inFlight.size;
      let claimed = 0;
      if (capacity > 0) {
        const startedAt = Date.now();
        try {
          const deliveries = await this.claim(capacity);
          eventBusOutage.noteSuccess(startedAt);
          consecutiveFailures = 0;
          claimed = deliveries.length;
          for (const delivery of deliveries) this.track(this.process(delivery));
        } catch (error) {
          consecutiveFailures += 1;
          if (!eventBusOutage.noteFailure(error, `claim:${this.consumerGroup}`)) {
            this.logger.warn({
              msg: 'claiming deliveries failed',
              consumerGroup: this.consumerGroup,
              consecutiveFailures,
              error: describeError(error),
            });
          }
          await this.delay.wait(Math.min(this.settings.pollIntervalMs * 2 ** consecutiveFailures, 10_000));
          continue;
        }
      }
      // A full claim suggests more are waiting; otherwise sleep until a notification, a finished
      // handler (capacity freed) or the poll interval.
      if (claimed === 0 || claimed < capacity) await this.delay.wait(this.settings.pollIntervalMs);
    }
    await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => {
      this.inFlight.delete(work);
      this.delay.interrupt();
    });
  }

  private async claim(limit: number): Promise<Array<ClaimedDelivery & { lease: string }>> {
    const lease = randomUUID();
    const { rows } = await this.pool.query<ClaimedDelivery>(this.sql.claim, [
      this.consumerGroup,
      limit,
      [...this.subscriptions.keys()],
      this.settings.visibilityTimeoutSeconds,
      lease,
    ]);
    return rows.map((row) => ({ ...row, lease }));
  }

  private process(delivery: ClaimedDelivery & { lease: string }): Promise<void> {
    return inEventSpan(delivery.envelope, this.consumerGroup, delivery.event_name, () => this.settle(delivery));
  }

  private async settle(delivery: ClaimedDelivery & { lease: string }): Promise<void> {
    const subscription = this.subscriptions.get(delivery.event_name);
    if (!subscription) return; // the claim only selects subscribed names
    const context = {
      consumerGroup: this.consumerGroup,
      eventName: delivery.event_name,
      eventId: delivery.event_id,
      attempt: delivery.attempts,
    };
    try {
      if (delivery.attempts > this.settings.retryLimit) {
        // Claimed more often than allowed without ever settling: the consumer died each time.
        await this.deadLetter(
          delivery,
          'handler-failed',
          delivery.last_error ?? 'not acknowledged within the visibility timeout (consumer stopped or crashed)',
        );
        return;
      }
      const check = checkEnvelope(subscription.definition, delivery.envelope);
      if (!check.ok) {
        await this.deadLetter(delivery, 'invalid-envelope', check.problem);
        return;
      }
      const heartbeat = this.keepLeaseAlive(delivery);
      let failure: unknown;
      try {
        await subscription.handler(check.envelope);
      } catch (error) {
        failure = error ?? new Error('handler failed');
      } finally {
        clearInterval(heartbeat);
      }
      if (failure === undefined) {
        await this.pool.query(this.sql.acknowledge, [this.consumerGroup, delivery.event_id, delivery.lease]);
        this.observer.handled(this.consumerGroup, delivery.event_name);
        this.logger.debug?.({ msg: 'event handled', ...context });
        return;
      }
      const error = describeError(failure);
      if (delivery.attempts >= this.settings.retryLimit) {
        await this.deadLetter(delivery, 'handler-failed', error);
        return;
      }
      const retryInMs = retryDelayMs(delivery.attempts, this.settings);
      await this.pool.query(this.sql.retryLater, [
        this.consumerGroup,
        delivery.event_id,
        delivery.lease,
        retryInMs / 1000,
        error,
      ]);
      this.observer.retried(this.consumerGroup, delivery.event_name);
      this.logger.warn({ msg: 'event handler failed; will retry', ...context, retryInMs, error });
    } catch (error) {
      // Settling failed (database unreachable): the claim expires and the event is delivered again.
      if (eventBusOutage.noteFailure(error, `settle:${this.consumerGroup}`)) return;
      this.logger.error({ msg: 'could not settle delivery; it will be redelivered', ...context, error: describeError(error) });
    }
  }

  private async deadLetter(
    delivery: ClaimedDelivery & { lease: string },
    reason: DeadLetterReason,
    error: string,
  ): Promise<void> {
    await this.pool.query(this.sql.deadLetter, [this.consumerGroup, delivery.event_id, delivery.lease, reason, error]);
    this.observer.deadLettered(this.consumerGroup, delivery.event_name, reason);
    this.logger.error({
      msg: 'event dead-lettered',
      consumerGroup: this.consumerGroup,
      eventName: delivery.event_name,
      eventId: delivery.event_id,
      attempts: delivery.attempts,
      reason,
      error,
    });
  }

  /** Keeps a live handler's claim from expiring, so only a dead consumer's events are redelivered. */
  private keepLeaseAlive(delivery: ClaimedDelivery & { lease: string }): NodeJS.Timeout {
    const everyMs = Math.max(50, (this.settings.visibilityTimeoutSeconds * 1000) / 3);
    const timer = setInterval(() => {
      this.pool
        .query(this.sql.extendLease, [
          this.consumerGroup,
          delivery.event_id,
          delivery.lease,
          this.settings.visibilityTimeoutSeconds,
        ])
        .catch((error: unknown) => {
          if (!eventBusOutage.noteFailure(error, `lease:${this.consumerGroup}`)) {
            this.logger.warn({ msg: 'could not extend delivery claim', eventId: delivery.event_id, error: describeError(error) });
          }
        });
    }, everyMs);
    timer.unref();
    return timer;
  }
}
