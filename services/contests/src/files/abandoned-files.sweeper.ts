import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { Clock, OBJECT_STORAGE, type ObjectStorage } from '@mkt/platform';
import { EntriesRepository } from '../entries/entries.repository.js';
import { CONTEST_BUCKET } from './contest-file-links.js';

const HOUR = 3_600_000;
/** An upload still open a day after it started will not finish: its part links expired long ago. */
export const UPLOADING_KEPT_MS = 24 * HOUR;
/** Checked files wait this long for the entry they were uploaded for; the entry form submits them minutes later. */
export const UNSUBMITTED_KEPT_MS = 3 * 24 * HOUR;
const BATCH = 200;

/**
 * Removes contest files nobody will use: uploads started and never finished (their parts take
 * storage until the multipart upload is aborted) and checked files no entry took. Runs hourly in
 * each replica; replicas skip each other's rows. A storage failure leaves the object behind, never
 * a row that points at nothing.
 */
@Injectable()
export class AbandonedFilesSweeper {
  private readonly logger = new Logger(AbandonedFilesSweeper.name);

  constructor(
    private readonly entries: EntriesRepository,
    private readonly clock: Clock,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Interval(HOUR)
  async sweepHourly(): Promise<void> {
    try {
      await this.sweep();
    } catch (error) {
      this.logger.warn({ msg: 'abandoned contest files not swept; next hour again', error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Returns how many files were removed. */
  async sweep(): Promise<number> {
    const now = this.clock.now().getTime();
    let removed = 0;
    for (;;) {
      const files = await this.entries.takeAbandonedFiles(new Date(now - UPLOADING_KEPT_MS), new Date(now - UNSUBMITTED_KEPT_MS), BATCH);
      for (const file of files) {
        try {
          if (file.uploadId) await this.storage.abortMultipartUpload(CONTEST_BUCKET, file.objectKey, file.uploadId);
          else await this.storage.delete(CONTEST_BUCKET, file.objectKey);
        } catch (error) {
          this.logger.warn({ msg: 'abandoned contest file left in storage', objectKey: file.objectKey, error: error instanceof Error ? error.message : String(error) });
        }
      }
      removed += files.length;
      if (files.length < BATCH) break;
    }
    if (removed > 0) this.logger.log({ msg: 'abandoned contest files removed', removed });
    return removed;
  }
}
