import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { IMAGE_QUERY_KEEP_HOURS } from '@mkt/contracts';
import { Clock, OBJECT_STORAGE, sweepStorage, sweepStorageQuietly, type ObjectStorage, type StorageSweep } from '@mkt/platform';
import { IMAGE_QUERY_BUCKET } from './image-query.store.js';
import { ImageQueryRepository } from './image-query.repository.js';

const HOUR = 3_600_000;

/**
 * Deletes searched pictures once they are a day old: the row first (so no answer points at a
 * picture about to go; replicas skip each other's rows), then the picture. Hourly in each replica;
 * a query is refused as gone from the moment it is a day old, whether swept yet or not.
 */
@Injectable()
export class ImageQuerySweeper {
  private readonly logger = new Logger(ImageQuerySweeper.name);

  constructor(
    private readonly queries: ImageQueryRepository,
    private readonly clock: Clock,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Interval(HOUR)
  sweepHourly(): Promise<void> {
    return sweepStorageQuietly(this.sweepOf(), this.logger);
  }

  /** Returns how many pictures were deleted. */
  sweep(): Promise<number> {
    return sweepStorage(this.sweepOf(), this.logger);
  }

  private sweepOf(): StorageSweep<string> {
    const cutoff = new Date(this.clock.now().getTime() - IMAGE_QUERY_KEEP_HOURS * HOUR);
    return {
      what: 'searched pictures',
      take: (limit) => this.queries.removeOlderThan(cutoff, limit),
      free: (key) => this.storage.delete(IMAGE_QUERY_BUCKET, key),
      describe: (key) => ({ key }),
    };
  }
}
