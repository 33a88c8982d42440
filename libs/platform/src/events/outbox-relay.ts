import { Logger, type LoggerService } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@mkt/contracts';
import { databaseOutage } from '../database/outage-log.js';
import { describeError } from './event-bus.errors.js';
import type { EventTransport } from './event-transport.js';
import { InterruptibleDelay } from './interruptible-delay.js';
import { onOutboxCommit } from './outbox-commit-signal.js';
import { HandledEventEntity } from './handled-event.entity.js';
import { OutboxMessageEntity } from './outbox-message.entity.js';
import { quotedTable } from './sql-identifier.js';

export interface OutboxRelaySettings {
  /** Fallback poll when no commit nudged the relay (other processes, missed signals). Default 250. */
  pollIntervalMs?: number;
  /** Rows moved per transaction. Default 100. */
  batchSize?: number;
  /** Published rows are kept this long for inspection, then deleted. Default 72. */
  retentionHours?: number;
  /**
   * Handled-event marks are kept this long, then deleted. It bounds how late a redelivery is
   * still recognised, so it must outlast the transport's longest redelivery (Kafka keeps a week
   * by default; the PostgreSQL transport redelivers within minutes). Default 168 (7 days).
   */
  handledRetentionHours?: number;
  /** Default 60 000. */
  pruneIntervalMs?: number;
  /** Ceiling of the back-off while the transport keeps failing. Default 10 000. */
  maxErrorBackoffMs?: number;
}

interface OutboxRow {
  id: string;
  name: string;
  version: number;
  aggregate_id: string;
  occurred_at: Date;
  payload: unknown;
  trace_context: Record<string, string> | null;
}

/**
 * Moves a service's committed outbox rows to the transport and marks them published.
 * Rows are locked with FOR UPDATE SKIP LOCKED inside the transaction that marks them, so several
 * replicas relay disjoint batches; if publishing fails the transaction rolls back and the rows
 * stay unpublished for the next round. A crash between publish and commit publishes the batch
 * again: consumers dedupe by event id.
 */
