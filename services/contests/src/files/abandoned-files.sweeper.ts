import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { Clock, OBJECT_STORAGE, sweepStorage, sweepStorageQuietly, type ObjectStorage, type StorageSweep } from '@mkt/platform';
import { EntriesRepository, type FileRow } from '../entries/entries.repository.js';
import { CONTEST_BUCKET } from './contest-file-links.js';

const HOUR = 3_600_000;
/** An upload still open a day after it started will not finish: its part links expired long ago. */
export const UPLOADING_KEPT_MS = 24 * HOUR;
/** Checked files wait this long for the entry they were uploaded for; the entry form submits them minutes later. */
export const UNSUBMITTED_KEPT_MS = 3 * 24 * HOUR;

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
  sweepHourly(): Promise<void> {
    return sweepStorageQuietly(this.sweepOf(), this.logger);
  }

  /** Returns how many files were removed. */
  sweep(): Promise<number> {
    return sweepStorage(this.sweepOf(), this.logger);
  }

  private sweepOf(): StorageSweep<Pick<FileRow, 'id' | 'objectKey' | 'uploadId'>> {
    const now = this.clock.now().getTime();
    return {
      what: 'abandoned contest files',
      take: (limit) => this.entries.takeAbandonedFiles(new Date(now - UPLOADING_KEPT_MS), new Date(now - UNSUBMITTED_KEPT_MS), limit),
      free: (file) =>
        file.uploadId ? this.storage.abortMultipartUpload(CONTEST_BUCKET, file.objectKey, file.uploadId) : this.storage.delete(CONTEST_BUCKET, file.objectKey),
      describe: (file) => ({ objectKey: file.objectKey }),
    };
  }
}
