import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, IsNull, type DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';
import {
  DETAILS_EDITABLE_STATUSES,
  ErrorCode,
  MATERIAL_CENTER_TABS,
  type ContributedMaterial,
  type MaterialCenterTab,
  type MaterialDetailsRequest,
  type MaterialListResponse,
  type MaterialUpdateRequest,
  type UploadStatus,
} from '@mkt/contracts';
import { AppError, Clock, OBJECT_STORAGE, parseObjectLocation, type AuthenticatedUser, type ObjectStorage } from '@mkt/platform';
import { UploadEntity } from '../entities/upload.entity.js';
import { assertContributor, assertMayEdit } from '../rights.js';
import { uploadTransition } from '../upload-lifecycle.js';
import { UPLOAD_SETTINGS, type UploadSettings } from '../uploads.settings.js';
import { ReleasesService } from '../releases/releases.service.js';

/** Files still on their way to the catalogue: being transcoded, failed, or waiting for review. */
const WAITING: UploadStatus[] = ['transcoding', 'failed', 'waiting'];

/** Which rows each material-centre tab shows (query `tab`, spec section 2). */
export function tabFilter(tab: MaterialCenterTab): Pick<FindOptionsWhere<UploadEntity>, 'kind' | 'status'> {
  switch (tab) {
    case 'home':
      return { status: In(['transcoding', 'failed', 'waiting', 'published', 'rejected', 'unpublished']) };
    case 'videoWaiting':
      return { kind: 'video', status: In(WAITING) };
    case 'photoWaiting':
      return { kind: 'photo', status: In(WAITING) };
    case 'published':
      return { status: 'published' };
    case 'rejected':
      return { status: 'rejected' };
  }
}

