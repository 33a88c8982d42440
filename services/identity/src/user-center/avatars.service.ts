import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AVATAR_MAX_BYTES, ErrorCode, type AvatarLinkRequest, type AvatarUploadLink, type UserView } from '@mkt/contracts';
import { AppError, MultipartUploadNotFoundError, OBJECT_STORAGE, formatObjectLocation, parseObjectLocation, type ObjectStorage } from '@mkt/platform';
import { AvatarUploadEntity } from '../entities/avatar-upload.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { toUserView } from '../sign-in/user-view.js';
import { AVATAR_BUCKET } from './avatar-location.js';
import { AVATAR_RENDERER, type AvatarRenderer } from './avatar-renderer.js';

/** How long the browser's upload link works. */
export const AVATAR_LINK_SECONDS = 300;
const RENDITION_TYPE = 'image/webp';

/**
 * Profile pictures: the browser uploads the original straight to storage through a signed link
 * (one part, the whole file, as for ID-card photos); the server then checks the bytes and keeps
 * only a 256 px square rendition. An upload is its uploader's: everyone else is told it does not exist.
 */
@Injectable()
export class AvatarsService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(AVATAR_RENDERER) private readonly renderer: AvatarRenderer,
  ) {}

  async createLink(userId: string, request: AvatarLinkRequest): Promise<AvatarUploadLink> {
    const id = randomUUID();
    const key = `uploads/${userId}/${id}`;
    const uploadId = await this.storage.createMultipartUpload(AVATAR_BUCKET, key, { contentType: request.contentType });
    await this.dataSource.getRepository(AvatarUploadEntity).insert({ id, userId, objectKey: key, uploadId });
    const url = await this.storage.signedPartUploadUrl(AVATAR_BUCKET, key, uploadId, 1, AVATAR_LINK_SECONDS);
    return { avatarId: id, url, expiresInSeconds: AVATAR_LINK_SECONDS };
  }

  /** After the browser's PUT: keeps a rendition of a real JPEG, PNG or WebP within 5 MB and makes it the user's picture. */
  async complete(userId: string, avatarId: string): Promise<UserView> {
    const upload = await this.dataSource.getRepository(AvatarUploadEntity).findOneBy({ id: avatarId, userId });
    if (!upload) throw avatarNotFound();
    const parts = await this.storage.listParts(AVATAR_BUCKET, upload.objectKey, upload.uploadId).catch((error: unknown) => {
      if (error instanceof MultipartUploadNotFoundError) return null;
      throw error;
    });
    // Another call finished it a moment ago.
    if (!parts) throw avatarNotFound();
    const part = parts.find((p) => p.partNumber === 1);
    // Nothing uploaded yet: the link still works, so the upload stays open for another try.
    if (!part) throw invalidAvatar();
    if (parts.length > 1 || part.size > AVATAR_MAX_BYTES) {
      await this.storage.abortMultipartUpload(AVATAR_BUCKET, upload.objectKey, upload.uploadId);
      return this.discard(upload);
    }
    const stored = await this.storage.completeMultipartUpload(AVATAR_BUCKET, upload.objectKey, upload.uploadId, [{ partNumber: 1, etag: part.etag }]);
    const rendition = stored.size <= AVATAR_MAX_BYTES ? await this.renderer.render(await this.read(upload.objectKey)) : null;
    if (!rendition) return this.discard(upload);
    const renditionKey = `${userId}/${upload.id}.webp`;
    await this.storage.put(AVATAR_BUCKET, renditionKey, rendition, { contentType: RENDITION_TYPE, size: rendition.length });
    await this.storage.delete(AVATAR_BUCKET, upload.objectKey);
    const { user, previous } = await this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(UserEntity);
      const user = await users.findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw AppError.tokenInvalid();
      const previous = user.avatarKey;
      user.avatarKey = formatObjectLocation(AVATAR_BUCKET, renditionKey);
      await users.update(user.id, { avatarKey: user.avatarKey });
      await manager.getRepository(AvatarUploadEntity).delete({ id: upload.id });
      return { user, previous };
    });
    const old = parseObjectLocation(previous);
    if (old && old.bucket === AVATAR_BUCKET && old.key !== renditionKey) await this.storage.delete(AVATAR_BUCKET, old.key);
    return toUserView(user);
  }

  /** The rendition at `key` when it is someone's current picture; null otherwise (old, pending or made-up keys). */
  async open(key: string): Promise<{ stream: Readable; size: number; etag: string } | null> {
    if (!key || key.length > 200 || key.startsWith('uploads/')) return null;
    const owner = await this.dataSource.getRepository(UserEntity).exists({ where: { avatarKey: formatObjectLocation(AVATAR_BUCKET, key) } });
    if (!owner) return null;
    const stat = await this.storage.stat(AVATAR_BUCKET, key);
    if (!stat) return null;
    const { stream } = await this.storage.get(AVATAR_BUCKET, key);
    return { stream, size: stat.size, etag: stat.etag };
  }

  /** A refused file leaves nothing behind: neither the object nor the row. */
  private async discard(upload: AvatarUploadEntity): Promise<never> {
    await this.storage.delete(AVATAR_BUCKET, upload.objectKey);
    await this.dataSource.getRepository(AvatarUploadEntity).delete({ id: upload.id });
    throw invalidAvatar();
  }

  private async read(key: string): Promise<Buffer> {
    const { stream } = await this.storage.get(AVATAR_BUCKET, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

const avatarNotFound = () => new AppError(ErrorCode.AVATAR_NOT_FOUND, 'avatarNotFound');
const invalidAvatar = () => new AppError(ErrorCode.AVATAR_INVALID, 'avatarInvalid', { maxMb: AVATAR_MAX_BYTES / (1024 * 1024) });
