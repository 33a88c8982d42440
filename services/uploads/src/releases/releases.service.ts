import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCode,
  RELEASE_MAX_BYTES,
  type ReleaseContentType,
  type ReleaseLinkRequest,
  type ReleaseListRequest,
  type ReleaseListResponse,
  type ReleaseUploadLink,
  type ReleaseView,
} from '@mkt/contracts';
import { AppError, Clock, MultipartUploadNotFoundError, OBJECT_STORAGE, chinaDate, type AuthenticatedUser, type BucketName, type ObjectStorage } from '@mkt/platform';
import { DOCUMENT_FILE_INSPECTOR, type DocumentFileInspector } from '@mkt/platform/media';
import { ReleaseEntity } from '../entities/release.entity.js';
import { assertContributor } from '../rights.js';

/** Private: a release leaves only through five-minute links for its contributor and reviewers. */
export const RELEASE_BUCKET = 'releases' satisfies BucketName;
/** How long the browser's upload link and a viewing link work. */
export const RELEASE_LINK_SECONDS = 300;
/** Upload links asked for and never completed, per contributor: enough for a shoot's batch of forms. */
const OPEN_UPLOADS_MAX = 50;

/**
 * The contributor's release library: forms uploaded by the browser straight to the private
 * bucket through a signed link (one part, the whole file, as for ID-card photos), checked on
 * their bytes before any upload may carry them. A release is its contributor's: every other
 * caller is told it does not exist.
 */
@Injectable()
export class ReleasesService implements OnModuleInit {
  constructor(
    @InjectDataSource('uploads') private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(DOCUMENT_FILE_INSPECTOR) private readonly inspector: DocumentFileInspector,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.storage.ensureBucket(RELEASE_BUCKET);
  }

  async list(user: AuthenticatedUser, request: ReleaseListRequest): Promise<ReleaseListResponse> {
    assertContributor(user);
    const [rows, total] = await this.dataSource.getRepository(ReleaseEntity).findAndCount({
      where: { contributorId: user.userId, status: 'stored', ...(request.kind ? { kind: request.kind } : {}) },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (request.pageNo - 1) * request.pageSize,
      take: request.pageSize,
    });
    const counts = await this.attachmentCounts(this.dataSource.manager, rows.map((row) => row.id));
    return { infos: rows.map((row) => toReleaseView(row, counts.get(row.id) ?? 0)), total };
  }

  async createLink(user: AuthenticatedUser, request: ReleaseLinkRequest): Promise<ReleaseUploadLink> {
    assertContributor(user);
    if (request.signedOn > chinaDate(this.clock.now())) throw invalidRelease();
    const repository = this.dataSource.getRepository(ReleaseEntity);
    if ((await repository.countBy({ contributorId: user.userId, status: 'pending' })) >= OPEN_UPLOADS_MAX) throw invalidRelease();
    const id = randomUUID();
    const key = `${user.userId}/${id}`;
    // The declared type is one of RELEASE_TYPES, so the object is never served as anything else.
    const uploadId = await this.storage.createMultipartUpload(RELEASE_BUCKET, key, { contentType: request.contentType });
    await repository.insert({
      id,
      contributorId: user.userId,
      kind: request.kind,
      name: request.name,
      signedOn: request.signedOn,
      objectKey: key,
      uploadId,
      contentType: request.contentType,
      size: request.size,
      status: 'pending',
      createdAt: this.clock.now(),
    });
    const url = await this.storage.signedPartUploadUrl(RELEASE_BUCKET, key, uploadId, 1, RELEASE_LINK_SECONDS);
    return { id, url, expiresInSeconds: RELEASE_LINK_SECONDS };
  }

  /**
   * After the browser's PUT: assembles the upload and keeps the form when its bytes are a PDF, a
   * JPEG or a PNG within the size limit; anything else is deleted and refused. Calling it again
   * for a kept form answers the same.
   */
  async complete(user: AuthenticatedUser, id: string): Promise<ReleaseView> {
    const release = await this.owned(user, id, true);
    if (release.status === 'stored') return toReleaseView(release, await this.attachedTo(release.id));
    const parts = await this.storage.listParts(RELEASE_BUCKET, release.objectKey, release.uploadId!).catch((error: unknown) => {
      // Another call completed (or refused) it a moment ago.
      if (error instanceof MultipartUploadNotFoundError) return null;
      throw error;
    });
    if (!parts) return this.settled(user, id);
    const part = parts.find((p) => p.partNumber === 1);
    // Nothing uploaded yet: the link still works, so the upload stays open for another try.
    if (!part) throw invalidRelease();
    if (parts.length > 1 || part.size > RELEASE_MAX_BYTES) {
      await this.storage.abortMultipartUpload(RELEASE_BUCKET, release.objectKey, release.uploadId!);
      return this.discard(release);
    }
    const stored = await this.storage.completeMultipartUpload(RELEASE_BUCKET, release.objectKey, release.uploadId!, [{ partNumber: 1, etag: part.etag }]);
    const contentType = stored.size <= RELEASE_MAX_BYTES ? await this.contentTypeOf(await this.read(release.objectKey)) : null;
    if (!contentType) return this.discard(release);
    await this.dataSource
      .getRepository(ReleaseEntity)
      .update({ id: release.id, status: 'pending' }, { status: 'stored', uploadId: null, contentType, size: stored.size });
    return toReleaseView({ ...release, contentType, size: stored.size }, 0);
  }

