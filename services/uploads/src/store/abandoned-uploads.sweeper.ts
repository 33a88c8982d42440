import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, LessThan, Not, type DataSource } from 'typeorm';
import { Clock, OBJECT_STORAGE, sweepStorage, sweepStorageQuietly, type ObjectStorage, type StorageSweep } from '@mkt/platform';
import { UploadEntity } from '../entities/upload.entity.js';
import { UPLOAD_BUCKETS } from '../locations.js';

const HOUR = 3_600_000;
/**
 * How long an unfinished upload keeps its parts after the last token call (the start, or a resume
 * from the checkpoint). A file of the largest allowed size takes hours, not days, at any usable
 * speed; a week leaves room to resume after a weekend away.
 */
export const UPLOADING_KEPT_MS = 7 * 24 * HOUR;

type EndedSession = Pick<UploadEntity, 'id' | 'filePath' | 'multipartUploadId' | 'deletedAt'>;

/**
 * Ends upload sessions nobody will finish: the contributor removed the file while it was
 * uploading, or left it for a week. Their parts take storage until the multipart upload is
 * aborted. The session is ended first (deleted, its multipart upload id cleared), so a resume
 * starts afresh, then the parts go (`sweepStorage`: a storage failure leaves parts behind, never
 * a session that points at nothing). Runs hourly in each replica; replicas skip each other's rows.
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
  sweepHourly(): Promise<void> {
    return sweepStorageQuietly(this.sweepOf(), this.logger);
  }

  /** Returns how many sessions were ended. */
  sweep(): Promise<number> {
    return sweepStorage(this.sweepOf(), this.logger);
  }

  private sweepOf(): StorageSweep<EndedSession> {
    const now = this.clock.now();
    const idleSince = new Date(now.getTime() - UPLOADING_KEPT_MS);
    return {
      what: 'abandoned upload sessions',
      take: (limit) => this.endSessions(now, idleSince, limit),
      free: (session) => this.storage.abortMultipartUpload(UPLOAD_BUCKETS.originals, session.filePath, session.multipartUploadId!),
      describe: (session) => ({ uploadId: session.id }),
    };
  }

  /** Takes up to `limit` abandoned sessions and ends them; returns them as they were. */
  private endSessions(now: Date, idleSince: Date, limit: number): Promise<EndedSession[]> {
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
        take: limit,
        lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' },
      });
      if (sessions.length === 0) return sessions;
      await repository.update(sessions.map((session) => session.id), { multipartUploadId: null });
      const stillListed = sessions.filter((session) => session.deletedAt === null).map((session) => session.id);
      if (stillListed.length > 0) await repository.update(stillListed, { deletedAt: now });
      return sessions;
    });
  }
}
