import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCode,
  UPLOAD_LIMITS,
  UploadCompleted,
  checkPhotoFile,
  checkVideoFile,
  type UploadKind,
  type UploadLimitsResponse,
  type UploadRuleBroken,
  type UploadStsRequest,
  type UploadStsResponse,
  type UploadSuccessRequest,
  type UploadTokenRequest,
  type UploadTokenResponse,
} from '@mkt/contracts';
import { AppError, Clock, formatObjectLocation, OBJECT_STORAGE, OutboxWriter, type AuthenticatedUser, type ObjectStorage } from '@mkt/platform';
import { UploadEntity } from '../entities/upload.entity.js';
import { UPLOAD_BUCKETS, originalKey } from '../locations.js';
import { assertMayUpload } from '../rights.js';
import { storageRefusal } from './storage-refusal.js';
import { UPLOAD_SETTINGS, type UploadSettings } from '../uploads.settings.js';
import { uploadTransition } from '../upload-lifecycle.js';

export function ruleError(broken: UploadRuleBroken): AppError {
  return new AppError(broken.key === 'uploadDuplicateName' ? ErrorCode.UPLOAD_DUPLICATE_NAME : ErrorCode.UPLOAD_RULE_BROKEN, broken.key, broken.params ?? {});
}

/**
 * Upload sessions (spec section 7 "Upload and download"): the token call opens a multipart upload
 * in the originals bucket (or hands back the open one of the same file, with the parts already
 * stored: the checkpoint), the sts call signs part links, the success call assembles the parts
 * and records `upload.completed` for the worker. Nothing here reads the file's content.
 */
@Injectable()
export class UploadSessionService implements OnModuleInit {
  private readonly logger = new Logger('UploadSessions');

