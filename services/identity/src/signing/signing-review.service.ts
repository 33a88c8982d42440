import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import {
  ErrorCode,
  isContributorGid,
  mayRevealContactDetails,
  signingReviewFilterSchema,
  UserUpdatedByStaff,
  type SigningApproveRequest,
  type SigningReviewDetail,
  type SigningReviewView,
} from '@mkt/contracts';
import { AppError, Clock, OutboxWriter, StaffAuditWriter, escapeLike, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { SigningApplicationEntity } from '../entities/signing-application.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { SIGNING_LINK_SECONDS, SigningFilesService } from './signing-files.service.js';
import { signingTransition } from './signing-rules.js';
import { SigningRepository } from './signing.repository.js';
import { toProfileView, toReviewView } from './signing-views.js';

export type SigningReviewFilter = z.infer<typeof signingReviewFilterSchema>;
export const SIGNING_REVIEW_SORTABLE = ['submittedAt', 'reviewedAt', 'status'] as const;
const RESOURCE = 'signing-applications';
/** Contributors signed after 2019-12-17 (spec section 3): everyone signed today. */
const SIGNED_GID = 3;

/**
 * Signing applications as staff review them: every application (a person's earlier ones too),
 * the images through short-lived links, and the verdict. Approving makes the applicant a
 * contributor with the upload rights staff chose; opening an application and each verdict are
 * audited in the same transaction as what they change.
 */
@Injectable()
export class SigningReviewService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly repository: SigningRepository,
    private readonly files: SigningFilesService,
    private readonly audit: StaffAuditWriter,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  async list(query: ListQuery<SigningReviewFilter>, actor: AuthenticatedStaff): Promise<{ rows: SigningReviewView[]; total: number }> {
    const builder = this.dataSource.getRepository(SigningApplicationEntity).createQueryBuilder('a');
    const { q, status, userId, id } = query.filter;
    // PostgreSQL text cannot hold NUL; such a search simply finds nothing of it.
    const search = q?.replace(/\0/g, '').trim();
    if (search) {
      builder.andWhere(`(a.realName ILIKE :q OR a.userId IN (SELECT u.id FROM identity.users u WHERE u.nickname ILIKE :q))`, { q: `%${escapeLike(search)}%` });
    }
    if (status) builder.andWhere('a.status = :status', { status });
    if (userId) builder.andWhere('a.userId = :userId', { userId });
    if (id) builder.andWhere('a.id IN (:...ids)', { ids: id.length ? id : ['00000000-0000-0000-0000-000000000000'] });
    const [rows, total] = await builder
      .orderBy(`a.${query.sortField}`, query.sortOrder, 'NULLS LAST')
      .addOrderBy('a.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: await this.views(this.dataSource.manager, rows, actor), total };
  }

  /** An application with its images, the applicant's profile and résumé; who opened whose documents is recorded. */
  async get(actor: AuthenticatedStaff, id: string): Promise<SigningReviewDetail> {
    const manager = this.dataSource.manager;
    const row = await this.find(manager, id);
    const [view] = await this.views(manager, [row], actor);
    const images = await this.repository.images(manager, row.id);
    const profile = await this.repository.profile(manager, row.userId);
    const [resume] = profile?.resumeFileId ? await this.repository.filesOf(manager, row.userId, [profile.resumeFileId]) : [];
    const detail: SigningReviewDetail = {
      ...view!,
      images: await this.files.imageLinks(images),
      profile: toProfileView(profile, resume ?? null),
      resumeUrl: resume ? await this.files.resumeLink(resume) : null,
      linkSeconds: SIGNING_LINK_SECONDS,
    };
    await this.dataSource.transaction((tx) =>
      this.audit.record(tx, actor, { action: 'reveal', resource: RESOURCE, resourceId: id, before: null, after: { userId: row.userId, fields: ['images', ...(resume ? ['resume'] : [])] } }),
    );
    return detail;
  }

  /**
   * The applicant becomes a contributor signed today (gid 3) with the chosen upload rights and
   * signFlag, so the store shows them the contributor notice and the upload entry. Someone staff
   * had already made a contributor keeps their gid, and rights are only ever added here.
   */
  approve(actor: AuthenticatedStaff, id: string, rights: SigningApproveRequest): Promise<SigningReviewView> {
    if (!rights.videoFlag && !rights.photoFlag) throw new AppError(ErrorCode.SIGNING_FLAGS_REQUIRED, 'signingFlagsRequired');
    return this.dataSource.transaction(async (manager) => {
      const row = await this.find(manager, id, true);
      const before = { status: row.status, userId: row.userId };
      row.status = signingTransition(row.status, 'approve');
      this.decided(row, actor);
      row.grantedVideoFlag = rights.videoFlag;
      row.grantedPhotoFlag = rights.photoFlag;
      await manager.getRepository(SigningApplicationEntity).save(row);
      const users = manager.getRepository(UserEntity);
      const user = await users.findOne({ where: { id: row.userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw notFound();
      const userBefore = { gid: user.gid, signFlag: user.signFlag, videoFlag: user.videoFlag, photoFlag: user.photoFlag };
      const next = {
        gid: isContributorGid(user.gid) ? user.gid : SIGNED_GID,
        signFlag: true,
        videoFlag: user.videoFlag || rights.videoFlag,
        photoFlag: user.photoFlag || rights.photoFlag,
      };
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== user[key]);
      if (changed.length > 0) {
        await users.update(user.id, next);
        await this.outbox.add(manager, UserUpdatedByStaff, user.id, { userId: user.id, changed });
      }
      await this.audit.record(manager, actor, {
        action: 'approve',
        resource: RESOURCE,
        resourceId: id,
        before: { ...before, user: userBefore },
        after: { status: row.status, userId: row.userId, videoFlag: rights.videoFlag, photoFlag: rights.photoFlag, user: next },
      });
      return (await this.views(manager, [row], actor))[0]!;
    });
  }

  reject(actor: AuthenticatedStaff, id: string, reason: string): Promise<SigningReviewView> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.find(manager, id, true);
      const before = { status: row.status, userId: row.userId, rejectReason: row.rejectReason };
      row.status = signingTransition(row.status, 'reject');
      row.rejectReason = reason;
      this.decided(row, actor);
      await manager.getRepository(SigningApplicationEntity).save(row);
      await this.audit.record(manager, actor, { action: 'reject', resource: RESOURCE, resourceId: id, before, after: { status: row.status, userId: row.userId, rejectReason: reason } });
      return (await this.views(manager, [row], actor))[0]!;
    });
  }

  private decided(row: SigningApplicationEntity, actor: AuthenticatedStaff): void {
    row.reviewedAt = this.clock.now();
    row.reviewedBy = actor.staffId;
    row.reviewerUsername = actor.username.slice(0, 64);
  }

  private async find(manager: EntityManager, id: string, lock = false): Promise<SigningApplicationEntity> {
    const row = z.uuid().safeParse(id).success ? await this.repository.find(manager, id, lock) : null;
    if (!row) throw notFound();
    return row;
  }

  private async views(manager: EntityManager, rows: SigningApplicationEntity[], actor: AuthenticatedStaff): Promise<SigningReviewView[]> {
    const counts = await this.repository.imageCounts(manager, rows.map((row) => row.id));
    const nicknames = await this.repository.nicknames(manager, rows.map((row) => row.userId));
    const contactDetails = mayRevealContactDetails(actor.roles);
    return rows.map((row) => toReviewView(row, counts.get(row.id) ?? 0, nicknames.get(row.userId) ?? '', contactDetails));
  }
}

const notFound = () => new AppError(ErrorCode.SIGNING_APPLICATION_NOT_FOUND, 'signingApplicationNotFound');
