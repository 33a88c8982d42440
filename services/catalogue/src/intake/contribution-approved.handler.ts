import { Injectable } from '@nestjs/common';
import { ContributionApproved, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { CategoryEntity } from '../entities/curation.entities.js';
import { MaterialEntity } from '../entities/material.entity.js';
import { derivedFilters, mergeFilters, releaseFilters, withDerivedFiltersOf } from '../materials/material-filters.js';
import { MaterialWriter } from '../materials/material-writer.service.js';

/**
 * Publishes a contributed file once staff approved it in the uploads service's review queue:
 * the event carries the text, the probe metadata and the object locations, so the material is
 * created on sale. The material, its material.published announcement, its search index entry and
 * the handled-event record are one transaction: a crash anywhere leaves either all or none, and
 * the redelivered event does the whole intake again.
 *
 * The original's location identifies a contribution: a material already holding it means a
 * second `contribution.approved` for the same file (a re-sent announcement), which is ignored.
 */
@Injectable()
export class ContributionApprovedHandler {
  constructor(private readonly writer: MaterialWriter) {}

  @OnEvent(ContributionApproved)
  async onContributionApproved(payload: PayloadOf<typeof ContributionApproved>, { manager }: EventHandlerContext): Promise<void> {
    const existing = await manager.getRepository(MaterialEntity).existsBy({ originalKey: payload.originalKey });
    if (existing) return;
    const { probe } = payload;
    // The contributor chose from the store's lists; a category removed or of the other kind since is left out.
    const categoryId =
      payload.categoryId && (await manager.getRepository(CategoryEntity).existsBy({ id: payload.categoryId, kind: payload.kind })) ? payload.categoryId : null;
    let chosen = {};
    try {
      chosen = withDerivedFiltersOf({}, payload.filters ?? {});
    } catch {
      // Values the uploads service accepted are the same list; an older producer's are dropped, not fatal.
    }
    // Resolution, frame rate and duration come from the file, releases from review; the rest from the contributor.
    const filters = mergeFilters(derivedFilters({ height: probe.height, fps: probe.fps, durationSeconds: probe.durationSeconds }), releaseFilters(payload.releases), chosen);
    await this.writer.createMany([
      {
        kind: payload.kind,
        from: 'own',
        status: 'published',
        contributorId: payload.contributorId,
        titleZh: payload.titleZh,
        titleEn: payload.titleEn,
        keywordsZh: payload.keywordsZh,
        keywordsEn: payload.keywordsEn,
        descriptionZh: payload.descriptionZh,
        descriptionEn: payload.descriptionEn,
        categoryId,
        filters,
        modelRelease: payload.releases.model,
        propertyRelease: payload.releases.property,
        editorialOnly: payload.releases.editorialOnly,
        duration: probe.durationSeconds,
        frameRate: probe.fps,
        originalFps: probe.fps,
        colorSpace: probe.colorSpace,
        colorTransfer: probe.colorTransfer,
        width: probe.width,
        height: probe.height,
        maxResolution: probe.maxResolution,
        originalKey: payload.originalKey,
        preview480Key: payload.preview480Key,
        thumbnailKey: payload.thumbnailKey,
        sampleKey: payload.sampleKey,
        previewStripKey: payload.previewStripKey,
        onlineAt: new Date(payload.approvedAt),
      },
    ], manager);
  }
}
