import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { Clock } from '@mkt/platform';
import { ActivityRepository } from './activity.repository.js';

const EVERY_MS = 6 * 3_600_000;
/** A batch is redelivered within the bus's retries (minutes); a month is ample. */
const KEEP_MS = 30 * 86_400_000;

/** Forgets the ids of activity batches added more than 30 days ago. */
@Injectable()
export class ActivityBatchesSweeper {
  private readonly logger = new Logger('MaterialAnalytics');

  constructor(
    private readonly repository: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  @Interval(EVERY_MS)
  scheduledSweep(): void {
    this.repository
      .removeBatchesBefore(new Date(this.clock.now().getTime() - KEEP_MS))
      .catch((error: unknown) => this.logger.warn({ msg: 'activity batch ids not swept', error: error instanceof Error ? error.message : String(error) }));
  }
}
