import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { ErrorCode, RealNameVerified, type RealNameReviewDetail, type RealNameReviewView, realNameReviewFilterSchema } from '@mkt/contracts';
import { AppError, Clock, OutboxWriter, StaffAuditWriter, escapeLike, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { RealNameSubmissionEntity } from '../entities/real-name-submission.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { ID_PHOTO_LINK_SECONDS, IdPhotosService } from './id-photos.service.js';
import { realNameTransition } from './real-name-state-machine.js';

export type RealNameReviewFilter = z.infer<typeof realNameReviewFilterSchema>;
export const REAL_NAME_REVIEW_SORTABLE = ['submittedAt', 'reviewedAt', 'status'] as const;
const RESOURCE = 'real-name-reviews';

/**
 * Real-name submissions as finance reviews them: every submission (a contributor's history too),
 * the photos through short-lived links, and the verdict. Opening a submission and each verdict
 * are audited; a verification is announced in the same transaction.
 */
@Injectable()
export class RealNameReviewService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly photos: IdPhotosService,
    private readonly audit: StaffAuditWriter,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  async list(query: ListQuery<RealNameReviewFilter>): Promise<{ rows: RealNameReviewView[]; total: number }> {
    const builder = this.dataSource.getRepository(RealNameSubmissionEntity).createQueryBuilder('s');
    const { q, status, userId, id } = query.filter;
    // PostgreSQL text cannot hold NUL; such a search simply finds nothing of it.
    const search = q?.replace(/\0/g, '').trim();
    if (search) {
      builder.andWhere(
        `(s.name ILIKE :q OR s.userId IN (SELECT u.id FROM identity.users u WHERE u.nickname ILIKE :q OR u.phone ILIKE :q OR u.email ILIKE :q))`,
        { q: `%${escapeLike(search)}%` },
      );
    }
    if (status) builder.andWhere('s.status = :status', { status });
    if (userId) builder.andWhere('s.userId = :userId', { userId });
    if (id) builder.andWhere('s.id IN (:...ids)', { ids: id.length ? id : ['00000000-0000-0000-0000-000000000000'] });
    const [rows, total] = await builder
      .orderBy(`s.${query.sortField}`, query.sortOrder, 'NULLS LAST')
      .addOrderBy('s.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    const nicknames = await this.nicknames(rows.map((row) => row.userId));
    return { rows: rows.map((row) => toReviewView(row, nicknames.get(row.userId) ?? '')), total };
  }

  /** A submission with its photos; who opened whose identity card is recorded. */
  async get(staff: AuthenticatedStaff, id: string): Promise<RealNameReviewDetail> {
    const row = await this.find(this.dataSource.manager, id);
    const links = await this.photos.viewLinks(row.portraitPhotoId, row.emblemPhotoId);
    await this.dataSource.transaction((manager) =>
      this.audit.record(manager, staff, { action: 'reveal', resource: RESOURCE, resourceId: id, before: null, after: { userId: row.userId, fields: ['portraitPhoto', 'emblemPhoto'] } }),
    );
    const nicknames = await this.nicknames([row.userId]);
    return { ...toReviewView(row, nicknames.get(row.userId) ?? ''), ...links, photoLinkSeconds: ID_PHOTO_LINK_SECONDS };
  }

  verify(staff: AuthenticatedStaff, id: string): Promise<RealNameReviewView> {
    return this.review(staff, id, 'verify', null);
  }

  reject(staff: AuthenticatedStaff, id: string, reason: string): Promise<RealNameReviewView> {
    return this.review(staff, id, 'reject', reason);
  }

  private review(staff: AuthenticatedStaff, id: string, action: 'verify' | 'reject', reason: string | null): Promise<RealNameReviewView> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const row = await this.find(manager, id, true);
      const before = { userId: row.userId, status: row.status, rejectReason: row.rejectReason };
      row.status = realNameTransition(row.status, action) as RealNameSubmissionEntity['status'];
      row.rejectReason = reason;
      row.reviewedAt = now;
      row.reviewedBy = staff.staffId;
      row.reviewerUsername = staff.username.slice(0, 64);
      await manager.getRepository(RealNameSubmissionEntity).save(row);
      await this.audit.record(manager, staff, { action, resource: RESOURCE, resourceId: id, before, after: { userId: row.userId, status: row.status, rejectReason: row.rejectReason } });
      if (row.status === 'verified') {
        await this.outbox.add(manager, RealNameVerified, row.userId, { userId: row.userId, realName: row.name, verifiedAt: now.toISOString() });
      }
      const nicknames = await this.nicknames([row.userId], manager);
      return toReviewView(row, nicknames.get(row.userId) ?? '');
    });
  }

  private async find(manager: EntityManager, id: string, lock = false): Promise<RealNameSubmissionEntity> {
    const row = z.uuid().safeParse(id).success
      ? await manager.getRepository(RealNameSubmissionEntity).findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!row) throw new AppError(ErrorCode.REAL_NAME_NOT_FOUND, 'realNameNotFound');
    return row;
  }

  private async nicknames(userIds: string[], manager: EntityManager = this.dataSource.manager): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const users = await manager.getRepository(UserEntity).find({ where: [...new Set(userIds)].map((id) => ({ id })), select: { id: true, nickname: true } });
    return new Map(users.map((user) => [user.id, user.nickname]));
  }
}

export function toReviewView(row: RealNameSubmissionEntity, nickname: string): RealNameReviewView {
  return {
    id: row.id,
    userId: row.userId,
    nickname,
    status: row.status,
    name: row.name,
    idNumberMasked: row.idNumberMasked,
    rejectReason: row.rejectReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.reviewerUsername,
  };
}
