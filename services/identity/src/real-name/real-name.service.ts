import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { maskMiddle, type IdPhotoLinkRequest, type IdPhotoUploadLink, type IdPhotoView, type RealNameSubmitRequest, type RealNameView } from '@mkt/contracts';
import { AppError, Clock, FieldCipher } from '@mkt/platform';
import { RealNameSubmissionEntity } from '../entities/real-name-submission.entity.js';
import { IdPhotosService } from './id-photos.service.js';
import { realNameTransition } from './real-name-state-machine.js';

/**
 * A contributor's own real-name check: the status, the photos and the submission. The caller is
 * a contributor (the controller checks); the rules of when a submission is allowed are here and
 * in the state machine.
 */
@Injectable()
export class RealNameService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly photos: IdPhotosService,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
  ) {}

  async status(userId: string): Promise<RealNameView> {
    return toRealNameView(await latestSubmission(this.dataSource.manager, userId));
  }

  /** Photos are only taken while a submission is possible, so nobody stores ID cards for nothing. */
  async photoLink(userId: string, request: IdPhotoLinkRequest): Promise<IdPhotoUploadLink> {
    realNameTransition((await latestSubmission(this.dataSource.manager, userId))?.status ?? 'none', 'submit');
    return this.photos.createLink(userId, request);
  }

  photoComplete(userId: string, photoId: string): Promise<IdPhotoView> {
    return this.photos.complete(userId, photoId);
  }

  async submit(userId: string, request: RealNameSubmitRequest): Promise<RealNameView> {
    const saved = await this.dataSource.transaction(async (manager) => {
      // One submission at a time per contributor: the second of two racing requests sees the first.
      const [user] = await manager.query(`SELECT id FROM identity.users WHERE id = $1 FOR UPDATE`, [userId]);
      if (!user) throw AppError.tokenInvalid();
      const latest = await latestSubmission(manager, userId);
      const status = realNameTransition(latest?.status ?? 'none', 'submit') as RealNameSubmissionEntity['status'];
      await this.photos.assertSubmittable(manager, userId, { portrait: request.portraitPhotoId, emblem: request.emblemPhotoId });
      const submissions = manager.getRepository(RealNameSubmissionEntity);
      return submissions.save(
        submissions.create({
          userId,
          status,
          name: request.name,
          idNumberEncrypted: this.cipher.encrypt(request.idNumber),
          idNumberMasked: maskMiddle(request.idNumber, 1, 1),
          portraitPhotoId: request.portraitPhotoId,
          emblemPhotoId: request.emblemPhotoId,
          rejectReason: null,
          submittedAt: this.clock.now(),
          reviewedAt: null,
          reviewedBy: null,
          reviewerUsername: null,
        }),
      );
    });
    return toRealNameView(saved);
  }
}

/** The contributor's current check: their latest submission, or none. */
export function latestSubmission(manager: EntityManager, userId: string): Promise<RealNameSubmissionEntity | null> {
  return manager.getRepository(RealNameSubmissionEntity).findOne({ where: { userId }, order: { submittedAt: 'DESC', id: 'DESC' } });
}

export function toRealNameView(row: RealNameSubmissionEntity | null): RealNameView {
  if (!row) return { status: 'none', name: null, idNumberMasked: null, rejectReason: null, submittedAt: null, reviewedAt: null };
  return {
    status: row.status,
    name: row.name,
    idNumberMasked: row.idNumberMasked,
    rejectReason: row.rejectReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}
