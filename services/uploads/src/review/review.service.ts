import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, IsNull, type DataSource } from 'typeorm';
import { z } from 'zod';
import { ContributionApproved, ErrorCode, UPLOAD_STATUSES, maskReleaseName, missingReleases, type ReleaseKind, type RevealedRelease, type ReviewDecision, type ReviewRecord, bigserialId } from '@mkt/contracts';
import { AppError, Clock, formatObjectLocation, OBJECT_STORAGE, OutboxWriter, StaffAuditWriter, type AuthenticatedStaff, type ListQuery, type ObjectStorage } from '@mkt/platform';
import type { ReleaseEntity } from '../entities/release.entity.js';
import { UploadEntity } from '../entities/upload.entity.js';
import { UPLOAD_BUCKETS } from '../locations.js';
import { RenditionLinks } from '../materials/material-center.service.js';
import { UPLOAD_SETTINGS, type UploadSettings } from '../uploads.settings.js';
import { uploadTransition } from '../upload-lifecycle.js';
import { RELEASE_LINK_SECONDS, ReleasesService, releaseNotFound } from '../releases/releases.service.js';

export const REVIEW_SORTABLE = ['id', 'createdAt', 'updatedAt', 'fileName', 'status'] as const;
export const reviewFilterSchema = z.object({
  status: z.enum(UPLOAD_STATUSES).optional(),
  kind: z.enum(['video', 'photo']).optional(),
  contributorId: z.uuid().optional(),
  id: z.array(bigserialId()).max(200).optional(),
});
export type ReviewFilter = z.infer<typeof reviewFilterSchema>;

/** Reviewer links are short: long enough to watch the preview, not to pass around. */
const REVIEW_LINK_SECONDS = 900;

/**
 * The console's review queue: processed uploads with their probe metadata, a playable preview
 * through a short-lived link and near-duplicates side by side. Approving announces
 * `contribution.approved` (the catalogue publishes the material); rejecting records the reason
 * the contributor sees and answers by resubmitting.
 */
@Injectable()
export class ReviewService {
  private readonly links: RenditionLinks;