/** Signs short-lived links to a row's renditions; the material is not public before review. */
export class RenditionLinks {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly seconds: number,
  ) {}

  async link(location: string | null): Promise<string | null> {
    const ref = parseObjectLocation(location);
    return ref ? this.storage.signedGetUrl(ref.bucket, ref.key, this.seconds) : null;
  }

  async view(row: UploadEntity): Promise<ContributedMaterial> {
    const [thumbnail, url480, previewStrip] = await Promise.all([this.link(row.thumbnailKey), this.link(row.preview480Key), this.link(row.previewStripKey)]);
    return {
      id: row.id,
      kind: row.kind,
      fileName: row.fileName,
      fileSize: row.fileSize,
      status: row.status,
      reason: row.reason,
      titleZh: row.titleZh,
      titleEn: row.titleEn,
      keywordsZh: row.keywordsZh,
      keywordsEn: row.keywordsEn,
      descriptionZh: row.descriptionZh,
      descriptionEn: row.descriptionEn,
      categoryId: row.categoryId,
      filters: row.filters ?? {},
      detailsAt: row.detailsAt?.toISOString() ?? null,
      releases: { recognizablePeople: row.recognizablePeople, privateProperty: row.privateProperty, releaseIds: row.releaseIds, editorialOnly: row.editorialOnly },
      width: row.width,
      height: row.height,
      durationSeconds: row.durationSeconds,
      fps: row.fps,
      codec: row.codec,
      colorSpace: row.colorSpace,
      colorTransfer: row.colorTransfer,
      thumbnail,
      url480,
      previewStrip,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}

/** Tags in their order, without blanks and without repeats that differ only in case. */
export function distinctKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  return keywords.map((keyword) => keyword.trim().replace(/\s+/g, ' ')).filter((keyword) => {
    const key = keyword.toLowerCase();
    if (!keyword || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The contributor's own files (material centre, /WorkDetail): every query is scoped to the caller. */
@Injectable()
export class MaterialCenterService {
  private readonly links: RenditionLinks;

  constructor(
    @InjectDataSource('uploads') private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(UPLOAD_SETTINGS) private readonly settings: UploadSettings,
    private readonly clock: Clock,
    private readonly releases: ReleasesService,
  ) {
    this.links = new RenditionLinks(storage, settings.linkSeconds);
  }

  async list(user: AuthenticatedUser, tab: MaterialCenterTab, pageNo: number, pageSize: number): Promise<MaterialListResponse> {
    assertContributor(user);
    const repository = this.dataSource.getRepository(UploadEntity);
    const own = { contributorId: user.userId, deletedAt: IsNull() };
    const [rows, total] = await repository.findAndCount({
      where: { ...own, ...tabFilter(tab) },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (pageNo - 1) * pageSize,
      take: pageSize,
    });
    const counts = Object.fromEntries(
      await Promise.all(MATERIAL_CENTER_TABS.map(async (name) => [name, await repository.countBy({ ...own, ...tabFilter(name) })] as const)),
    ) as Record<MaterialCenterTab, number>;
    return { infos: await Promise.all(rows.map((row) => this.links.view(row))), total, counts };
  }

  async detail(user: AuthenticatedUser, id: number): Promise<ContributedMaterial> {
    return this.links.view(await this.own(user, id));
  }

  async update(user: AuthenticatedUser, request: MaterialUpdateRequest): Promise<ContributedMaterial> {
    assertMayEdit(user);
    const row = await this.own(user, request.id);
    if (row.status === 'uploading' || row.status === 'published' || row.status === 'unpublished') throw new AppError(ErrorCode.UPLOAD_STATE_CONFLICT, 'uploadStateConflict');
    const { id, ...changes } = request;
    await this.dataSource.getRepository(UploadEntity).update(id, { ...changes, updatedAt: this.clock.now() });
    return this.detail(user, id);
  }

  /**
   * The details step (any contributor, own files): what a file needs before review, until a
   * reviewer has decided on it (a rejected file's details are corrected here before resubmitting).
   * Keywords keep their order, the first of equal ones (ignoring case) only: the first count most.
   */
  async details(user: AuthenticatedUser, request: MaterialDetailsRequest): Promise<ContributedMaterial> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.own(user, request.id, manager);
      if (!DETAILS_EDITABLE_STATUSES.includes(row.status)) throw new AppError(ErrorCode.UPLOAD_STATE_CONFLICT, 'uploadStateConflict');
      const { id, filters, releaseIds, ...text } = request;
      const releases = await this.releases.ownStored(manager, user.userId, releaseIds);
      const chosen = Object.fromEntries(Object.entries(filters).filter(([, values]) => values && values.length > 0).map(([name, values]) => [name, [...new Set(values)]]));
      await manager.getRepository(UploadEntity).update(id, {
        ...text,
        keywordsZh: distinctKeywords(text.keywordsZh),
        keywordsEn: distinctKeywords(text.keywordsEn),
        filters: chosen,
        releaseIds: releases.map((release) => release.id),
        detailsAt: this.clock.now(),
        updatedAt: this.clock.now(),
      });
    });
    return this.detail(user, request.id);
  }

  /** gid 2 removes own material that is not on sale (a published one is taken down by staff). */
  async remove(user: AuthenticatedUser, id: number): Promise<void> {
    assertMayEdit(user);
    const row = await this.own(user, id);
    if (row.status === 'published') throw new AppError(ErrorCode.UPLOAD_STATE_CONFLICT, 'uploadStateConflict');
    if (row.status === 'transcoding') throw new AppError(ErrorCode.UPLOAD_TRANSCODING, 'uploadTranscoding');
    await this.dataSource.getRepository(UploadEntity).update(id, { deletedAt: this.clock.now() });
  }

  /** A rejected file answered by the contributor goes back to the review queue, with any new text. */
  async resubmit(user: AuthenticatedUser, request: MaterialUpdateRequest): Promise<ContributedMaterial> {
    assertContributor(user);
    const row = await this.own(user, request.id);
    const status = uploadTransition(row.status, 'resubmit');
    const { id, ...changes } = request;
    await this.dataSource.getRepository(UploadEntity).update(id, { ...changes, status, reason: null, reviewedAt: null, updatedAt: this.clock.now() });
    return this.detail(user, id);
  }

  /** A signed link to the watermarked sample; none while the file is still being transcoded. */
  async sampleLink(user: AuthenticatedUser, id: number): Promise<{ url: string; expiresInSeconds: number }> {
    const row = await this.own(user, id);
    if (row.status === 'transcoding' || row.status === 'uploading') throw new AppError(ErrorCode.UPLOAD_TRANSCODING, 'uploadDownloadNotReady');
    const url = await this.links.link(row.sampleKey);
    if (!url) throw new AppError(ErrorCode.UPLOAD_FILE_PATH_ERROR, 'uploadFilePathError');
    return { url, expiresInSeconds: this.settings.linkSeconds };
  }

  /** Another contributor's id answers exactly like a missing one. */
  private async own(user: AuthenticatedUser, id: number, manager: EntityManager = this.dataSource.manager): Promise<UploadEntity> {
    assertContributor(user);
    const row = await manager.getRepository(UploadEntity).findOneBy({ id, contributorId: user.userId, deletedAt: IsNull() });
    if (!row) throw AppError.notFound();
    return row;
  }
}
