import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ErrorCode,
  SIGNING_IMAGE_MAX_BYTES,
  SIGNING_IMAGE_TYPES,
  SIGNING_OPEN_FILES_MAX,
  SIGNING_RESUME_MAX_BYTES,
  SIGNING_RESUME_TYPES,
  type SigningFileKind,
  type SigningFileLink,
  type SigningFileLinkRequest,
  type SigningFileView,
  type SigningReviewImage,
} from '@mkt/contracts';
import { AppError, Clock, MultipartUploadNotFoundError, OBJECT_STORAGE, type ObjectStorage } from '@mkt/platform';
import { SigningFileEntity } from '../entities/signing-file.entity.js';
import { ID_DOCUMENT_BUCKET } from '../real-name/id-photos.service.js';
import { DOCUMENT_FILE_INSPECTOR, DOCUMENT_PREVIEW_TYPE, type DocumentFileInspector } from '@mkt/platform/media';
import { SigningRepository } from './signing.repository.js';

/**
 * Applicants' files sit with the ID-card photos in the private documents bucket, below their own
 * prefix: both are personal documents that leave only through short-lived links for staff.
 */
export const SIGNING_BUCKET = ID_DOCUMENT_BUCKET;
const PREFIX = 'signing';
/** How long the browser's upload link and staff's viewing links work. */
export const SIGNING_LINK_SECONDS = 300;
/** The window in which unused uploads count against SIGNING_OPEN_FILES_MAX. */
const OPEN_FILES_WINDOW_MS = 24 * 3600_000;

const RULES: Record<SigningFileKind, { types: readonly string[]; maxBytes: number }> = {
  image: { types: SIGNING_IMAGE_TYPES, maxBytes: SIGNING_IMAGE_MAX_BYTES },
  resume: { types: SIGNING_RESUME_TYPES, maxBytes: SIGNING_RESUME_MAX_BYTES },
};

/**
 * Representative images and résumés: uploaded by the browser straight to storage through a
 * signed link (one part, the whole file, as for ID-card photos and profile pictures), then
 * checked on their bytes before an application may use them. A file is its uploader's: every
 * other caller is told it does not exist.
 */