  constructor(
    @InjectDataSource('uploads') private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) storage: ObjectStorage,
    @Inject(UPLOAD_SETTINGS) settings: UploadSettings,
    private readonly outbox: OutboxWriter,
    private readonly audit: StaffAuditWriter,
    private readonly clock: Clock,
    private readonly releases: ReleasesService,
  ) {
    this.links = new RenditionLinks(storage, Math.min(REVIEW_LINK_SECONDS, settings.linkSeconds));
  }

  async list(query: ListQuery<ReviewFilter>): Promise<{ rows: ReviewRecord[]; total: number }> {
    const { id, ...filter } = query.filter;
    const [rows, total] = await this.dataSource.getRepository(UploadEntity).findAndCount({
      where: { ...filter, ...(id ? { id: In(id) } : {}), deletedAt: IsNull() },
      order: { [query.sortField]: query.sortOrder, id: 'ASC' },
      skip: query.skip,
      take: query.take,
    });
    // The page's releases in one read, not one per row.
    const releases = new Map((await this.releases.byIds([...new Set(rows.flatMap((row) => row.releaseIds))])).map((release) => [release.id, release]));
    const attachedTo = (row: UploadEntity) => row.releaseIds.flatMap((id) => releases.get(id) ?? []);
    return { rows: await Promise.all(rows.map((row) => this.record(row, false, attachedTo(row)))), total };
  }

  async get(id: string): Promise<ReviewRecord> {
    return this.record(await this.find(id), true);
  }

  async decide(staff: AuthenticatedStaff, id: string, decision: ReviewDecision): Promise<ReviewRecord> {
    await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(UploadEntity);
      const row = await repository.findOne({ where: { id: Number(id), deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw AppError.notFound();
      const status = uploadTransition(row.status, decision.decision);
      const before = { status: row.status };
      const now = this.clock.now();
      if (decision.decision === 'reject') {
        await repository.update(row.id, { status, reason: decision.reason, reviewedAt: now, updatedAt: now });
        await this.audit.record(manager, staff, { action: 'reject', resource: 'reviews', resourceId: row.id, before, after: { status, reason: decision.reason } });
        return;
      }
      // Titles come from the contributor's details step or from the reviewer, never from the file name.
      const details = row.detailsAt !== null;
      const titleZh = decision.titleZh ?? (details ? row.titleZh : '');
      const titleEn = decision.titleEn ?? (details ? row.titleEn : '');
      if (!titleZh || !titleEn) throw new AppError(ErrorCode.UPLOAD_DETAILS_MISSING, 'uploadDetailsMissing');
      const keywordsZh = decision.keywordsZh ?? row.keywordsZh;
      const keywordsEn = decision.keywordsEn ?? row.keywordsEn;
      // A file declaring people or property is sold commercially only with the matching releases.
      const attached = (await this.releases.byIds(row.releaseIds)).map((release) => release.kind);
      const missing = missingReleases(row, attached);
      const editorialOnly = decision.editorialOnly;
      if (missing.length > 0 && !editorialOnly) throw releasesMissing(missing);
      await repository.update(row.id, { status, titleZh, titleEn, keywordsZh, keywordsEn, editorialOnly, reason: null, reviewedAt: now, updatedAt: now });
      await this.outbox.add(manager, ContributionApproved, String(row.id), {
        uploadId: row.id,
        contributorId: row.contributorId,
        kind: row.kind,
        titleZh,
        titleEn,
        keywordsZh,
        keywordsEn,
        descriptionZh: row.descriptionZh,
        descriptionEn: row.descriptionEn,
        categoryId: row.categoryId,
        filters: row.filters ?? {},
        probe: {
          codec: row.codec ?? 'unknown',
          width: row.width!,
          height: row.height!,
          durationSeconds: row.durationSeconds,
          fps: row.fps,
          colorSpace: row.colorSpace,
          colorTransfer: row.colorTransfer,
          maxResolution: row.maxResolution ?? '',
        },
        originalKey: formatObjectLocation(UPLOAD_BUCKETS.originals, row.filePath),
        preview480Key: row.preview480Key,
        thumbnailKey: row.thumbnailKey!,
        sampleKey: row.sampleKey!,
        previewStripKey: row.previewStripKey,
        approvedAt: now.toISOString(),
        releases: { model: attached.includes('model'), property: attached.includes('property'), editorialOnly },
      });
      await this.audit.record(manager, staff, { action: 'approve', resource: 'reviews', resourceId: row.id, before, after: { status, titleZh, titleEn, editorialOnly } });
    });
    return this.get(id);
  }

  /** A release attached to the upload, unmasked: its full name and a five-minute link, recorded in the audit log. */
  async revealRelease(staff: AuthenticatedStaff, id: string, releaseId: string): Promise<RevealedRelease> {
    const row = await this.find(id);
    const [release] = row.releaseIds.includes(releaseId) ? await this.releases.byIds([releaseId]) : [];
    if (!release) throw releaseNotFound();
    const url = await this.releases.fileLink(release);
    await this.dataSource.transaction((manager) =>
      this.audit.record(manager, staff, { action: 'reveal', resource: 'reviews', resourceId: row.id, before: null, after: { releaseId, kind: release.kind, contributorId: row.contributorId } }),
    );
    return { id: release.id, name: release.name, url, expiresInSeconds: RELEASE_LINK_SECONDS };
  }

  private async find(id: string): Promise<UploadEntity> {
    const numeric = Number(id);
    if (!Number.isSafeInteger(numeric) || numeric <= 0) throw AppError.notFound();
    const row = await this.dataSource.getRepository(UploadEntity).findOneBy({ id: numeric, deletedAt: IsNull() });
    if (!row) throw AppError.notFound();
    return row;
  }

  private async record(row: UploadEntity, withDuplicates: boolean, releases?: ReleaseEntity[]): Promise<ReviewRecord> {
    const view = await this.links.view(row);
    const attached = releases ?? (await this.releases.byIds(row.releaseIds));
    const duplicates = withDuplicates && row.nearDuplicates.length > 0
      ? await this.dataSource.getRepository(UploadEntity).findBy({ id: In(row.nearDuplicates.map((d) => d.id)) })
      : [];
    return {
      ...view,
      contributorId: row.contributorId,
      originalKey: formatObjectLocation(UPLOAD_BUCKETS.originals, row.filePath),
      previewUrl: view.url480 ?? (await this.links.link(row.sampleKey)),
      thumbnailUrl: view.thumbnail,
      phash: row.phashes?.[0] ?? null,
      attachedReleases: attached.map((release) => ({ id: release.id, kind: release.kind, name: maskReleaseName(release.name), signedOn: release.signedOn, contentType: release.contentType })),
      missingReleases: missingReleases(row, attached.map((release) => release.kind)),
      duplicates: await Promise.all(
        row.nearDuplicates.map(async (near) => ({
          ...near,
          relation: near.relation ?? 'same',
          matches: near.matches ?? [],
          thumbnailUrl: await this.links.link(duplicates.find((d) => d.id === near.id)?.thumbnailKey ?? null),
        })),
      ),
    };
  }
}

/** Which releases are missing, said in the reader's language. */
function releasesMissing(missing: ReleaseKind[]): AppError {
  const key = missing.length > 1 ? 'releasesMissingBoth' : missing[0] === 'model' ? 'releasesMissingModel' : 'releasesMissingProperty';
  return new AppError(ErrorCode.RELEASES_MISSING, key);
}
