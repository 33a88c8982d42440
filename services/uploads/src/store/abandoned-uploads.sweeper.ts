import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, LessThan, Not, type DataSource } from 'typeorm';
import { Clock, OBJECT_STORAGE, type ObjectStorage } from '@mkt/platform';
import { UploadEntity } from '../entities/upload.entity.js';
import { UPLOAD_BUCKETS } from '../locations.js';

const HOUR = 3_600_000;
/**
 * How long an unfinished upload keeps its parts after the last token call (the start, or a resume
 * from the checkpoint). A file of the largest allowed size takes hours, not days, at any usable
 * speed; a week leaves room to resume after a weekend away.
 */
export const UPLOADING_KEPT_MS = 7 * 24 * HOUR;
const BATCH = 200;

/**
 * Ends upload sessions nobody will finish: the contributor removed the file while it was
 * uploading, or left it for a week. Their parts take storage until the multipart upload is
 * aborted. The session is ended first (deleted, its multipart upload id cleared), so a resume
 * starts afresh, then the parts go; a storage failure leaves parts behind, never a session that
 * points at nothing. Runs hourly in each replica; replicas skip each other's rows.
 */
@Injectable()
export class AbandonedUploadsSweeper {
  private readonly logger = new Logger(AbandonedUploadsSweeper.name);

  constructor(
    @InjectDataSource('uploads') private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Interval(HOUR)
  async sweepHourly(): Promise<void> {
    try {
      await this.sweep();
    } catch (error) {
      this.logger.warn({ msg: 'abandoned uploads not swept; next hour again', error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Returns how many sessions were ended. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    const idleSince = new Date(now.getTime() - UPLOADING_KEPT_MS);
    let ended = 0;
    for (;;) {
      const sessions = await this.endSessions(now, idleSince);
      for (const session of sessions) {
        try {
          await this.storage.abortMultipartUpload(UPLOAD_BUCKETS.originals, session.filePath, session.multipartUploadId!);
        } catch (error) {
          this.logger.warn({ msg: 'abandoned upload parts left in storage', uploadId: session.id, error: error instanceof Error ? error.message : String(error) });
        }
      }
      ended += sessions.length;
      if (sessions.length < BATCH) break;
    }
    if (ended > 0) this.logger.log({ msg: 'abandoned upload sessions ended', ended });
    return ended;
  }

  /** Takes a batch of abandoned sessions and ends them; returns them as they were. */
  private endSessions(now: Date, idleSince: Date): Promise<Pick<UploadEntity, 'id' | 'filePath' | 'multipartUploadId' | 'deletedAt'>[]> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(UploadEntity);
      const open = { status: 'uploading' as const, multipartUploadId: Not(IsNull()) };
      const sessions = await repository.find({
        select: { id: true, filePath: true, multipartUploadId: true, deletedAt: true },
        where: [
          { ...open, deletedAt: Not(IsNull()) },
          { ...open, updatedAt: LessThan(idleSince) },
        ],
        order: { id: 'ASC' },
        take: BATCH,
        lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' },
      });
      if (sessions.length === 0) return sessions;
      const ids = sessions.map((session) => session.id);
      await repository.update(ids, { multipartUploadId: null });
      const stillListed = sessions.filter((session) => session.deletedAt === null).map((session) => session.id);
      if (stillListed.length > 0) await repository.update(stillListed, { deletedAt: now });
      return sessions;
    });
  }
}
