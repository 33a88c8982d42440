import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ErrorCode, ID_PHOTO_MAX_BYTES, type IdPhotoLinkRequest, type IdPhotoSide, type IdPhotoUploadLink, type IdPhotoView } from '@mkt/contracts';
import { AppError, MultipartUploadNotFoundError, OBJECT_STORAGE, type ObjectStorage } from '@mkt/platform';
import { IdPhotoEntity } from '../entities/id-photo.entity.js';
import { ID_PHOTO_INSPECTOR, type IdPhotoInspector } from './id-photo-inspector.js';
import type { BucketName } from '@mkt/platform';

/** Private: identity-card photos leave only through five-minute signed links for reviewers. */
export const ID_DOCUMENT_BUCKET = 'identity-documents' satisfies BucketName;
/** How long the browser's upload link and a reviewer's photo link work. */
export const ID_PHOTO_LINK_SECONDS = 300;

/**
 * Identity-card photos: uploaded by the browser straight to storage through a signed link (one
 * part, the whole file), then checked on their content before anyone may use them. A photo is
 * its uploader's: every other caller is told it does not exist.
 */
@Injectable()
export class IdPhotosService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(ID_PHOTO_INSPECTOR) private readonly inspector: IdPhotoInspector,
  ) {}

  async createLink(userId: string, request: IdPhotoLinkRequest): Promise<IdPhotoUploadLink> {
    const id = randomUUID();
    const key = `${userId}/${id}`;
    // The declared type is one of ID_PHOTO_TYPES, so the object is never served as anything else.
    const uploadId = await this.storage.createMultipartUpload(ID_DOCUMENT_BUCKET, key, { contentType: request.contentType });
    await this.dataSource.getRepository(IdPhotoEntity).insert({
      id,
      userId,
      side: request.side,
      objectKey: key,
      uploadId,
      contentType: request.contentType,
      size: request.size,
      status: 'pending',
    });
    const url = await this.storage.signedPartUploadUrl(ID_DOCUMENT_BUCKET, key, uploadId, 1, ID_PHOTO_LINK_SECONDS);
    return { photoId: id, url, expiresInSeconds: ID_PHOTO_LINK_SECONDS };
  }

  /**
   * After the browser's PUT: assembles the upload and keeps the photo when its bytes are a JPEG or
   * PNG within the size limit; anything else is deleted and refused. Calling it again for a kept
   * photo answers the same.
   */
  async complete(userId: string, photoId: string): Promise<IdPhotoView> {
    const photo = await this.owned(userId, photoId);
    if (photo.status === 'stored') return toPhotoView(photo);
    const parts = await this.storage.listParts(ID_DOCUMENT_BUCKET, photo.objectKey, photo.uploadId!).catch((error: unknown) => {
      // Another call completed (or refused) it a moment ago.
      if (error instanceof MultipartUploadNotFoundError) return null;
      throw error;
    });
    if (!parts) return this.settled(userId, photoId);
    const part = parts.find((p) => p.partNumber === 1);
    // Nothing uploaded yet: the link still works, so the upload stays open for another try.
    if (!part) throw invalidPhoto();
    if (parts.length > 1 || part.size > ID_PHOTO_MAX_BYTES) {
      await this.storage.abortMultipartUpload(ID_DOCUMENT_BUCKET, photo.objectKey, photo.uploadId!);
      return this.discard(photo);
    }
    const stored = await this.storage.completeMultipartUpload(ID_DOCUMENT_BUCKET, photo.objectKey, photo.uploadId!, [{ partNumber: 1, etag: part.etag }]);
    const content = stored.size <= ID_PHOTO_MAX_BYTES ? await this.inspector.inspect(await this.read(photo.objectKey)) : null;
    if (!content) return this.discard(photo);
    await this.dataSource
      .getRepository(IdPhotoEntity)
      .update({ id: photo.id, status: 'pending' }, { status: 'stored', uploadId: null, contentType: content.contentType, size: stored.size });
    return toPhotoView({ ...photo, contentType: content.contentType, size: stored.size });
  }

  /** Both photos of a submission: stored, the caller's, each on its side; anything else is not found. */
  async assertSubmittable(manager: EntityManager, userId: string, photos: Record<IdPhotoSide, string>): Promise<void> {
    for (const [side, id] of Object.entries(photos) as [IdPhotoSide, string][]) {
      const photo = await manager.getRepository(IdPhotoEntity).findOneBy({ id, userId });
      if (!photo || photo.status !== 'stored' || photo.side !== side) throw photoNotFound();
    }
  }

  /** Signed links to show staff the two photos of a submission. */
  async viewLinks(portraitPhotoId: string, emblemPhotoId: string): Promise<{ portraitUrl: string; emblemUrl: string }> {
    const photos = await this.dataSource.getRepository(IdPhotoEntity).findBy([{ id: portraitPhotoId }, { id: emblemPhotoId }]);
    const link = (id: string) => {
      const photo = photos.find((p) => p.id === id);
      if (!photo) throw photoNotFound();
      return this.storage.signedGetUrl(ID_DOCUMENT_BUCKET, photo.objectKey, ID_PHOTO_LINK_SECONDS);
    };
    const [portraitUrl, emblemUrl] = await Promise.all([link(portraitPhotoId), link(emblemPhotoId)]);
    return { portraitUrl, emblemUrl };
  }

  private async owned(userId: string, photoId: string): Promise<IdPhotoEntity> {
    const photo = await this.dataSource.getRepository(IdPhotoEntity).findOneBy({ id: photoId, userId });
    if (!photo) throw photoNotFound();
    return photo;
  }

  private async settled(userId: string, photoId: string): Promise<IdPhotoView> {
    const photo = await this.owned(userId, photoId);
    if (photo.status !== 'stored') throw photoNotFound();
    return toPhotoView(photo);
  }

  /** A refused file leaves nothing behind: neither the object nor the row. */
  private async discard(photo: IdPhotoEntity): Promise<never> {
    await this.storage.delete(ID_DOCUMENT_BUCKET, photo.objectKey);
    await this.dataSource.getRepository(IdPhotoEntity).delete({ id: photo.id, status: 'pending' });
    throw invalidPhoto();
  }

  private async read(key: string): Promise<Buffer> {
    const { stream } = await this.storage.get(ID_DOCUMENT_BUCKET, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

function toPhotoView(photo: Pick<IdPhotoEntity, 'id' | 'side' | 'contentType' | 'size'>): IdPhotoView {
  return { photoId: photo.id, side: photo.side, contentType: photo.contentType, size: photo.size };
}

const photoNotFound = () => new AppError(ErrorCode.ID_PHOTO_NOT_FOUND, 'idPhotoNotFound');
const invalidPhoto = () => new AppError(ErrorCode.ID_PHOTO_INVALID, 'idPhotoInvalid', { maxMb: ID_PHOTO_MAX_BYTES / (1024 * 1024) });
