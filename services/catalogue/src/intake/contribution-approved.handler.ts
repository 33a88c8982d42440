import { Injectable } from '@nestjs/common';
import { ContributionApproved, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { MaterialEntity } from '../entities/material.entity.js';
import { MaterialWriter } from '../materials/material-writer.service.js';

/**
 * Publishes a contributed file once staff approved it in the uploads service's review queue:
 * the event carries the text, the probe metadata and the object locations, so the material is
 * created on sale (material.published and the search index follow from MaterialWriter).
 *
 * MaterialWriter commits in its own transaction, so a redelivery after a crash between that
 * commit and the handled-event record must not create the material twice: the original's
 * location identifies a contribution, and a material already holding it means "done".
 */
@Injectable()
export class ContributionApprovedHandler {
  constructor(private readonly writer: MaterialWriter) {}

  @OnEvent(ContributionApproved)
  async onContributionApproved(payload: PayloadOf<typeof ContributionApproved>, { manager }: EventHandlerContext): Promise<void> {
    const existing = await manager.getRepository(MaterialEntity).existsBy({ originalKey: payload.originalKey });
    if (existing) return;
    const { probe } = payload;
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
    ]);
  }
}
