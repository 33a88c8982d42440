import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type InputOf } from '@mkt/contracts';
import { APP_CONFIG, Clock, OutboxWriter, type AppConfig } from '@mkt/platform';
import { demandDay } from '../demand/demand-calendar.js';
import { ACTIVITY_BATCH_MAX, MaterialActivityCounted, activityBatch } from './activity-batch.events.js';
import { ActivityCounter } from './activity-counter.js';

/**
 * A busy store shows most of its catalogue every few seconds, so each flush writes about one row
 * per material shown (and its week and quarter rows) however long it waited: a minute costs a
 * sixth of the database work of ten seconds (the search bench measured 1.23 times the search p95
 * at ten seconds), for figures that are trends, not a ledger.
 */
const FLUSH_EVERY_MS = 60_000;
/**
 * Keys held before a flush starts without waiting for the next tick. A day has one key per
 * material shown, so ten seconds of a busy store fill tens of thousands: flushing earlier would
 * only write the same materials again.
 */
const FLUSH_AT_KEYS = 150_000;
/** Keys held while the database refuses writes; counts of new keys beyond it are dropped (and logged). */
const KEEP_AT_MOST_KEYS = 200_000;
/** Batches whose write failed, kept with their ids to be written again. */
const KEEP_AT_MOST_FAILED = 100;
/** All batches share one aggregate: the bus hands them to one handler at a time, so their row updates never wait on each other. */
const AGGREGATE = 'material-activity';

type Batch = InputOf<typeof MaterialActivityCounted>;

/**
 * Counts what the store shows of materials (appearances in search and listing answers, detail
 * views) and favourites in memory, and hands them to the bus every minute, at 150,000 keys and at
 * shutdown: one outbox row per 10,000 material-days instead of a write per request. The handler
 * adds a batch to the analytics rows once (its id is remembered), so a batch written again after
 * a failure whose outcome is unknown counts once. A crash loses at most the last minute of counts.
 */
@Injectable()
export class ActivityRecorder implements BeforeApplicationShutdown {
  private readonly logger = new Logger('MaterialAnalytics');
  private readonly counter = new ActivityCounter(KEEP_AT_MOST_KEYS);
  private failed: Batch[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'materialAnalytics'>,
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  /** The materials of a page the store answered (search, listing). */
  appeared(materialIds: readonly number[]): void {
    if (!this.config.materialAnalytics || materialIds.length === 0) return;
    const day = demandDay(this.clock.now());
    for (const id of materialIds) this.counter.add(day, id, { appearances: 1 });
    this.flushIfFull();
  }

  /** A detail page answered. */
  viewed(materialId: number): void {
    if (!this.config.materialAnalytics) return;
    this.counter.add(demandDay(this.clock.now()), materialId, { views: 1 });
    this.flushIfFull();
  }

  /** A new favourite (not one the user already had). */
  favourited(materialId: number): void {
    if (!this.config.materialAnalytics) return;
    this.counter.add(demandDay(this.clock.now()), materialId, { favourites: 1 });
    this.flushIfFull();
  }

  @Interval(FLUSH_EVERY_MS)
  scheduledFlush(): void {
    // flush logs its failures and keeps the batches; nothing to add here.
    void this.flush().catch(() => undefined);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.flush().catch(() => undefined);
  }

  /** Hands everything counted so far to the bus (one flush at a time; a call during one waits for it, then writes what came since). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    const batches = [
      ...this.failed,
      ...this.counter.drain(ACTIVITY_BATCH_MAX).map((entries) => activityBatch(randomUUID(), entries)),
    ];
    this.failed = [];
    if (batches.length === 0) return;
    this.flushing = this.write(batches).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private flushIfFull(): void {
    if (this.counter.size >= FLUSH_AT_KEYS && !this.flushing) this.scheduledFlush();
  }

  private async write(batches: Batch[]): Promise<void> {
    let written = 0;
    try {
      for (; written < batches.length; written += 1) {
        const batch = batches[written]!;
        await this.dataSource.transaction((manager) => this.outbox.add(manager, MaterialActivityCounted, AGGREGATE, batch));
      }
    } catch (error) {
      const kept = batches.slice(written);
      this.failed = [...kept, ...this.failed].slice(0, KEEP_AT_MOST_FAILED);
      this.logger.warn({ msg: 'material activity not written, kept for the next flush', batches: kept.length, error: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      if (this.counter.dropped > 0) {
        this.logger.warn({ msg: 'material activity dropped: too many keys waiting for the database', dropped: this.counter.dropped });
        this.counter.dropped = 0;
      }
    }
  }
}