  /** A five-minute link to the contributor's own form. */
  async viewLink(user: AuthenticatedUser, id: string): Promise<{ url: string; expiresInSeconds: number }> {
    const release = await this.owned(user, id, false);
    return { url: await this.fileLink(release), expiresInSeconds: RELEASE_LINK_SECONDS };
  }

  /** A form attached to nothing leaves with its file; one an upload carries stays (its material may be on sale). */
  async remove(user: AuthenticatedUser, id: string): Promise<void> {
    assertContributor(user);
    const objectKey = await this.dataSource.transaction(async (manager) => {
      const release = await manager.getRepository(ReleaseEntity).findOne({ where: { id, contributorId: user.userId }, lock: { mode: 'pessimistic_write' } });
      if (!release) throw releaseNotFound();
      const count = await this.attachedTo(release.id, manager);
      if (count > 0) throw new AppError(ErrorCode.RELEASE_IN_USE, 'releaseInUse', { count });
      await manager.getRepository(ReleaseEntity).delete({ id });
      return release.objectKey;
    });
    // After the row: a file left by a failed delete is unreachable, never a row without its file.
    await this.storage.delete(RELEASE_BUCKET, objectKey).catch(() => undefined);
  }

  /**
   * The caller's stored releases among `ids`, in the order asked, duplicates dropped; any id that
   * is not one of them (another contributor's, a pending or a made-up one) is not found.
   */
  async ownStored(manager: EntityManager, contributorId: string, ids: readonly string[]): Promise<ReleaseEntity[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    // Shared locks: a delete of one of them waits for this transaction, and then finds it attached.
    const rows = await manager.getRepository(ReleaseEntity).find({ where: { id: In(unique), contributorId, status: 'stored' }, lock: { mode: 'pessimistic_read' } });
    if (rows.length !== unique.length) throw releaseNotFound();
    return unique.map((id) => rows.find((row) => row.id === id)!);
  }

  async byIds(ids: readonly string[]): Promise<ReleaseEntity[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.getRepository(ReleaseEntity).findBy({ id: In([...ids]), status: 'stored' });
    return ids.map((id) => rows.find((row) => row.id === id)).filter((row): row is ReleaseEntity => row !== undefined);
  }

  fileLink(release: ReleaseEntity): Promise<string> {
    return this.storage.signedGetUrl(RELEASE_BUCKET, release.objectKey, RELEASE_LINK_SECONDS);
  }

  private async contentTypeOf(bytes: Buffer): Promise<ReleaseContentType | null> {
    if (this.inspector.isPdf(bytes)) return 'application/pdf';
    return (await this.inspector.image(bytes))?.contentType ?? null;
  }

  private async attachedTo(id: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    return (await this.attachmentCounts(manager, [id])).get(id) ?? 0;
  }

  /** Live uploads (not deleted) carrying each release. */
  private async attachmentCounts(manager: EntityManager, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows: { id: string; count: number }[] = await manager.query(
      `SELECT r.id, count(*)::int AS count FROM unnest($1::uuid[]) AS r(id)
       JOIN uploads.uploads u ON u."release_ids" @> ARRAY[r.id] AND u."deleted_at" IS NULL GROUP BY r.id`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.count]));
  }

  private async owned(user: AuthenticatedUser, id: string, pendingToo: boolean): Promise<ReleaseEntity> {
    assertContributor(user);
    const release = await this.dataSource.getRepository(ReleaseEntity).findOneBy({ id, contributorId: user.userId });
    if (!release || (!pendingToo && release.status !== 'stored')) throw releaseNotFound();
    return release;
  }

  private async settled(user: AuthenticatedUser, id: string): Promise<ReleaseView> {
    const release = await this.owned(user, id, false);
    return toReleaseView(release, await this.attachedTo(id));
  }

  /** A refused file leaves nothing behind: neither the object nor the row. */
  private async discard(release: ReleaseEntity): Promise<never> {
    await this.storage.delete(RELEASE_BUCKET, release.objectKey);
    await this.dataSource.getRepository(ReleaseEntity).delete({ id: release.id, status: 'pending' });
    throw invalidRelease();
  }

  private async read(key: string): Promise<Buffer> {
    const { stream } = await this.storage.get(RELEASE_BUCKET, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

export function toReleaseView(release: ReleaseEntity, attachedTo: number): ReleaseView {
  return {
    id: release.id,
    kind: release.kind,
    name: release.name,
    signedOn: release.signedOn,
    contentType: release.contentType,
    size: release.size,
    attachedTo,
    createdAt: release.createdAt.toISOString(),
  };
}

export const releaseNotFound = () => new AppError(ErrorCode.RELEASE_NOT_FOUND, 'releaseNotFound');
const invalidRelease = () => new AppError(ErrorCode.RELEASE_INVALID, 'releaseInvalid', { maxMb: RELEASE_MAX_BYTES / (1024 * 1024) });