@Injectable()
export class SigningFilesService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(DOCUMENT_FILE_INSPECTOR) private readonly inspector: DocumentFileInspector,
    private readonly repository: SigningRepository,
    private readonly clock: Clock,
  ) {}

  async createLink(userId: string, request: SigningFileLinkRequest): Promise<SigningFileLink> {
    const rule = RULES[request.kind];
    if (!rule.types.includes(request.contentType) || request.size > rule.maxBytes) throw invalidFile(request.kind);
    const since = new Date(this.clock.now().getTime() - OPEN_FILES_WINDOW_MS);
    if ((await this.repository.openFileCount(this.dataSource.manager, userId, since)) >= SIGNING_OPEN_FILES_MAX) {
      throw new AppError(ErrorCode.SIGNING_OPEN_FILES_LIMIT, 'signingOpenFilesLimit', { max: SIGNING_OPEN_FILES_MAX });
    }
    const id = randomUUID();
    const key = `${PREFIX}/${userId}/${id}`;
    // The declared type is one the rule allows, so the object is never served as anything else.
    const uploadId = await this.storage.createMultipartUpload(SIGNING_BUCKET, key, { contentType: request.contentType });
    await this.dataSource.getRepository(SigningFileEntity).insert({
      id,
      userId,
      kind: request.kind,
      objectKey: key,
      previewKey: null,
      uploadId,
      contentType: request.contentType,
      size: request.size,
      width: null,
      height: null,
      status: 'pending',
    });
    const url = await this.storage.signedPartUploadUrl(SIGNING_BUCKET, key, uploadId, 1, SIGNING_LINK_SECONDS);
    return { fileId: id, url, expiresInSeconds: SIGNING_LINK_SECONDS };
  }

  /**
   * After the browser's PUT: assembles the upload and keeps the file when its bytes are what its
   * kind must be (a JPEG or PNG image, a PDF résumé) within the size limit; anything else is
   * deleted and refused. Calling it again for a kept file answers the same.
   */
  async complete(userId: string, fileId: string): Promise<SigningFileView> {
    const file = await this.owned(userId, fileId);
    if (file.status === 'stored') return toFileView(file);
    const maxBytes = RULES[file.kind].maxBytes;
    const parts = await this.storage.listParts(SIGNING_BUCKET, file.objectKey, file.uploadId!).catch((error: unknown) => {
      // Another call completed (or refused) it a moment ago.
      if (error instanceof MultipartUploadNotFoundError) return null;
      throw error;
    });
    if (!parts) return this.settled(userId, fileId);
    const part = parts.find((p) => p.partNumber === 1);
    // Nothing uploaded yet: the link still works, so the upload stays open for another try.
    if (!part) throw invalidFile(file.kind);
    if (parts.length > 1 || part.size > maxBytes) {
      await this.storage.abortMultipartUpload(SIGNING_BUCKET, file.objectKey, file.uploadId!);
      return this.discard(file);
    }
    const stored = await this.storage.completeMultipartUpload(SIGNING_BUCKET, file.objectKey, file.uploadId!, [{ partNumber: 1, etag: part.etag }]);
    if (stored.size > maxBytes) return this.discard(file);
    const bytes = await this.read(file.objectKey);
    const kept: Partial<SigningFileEntity> = { status: 'stored', uploadId: null, size: stored.size };
    if (file.kind === 'image') {
      const image = await this.inspector.image(bytes);
      if (!image) return this.discard(file);
      const previewKey = `${file.objectKey}.preview.webp`;
      await this.storage.put(SIGNING_BUCKET, previewKey, image.preview, { contentType: DOCUMENT_PREVIEW_TYPE, size: image.preview.length });
      Object.assign(kept, { contentType: image.contentType, width: image.width, height: image.height, previewKey });
    } else {
      if (!this.inspector.isPdf(bytes)) return this.discard(file);
      kept.contentType = 'application/pdf';
    }
    await this.dataSource.getRepository(SigningFileEntity).update({ id: file.id, status: 'pending' }, kept);
    return toFileView({ ...file, ...kept });
  }

  /**
   * The files an application names: each the applicant's, of the right kind, and checked. A
   * file still uploading is told apart from one that is not theirs.
   */
  async assertSubmittable(manager: EntityManager, userId: string, imageIds: string[], resumeFileId: string | null): Promise<void> {
    const wanted = resumeFileId ? [...imageIds, resumeFileId] : imageIds;
    const files = new Map((await this.repository.filesOf(manager, userId, wanted)).map((file) => [file.id, file]));
    const check = (id: string, kind: SigningFileKind) => {
      const file = files.get(id);
      if (!file || file.kind !== kind) throw fileNotFound();
      if (file.status !== 'stored') throw new AppError(ErrorCode.SIGNING_FILES_PENDING, 'signingFilesPending');
    };
    for (const id of imageIds) check(id, 'image');
    if (resumeFileId) check(resumeFileId, 'resume');
  }

  /** Signed links to show staff an application's images, in order: the preview and the file itself. */
  async imageLinks(images: SigningFileEntity[]): Promise<SigningReviewImage[]> {
    return Promise.all(
      images.map(async (file) => ({
        id: file.id,
        width: file.width ?? 0,
        height: file.height ?? 0,
        size: file.size,
        contentType: file.contentType,
        previewUrl: await this.storage.signedGetUrl(SIGNING_BUCKET, file.previewKey ?? file.objectKey, SIGNING_LINK_SECONDS),
        url: await this.storage.signedGetUrl(SIGNING_BUCKET, file.objectKey, SIGNING_LINK_SECONDS),
      })),
    );
  }

  resumeLink(file: SigningFileEntity): Promise<string> {
    return this.storage.signedGetUrl(SIGNING_BUCKET, file.objectKey, SIGNING_LINK_SECONDS, { downloadName: 'resume.pdf' });
  }

  private async owned(userId: string, fileId: string): Promise<SigningFileEntity> {
    const file = await this.dataSource.getRepository(SigningFileEntity).findOneBy({ id: fileId, userId });
    if (!file) throw fileNotFound();
    return file;
  }

  private async settled(userId: string, fileId: string): Promise<SigningFileView> {
    const file = await this.owned(userId, fileId);
    if (file.status !== 'stored') throw fileNotFound();
    return toFileView(file);
  }

  /** A refused file leaves nothing behind: neither the object nor the row. */
  private async discard(file: SigningFileEntity): Promise<never> {
    await this.storage.delete(SIGNING_BUCKET, file.objectKey);
    await this.dataSource.getRepository(SigningFileEntity).delete({ id: file.id, status: 'pending' });
    throw invalidFile(file.kind);
  }

  private async read(key: string): Promise<Buffer> {
    const { stream } = await this.storage.get(SIGNING_BUCKET, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

function toFileView(file: Pick<SigningFileEntity, 'id' | 'kind' | 'contentType' | 'size' | 'width' | 'height'>): SigningFileView {
  return { fileId: file.id, kind: file.kind, contentType: file.contentType, size: file.size, width: file.width, height: file.height };
}

const fileNotFound = () => new AppError(ErrorCode.SIGNING_FILE_NOT_FOUND, 'signingFileNotFound');
function invalidFile(kind: SigningFileKind): AppError {
  return kind === 'image'
    ? new AppError(ErrorCode.SIGNING_IMAGE_INVALID, 'signingImageInvalid', { maxMb: SIGNING_IMAGE_MAX_BYTES / (1024 * 1024) })
    : new AppError(ErrorCode.SIGNING_RESUME_INVALID, 'signingResumeInvalid', { maxMb: SIGNING_RESUME_MAX_BYTES / (1024 * 1024) });
}
