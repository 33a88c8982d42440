import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCode,
  maskMiddle,
  signingDraftProblems,
  type SigningApplicationView,
  type SigningFileLink,
  type SigningFileLinkRequest,
  type SigningFileView,
  type SigningStatusView,
  type SigningSubmitRequest,
  type CreationForm,
  type CreationTheme,
} from '@mkt/contracts';
import { AppError, Clock, FieldCipher } from '@mkt/platform';
import { UserEntity } from '../entities/user.entity.js';
import { blockedError, problemError, signingBlock } from './signing-rules.js';
import { SigningFilesService } from './signing-files.service.js';
import { SigningRepository } from './signing.repository.js';
import { toApplicationView, toProfileView } from './signing-views.js';

/**
 * A person's own signing applications (/join): what they sent and where it stands, the files
 * they upload for it, and the submission. When someone may apply is decided by signing-rules.
 */
@Injectable()
export class SigningService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly repository: SigningRepository,
    private readonly files: SigningFilesService,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
  ) {}

  async status(userId: string): Promise<SigningStatusView> {
    const manager = this.dataSource.manager;
    const user = await this.user(manager, userId);
    const rows = await this.repository.listForUser(manager, userId);
    const counts = await this.repository.imageCounts(manager, rows.map((row) => row.id));
    const profile = await this.repository.profile(manager, userId);
    const [resume] = profile?.resumeFileId ? await this.repository.filesOf(manager, userId, [profile.resumeFileId]) : [];
    const blockedBy = signingBlock(user.gid, rows[0]?.status ?? 'none');
    return {
      applications: rows.map((row) => toApplicationView(row, counts.get(row.id) ?? 0)),
      profile: toProfileView(profile, resume ?? null),
      canApply: blockedBy === null,
      blockedBy,
    };
  }

  async detail(userId: string, id: string): Promise<SigningApplicationView> {
    const row = await this.repository.findOwned(this.dataSource.manager, userId, id);
    if (!row) throw new AppError(ErrorCode.SIGNING_APPLICATION_NOT_FOUND, 'signingApplicationNotFound');
    const counts = await this.repository.imageCounts(this.dataSource.manager, [row.id]);
    return toApplicationView(row, counts.get(row.id) ?? 0);
  }

  /** Files are only taken while an application is possible, so nobody stores documents for nothing. */
  async fileLink(userId: string, request: SigningFileLinkRequest): Promise<SigningFileLink> {
    await this.assertCanApply(this.dataSource.manager, userId);
    return this.files.createLink(userId, request);
  }

  fileComplete(userId: string, fileId: string): Promise<SigningFileView> {
    return this.files.complete(userId, fileId);
  }

  async submit(userId: string, request: SigningSubmitRequest): Promise<SigningApplicationView> {
    // Someone who cannot apply hears that first, not what is wrong with a form they need not fill in.
    await this.assertCanApply(this.dataSource.manager, userId);
    const problems = signingDraftProblems(request);
    if (problems.length > 0) throw problemError(problems, request);
    try {
      return await this.dataSource.transaction(async (manager) => {
        // One application at a time per person: the second of two racing requests sees the first.
        await manager.query(`SELECT id FROM identity.users WHERE id = $1 FOR UPDATE`, [userId]);
        await this.assertCanApply(manager, userId);
        const imageIds = request.imageIds;
        await this.files.assertSubmittable(manager, userId, imageIds, request.profile.resumeFileId);
        const now = this.clock.now();
        const saved = await this.repository.insert(
          manager,
          {
            userId,
            status: 'pending',
            platforms: request.platforms.map((entry) => ({ platform: entry.platform, url: entry.url.trim() })),
            videoLinks: request.videoLinks.map((link) => link.trim()),
            realName: request.realName,
            idNumberEncrypted: this.cipher.encrypt(request.idNumber),
            idNumberMasked: maskMiddle(request.idNumber, 1, 1),
            address: request.address,
            wechatId: request.wechatId,
            quantity: request.quantity!,
            creationForms: request.creationForms as CreationForm[],
            themes: request.themes as CreationTheme[],
            rejectReason: null,
            submittedAt: now,
            reviewedAt: null,
            reviewedBy: null,
            reviewerUsername: null,
            grantedVideoFlag: null,
            grantedPhotoFlag: null,
          },
          imageIds,
        );
        await this.repository.saveProfile(manager, { userId, ...request.profile, updatedAt: now });
        return toApplicationView(saved, imageIds.length);
      });
    } catch (error) {
      // The unique index on live applications decides a race the row lock did not see.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505') throw blockedError('pending');
      throw error;
    }
  }

  private async assertCanApply(manager: EntityManager, userId: string): Promise<void> {
    const user = await this.user(manager, userId);
    const block = signingBlock(user.gid, (await this.repository.latest(manager, userId))?.status ?? 'none');
    if (block) throw blockedError(block);
  }

  private async user(manager: EntityManager, userId: string): Promise<UserEntity> {
    const user = await manager.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw AppError.tokenInvalid();
    return user;
  }
}