  constructor(
    @InjectDataSource('uploads') private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(UPLOAD_SETTINGS) private readonly settings: UploadSettings,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  /** Buckets are never created on the fly by other calls: make sure ours exist once at start. */
  async onModuleInit(): Promise<void> {
    for (const bucket of Object.values(UPLOAD_BUCKETS)) await this.storage.ensureBucket(bucket);
  }

  /** The part size this store accepts: the spec's 1 MB, or an S3-compatible store's 5 MiB minimum. */
  get partSize(): number {
    return Math.max(UPLOAD_LIMITS.partSize, this.storage.minPartSize);
  }

  limits(): UploadLimitsResponse {
    return {
      videoMinBytes: this.settings.overrides.videoMinBytes ?? UPLOAD_LIMITS.videoMinBytes,
      videoMaxBytes: UPLOAD_LIMITS.videoMaxBytes,
      photoMaxBytes: UPLOAD_LIMITS.photoMaxBytes,
      partSize: this.partSize,
      parallelParts: UPLOAD_LIMITS.parallelParts,
      partRetries: UPLOAD_LIMITS.partRetries,
    };
  }

  async start(user: AuthenticatedUser, kind: UploadKind, request: UploadTokenRequest): Promise<UploadTokenResponse> {
    assertMayUpload(user, kind);
    const file = { name: request.fileName, size: request.fileSize };
    const declared = request.width && request.height ? { width: request.width, height: request.height } : undefined;
    const broken = kind === 'video' ? checkVideoFile(file, this.settings.overrides) : checkPhotoFile(file, declared);
    if (broken) throw ruleError(broken);

    const repository = this.dataSource.getRepository(UploadEntity);
    const open = await repository.findOneBy({ contributorId: user.userId, kind, fileName: request.fileName, fileSize: request.fileSize, status: 'uploading' });
    if (open && open.deletedAt === null && open.multipartUploadId) {
      try {
        const stored = await this.storage.listParts(UPLOAD_BUCKETS.originals, open.filePath, open.multipartUploadId);
        // A resume keeps the parts another week (AbandonedUploadsSweeper).
        await repository.update(open.id, { updatedAt: this.clock.now() });
        return this.tokenResponse(open, stored.filter((part) => part.size === this.expectedPartSize(open, part.partNumber)).map((part) => part.partNumber));
      } catch {
        // The store lost or expired the multipart upload: end this session and start afresh.
        await repository.update(open.id, { deletedAt: this.clock.now() });
      }
    }

    const key = originalKey(user.userId, randomUUID(), request.fileName);
    const contentType = kind === 'video' ? 'video/mp4' : /\.png$/i.test(request.fileName) ? 'image/png' : 'image/jpeg';
    const partSize = this.partSize;
    // Every part but the last has this size (assemble() checks it), so the local store writes them in place.
    const multipartUploadId = await this.storage.createMultipartUpload(UPLOAD_BUCKETS.originals, key, { contentType, partSize });
    const now = this.clock.now();
    const saved = await repository.save(
      repository.create({
        contributorId: user.userId,
        kind,
        status: 'uploading',
        fileName: request.fileName,
        fileSize: request.fileSize,
        filePath: key,
        multipartUploadId,
        partSize,
        partCount: Math.max(1, Math.ceil(request.fileSize / partSize)),
        declaredWidth: request.width ?? null,
        declaredHeight: request.height ?? null,
        // Titled in the details step; the file name is not a title buyers should see.
        titleZh: '',
        titleEn: '',
        nearDuplicates: [],
        createdAt: now,
        updatedAt: now,
      }),
    );
    // Same name and size as a file of theirs already sent: said now; the same picture under
    // another name is flagged to the reviewer once fingerprinted (near-duplicates).
    const earlier = await repository.findOne({
      where: { contributorId: user.userId, kind, fileName: request.fileName, fileSize: request.fileSize, deletedAt: IsNull(), status: Not('uploading') },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return {
      ...this.tokenResponse(saved, []),
      earlierUpload: earlier ? { id: earlier.id, status: earlier.status, createdAt: earlier.createdAt.toISOString() } : null,
    };
  }

  async credentials(user: AuthenticatedUser, request: UploadStsRequest): Promise<UploadStsResponse> {
    const upload = await this.openSession(user, request.filePath);
    const expiresIn = this.settings.linkSeconds;
    const parts = await Promise.all(
      [...new Set(request.partNumbers)].map(async (partNumber) => {
        if (partNumber > upload.partCount) throw AppError.validation(`partNumber ${partNumber} is beyond the file's ${upload.partCount} parts`);
        return { partNumber, url: await this.storage.signedPartUploadUrl(UPLOAD_BUCKETS.originals, upload.filePath, upload.multipartUploadId!, partNumber, expiresIn) };
      }),
    );
    const expiration = new Date(this.clock.now().getTime() + expiresIn * 1000).toISOString();
    // The original product's STS fields; here the signed links are the credentials, scoped to this session's parts.
    return { accessKeyId: `upload-${upload.id}`, accessKeySecret: '', securityToken: '', expiration, parts };
  }

  async complete(user: AuthenticatedUser, kind: UploadKind, request: UploadSuccessRequest): Promise<{ id: number; status: string }> {
    assertMayUpload(user, kind);
    const repository = this.dataSource.getRepository(UploadEntity);
    const upload = await repository.findOneBy({ contributorId: user.userId, filePath: request.filePath, kind });
    if (!upload || upload.deletedAt) throw new AppError(ErrorCode.UPLOAD_FILE_PATH_ERROR, 'uploadFilePathError');
    if (upload.fileName !== request.fileName || upload.fileSize !== request.fileSize) throw new AppError(ErrorCode.UPLOAD_FILE_PATH_ERROR, 'uploadFilePathError');
    // A repeated success call (the browser retried after a lost answer) gets the same answer.
    if (upload.status !== 'uploading') return { id: upload.id, status: upload.status };

    // An earlier success call may have assembled the file and then failed to record it: the
    // multipart upload is gone but the original is there, so only the record is missing.
    try {
      await this.assemble(upload);
    } catch (error) {
      const refusal = storageRefusal(error);
      if (refusal.code !== ErrorCode.UPLOAD_INCOMPLETE) {
        this.logger.warn({ uploadId: upload.id, err: error instanceof Error ? error.message : String(error) }, 'upload not finished: the file store failed');
      }
      throw refusal;
    }

    await this.dataSource.transaction(async (manager: EntityManager) => {
      // Only a session still open: the contributor may have removed it, or the sweeper ended it, meanwhile.
      const { affected } = await manager.getRepository(UploadEntity).update(
        { id: upload.id, status: 'uploading', deletedAt: IsNull() },
        {
          status: uploadTransition(upload.status, 'complete'),
          multipartUploadId: null,
          declaredWidth: request.width ?? upload.declaredWidth,
          declaredHeight: request.height ?? upload.declaredHeight,
          updatedAt: this.clock.now(),
        },
      );
      if (affected !== 1) throw new AppError(ErrorCode.UPLOAD_FILE_PATH_ERROR, 'uploadFilePathError');
      await this.outbox.add(manager, UploadCompleted, String(upload.id), {
        uploadId: upload.id,
        contributorId: upload.contributorId,
        kind: upload.kind,
        fileName: upload.fileName,
        fileSize: upload.fileSize,
        originalKey: formatObjectLocation(UPLOAD_BUCKETS.originals, upload.filePath),
      });
    });
    return { id: upload.id, status: 'transcoding' };
  }

  /** The original, put together from its parts unless an earlier call did; refuses while a part is missing. */
  private async assemble(upload: UploadEntity): Promise<void> {
    const assembled = await this.storage.stat(UPLOAD_BUCKETS.originals, upload.filePath);
    if (assembled && assembled.size === upload.fileSize) return;
    const stored = await this.storage.listParts(UPLOAD_BUCKETS.originals, upload.filePath, upload.multipartUploadId!);
    const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
    for (let partNumber = 1; partNumber <= upload.partCount; partNumber++) {
      const part = byNumber.get(partNumber);
      if (!part || part.size !== this.expectedPartSize(upload, partNumber)) throw new AppError(ErrorCode.UPLOAD_INCOMPLETE, 'uploadIncomplete');
    }
    const parts = Array.from({ length: upload.partCount }, (_, i) => ({ partNumber: i + 1, etag: byNumber.get(i + 1)!.etag }));
    const object = await this.storage.completeMultipartUpload(UPLOAD_BUCKETS.originals, upload.filePath, upload.multipartUploadId!, parts);
    if (object.size !== upload.fileSize) throw new AppError(ErrorCode.UPLOAD_INCOMPLETE, 'uploadIncomplete');
  }

  /** Only the owner's unfinished session answers; any other path is 'File path error'. */
  private async openSession(user: AuthenticatedUser, filePath: string): Promise<UploadEntity> {
    const upload = await this.dataSource.getRepository(UploadEntity).findOneBy({ contributorId: user.userId, filePath, status: 'uploading' });
    if (!upload || upload.deletedAt || !upload.multipartUploadId) throw new AppError(ErrorCode.UPLOAD_FILE_PATH_ERROR, 'uploadFilePathError');
    assertMayUpload(user, upload.kind);
    return upload;
  }

  private expectedPartSize(upload: Pick<UploadEntity, 'fileSize' | 'partSize' | 'partCount'>, partNumber: number): number {
    return partNumber < upload.partCount ? upload.partSize : upload.fileSize - upload.partSize * (upload.partCount - 1);
  }

  private tokenResponse(upload: UploadEntity, uploadedParts: number[]): UploadTokenResponse {
    return {
      bucketName: UPLOAD_BUCKETS.originals,
      filePath: upload.filePath,
      uploadId: String(upload.id),
      partSize: upload.partSize,
      partCount: upload.partCount,
      uploadedParts: uploadedParts.sort((a, b) => a - b),
    };
  }
}