export class OutboxRelay {
  private readonly settings: Required<OutboxRelaySettings>;
  private readonly delay = new InterruptibleDelay();
  private loop?: Promise<void>;
  private stopping = false;
  private removeCommitHook?: () => void;
  private lastPruneAt = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: EventTransport,
    settings: OutboxRelaySettings = {},
    private readonly logger: LoggerService = new Logger(OutboxRelay.name),
  ) {
    this.settings = {
      pollIntervalMs: settings.pollIntervalMs ?? 250,
      batchSize: settings.batchSize ?? 100,
      retentionHours: settings.retentionHours ?? 72,
      handledRetentionHours: settings.handledRetentionHours ?? 168,
      pruneIntervalMs: settings.pruneIntervalMs ?? 60_000,
      maxErrorBackoffMs: settings.maxErrorBackoffMs ?? 10_000,
    };
  }

  private get table(): string {
    return quotedTable(this.dataSource, OutboxMessageEntity);
  }

  private get schemaName(): string {
    return this.dataSource.getMetadata(OutboxMessageEntity).schema ?? 'public';
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.removeCommitHook = onOutboxCommit(this.dataSource, () => this.nudge());
    this.loop = this.run();
    this.logger.log({ msg: 'outbox relay started', schema: this.schemaName, ...this.settings });
  }

  /** Relays now instead of at the next poll; called after a commit that wrote to the outbox. */
  nudge(): void {
    this.delay.interrupt();
  }

  /** Finishes the batch in progress; unpublished rows wait for the next start. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.removeCommitHook?.();
    this.delay.interrupt();
    await this.loop;
    this.loop = undefined;
    this.logger.log({ msg: 'outbox relay stopped', schema: this.schemaName });
  }

  /** Publishes one batch of unpublished rows in order; returns how many were published. */
  async relayBatch(): Promise<number> {
    const table = this.table;
    let ids: string[] = [];
    try {
      return await this.dataSource.transaction(async (manager) => {
        const rows: OutboxRow[] = await manager.query(
          `SELECT "id", "name", "version", "aggregate_id", "occurred_at", "payload", "trace_context" FROM ${table}
           WHERE "published_at" IS NULL ORDER BY "position" LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [this.settings.batchSize],
        );
        if (rows.length === 0) return 0;
        ids = rows.map((row) => row.id);
        await this.transport.publish(rows.map(toEnvelope));
        await manager.query(
          `UPDATE ${table} SET "published_at" = now(), "attempts" = "attempts" + 1 WHERE "id" = ANY($1::uuid[])`,
          [ids],
        );
        return rows.length;
      });
    } catch (error) {
      if (ids.length > 0) await this.countFailedAttempt(table, ids);
      throw error;
    }
  }

  /** Deletes published rows older than the retention period; returns how many. */
  async prunePublished(): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM ${this.table} WHERE "published_at" IS NOT NULL AND "published_at" < now() - $1 * interval '1 hour'`,
      [this.settings.retentionHours],
    );
    return deleted;
  }

  /** Deletes handled-event marks older than their retention period; returns how many. */
  async pruneHandled(): Promise<number> {
    if (!this.dataSource.hasMetadata(HandledEventEntity)) return 0;
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM ${quotedTable(this.dataSource, HandledEventEntity)} WHERE "handled_at" < now() - $1 * interval '1 hour'`,
      [this.settings.handledRetentionHours],
    );
    return deleted;
  }

  private async run(): Promise<void> {
    let consecutiveFailures = 0;
    while (!this.stopping) {
      let published: number;
      const startedAt = Date.now();
      try {
        published = await this.relayBatch();
        databaseOutage.noteSuccess(startedAt);
        consecutiveFailures = 0;
        if (published > 0) this.logger.debug?.({ msg: 'outbox events published', schema: this.schemaName, count: published });
        await this.pruneWhenDue();
      } catch (error) {
        consecutiveFailures += 1;
        const backoffMs = Math.min(this.settings.pollIntervalMs * 2 ** consecutiveFailures, this.settings.maxErrorBackoffMs);
        if (!databaseOutage.noteFailure(error, `outbox relay:${this.schemaName}`)) {
          this.logger.warn({
            msg: 'outbox relay round failed; rows stay unpublished and are retried',
            schema: this.schemaName,
            consecutiveFailures,
            retryInMs: backoffMs,
            error: describeError(error),
          });
        }
        await this.delay.wait(backoffMs);
        continue;
      }
      if (published < this.settings.batchSize) await this.delay.wait(this.settings.pollIntervalMs);
    }
  }

  private async pruneWhenDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPruneAt < this.settings.pruneIntervalMs) return;
    this.lastPruneAt = now;
    try {
      const pruned = await this.prunePublished();
      if (pruned > 0) this.logger.log({ msg: 'published outbox rows pruned', schema: this.schemaName, count: pruned });
      const forgotten = await this.pruneHandled();
      if (forgotten > 0) this.logger.log({ msg: 'old handled-event marks pruned', schema: this.schemaName, count: forgotten });
    } catch (error) {
      this.logger.warn({ msg: 'pruning published outbox rows or handled-event marks failed', schema: this.schemaName, error: describeError(error) });
    }
  }

  private async countFailedAttempt(table: string, ids: string[]): Promise<void> {
    try {
      await this.dataSource.query(`UPDATE ${table} SET "attempts" = "attempts" + 1 WHERE "id" = ANY($1::uuid[])`, [ids]);
    } catch {
      // Only a counter for ops; the rows are retried either way.
    }
  }
}

function toEnvelope(row: OutboxRow): EventEnvelope {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    aggregateId: row.aggregate_id,
    occurredAt: row.occurred_at.toISOString(),
    payload: row.payload,
    ...(row.trace_context ? { traceContext: row.trace_context } : {}),
  };
}
