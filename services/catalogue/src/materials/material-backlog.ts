import type { Logger } from '@nestjs/common';

/** What a backlog job does with each published material it still has to process. */
export interface MaterialBacklogWork<T extends { id: number }> {
  /** What the log calls the work ("visual indexing", "preview streams"). */
  name: string;
  /** Up to `limit` materials after `afterId`, in id order, still to process. */
  next(afterId: number, limit: number): Promise<T[]>;
  /** How many are still to process (for the progress lines). */
  count(): Promise<number>;
  process(item: T): Promise<void>;
  /** Whether the error is about the material's own media: remembered (`remember`), not tried again. */
  isOwnFault(error: unknown): error is Error;
  remember(item: T, reason: string): Promise<void>;
}

const BATCH = 20;
const PROGRESS_EVERY_MS = 10_000;

/**
 * One pass at a time over a backlog of materials: the materials published before a job existed
 * (the demo catalogue included), then each one published since. Resumable by construction when
 * `next` leaves out what was processed or remembered: a restart carries on where the last pass
 * stopped. Anything that is not the material's own fault (the store or the database away) stops
 * the pass, and the next one tries again.
 */
export class MaterialBacklog<T extends { id: number }> {
  private running: Promise<number> | null = null;

  constructor(
    private readonly work: MaterialBacklogWork<T>,
    private readonly logger: Logger,
  ) {}

  /** Processes everything waiting now; resolves with how many were processed. */
  pass(): Promise<number> {
    this.running ??= this.processAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** A pass from a schedule: a stopped one is logged, and tried again by the next. */
  scheduledPass(): void {
    this.pass().catch((error: unknown) => this.logger.warn({ msg: `${this.work.name} pass stopped`, error: error instanceof Error ? error.message : String(error) }));
  }

  private async processAll(): Promise<number> {
    let afterId = 0;
    let done = 0;
    let failed = 0;
    let total: number | null = null;
    let reported = Date.now();
    for (;;) {
      const batch = await this.work.next(afterId, BATCH);
      if (batch.length === 0) break;
      total ??= await this.work.count();
      for (const item of batch) {
        afterId = item.id;
        try {
          await this.work.process(item);
          done += 1;
        } catch (error) {
          if (!this.work.isOwnFault(error)) throw error;
          failed += 1;
          await this.work.remember(item, error.message);
          this.logger.warn({ msg: `${this.work.name}: material left out`, materialId: item.id, error: error.message });
        }
        if (Date.now() - reported > PROGRESS_EVERY_MS) {
          reported = Date.now();
          this.logger.log({ msg: this.work.name, done, failed, of: total });
        }
      }
    }
    if (done + failed > 0) this.logger.log({ msg: `${this.work.name} finished`, done, failed });
    return done;
  }
}
