import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { SEARCH_DEMAND_LIMITS } from '@mkt/contracts';
import { Clock } from '@mkt/platform';
import { firstKeptDay } from './demand-calendar.js';
import { SearchDemandRepository } from './search-demand.repository.js';

/** Checked every six hours so a day is gone within hours of turning 90 days old, whenever the process started. */
const EVERY_MS = 6 * 3_600_000;

/** Deletes demand rows older than 90 days (UTC+8 days). Replicas sweeping at once delete the same rows once. */
@Injectable()
export class SearchDemandSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger('SearchDemand');

  constructor(
    private readonly repository: SearchDemandRepository,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduledSweep();
  }

  @Interval(EVERY_MS)
  scheduledSweep(): void {
    this.sweep().catch((error: unknown) => this.logger.warn({ msg: 'search demand sweep failed', error: error instanceof Error ? error.message : String(error) }));
  }

  /** Returns how many rows were deleted. */
  async sweep(now = this.clock.now()): Promise<number> {
    const removed = await this.repository.removeBefore(firstKeptDay(SEARCH_DEMAND_LIMITS.keepDays, now));
    if (removed > 0) this.logger.log({ msg: 'search demand swept', removed });
    return removed;
  }
}
