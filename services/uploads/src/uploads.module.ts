import { Module } from '@nestjs/common';
import { DeliveryRequested, MaterialPublished, MaterialUnpublished, UploadCompleted } from '@mkt/contracts';
import { APP_CONFIG, DatabaseModule, EventsModule, HandledEventEntity, OutboxMessageEntity, OutboxTraceContext1765600000000, StaffAuditLogEntity, StaffAuditWriter, type AppConfig } from '@mkt/platform';
import { DOCUMENT_FILE_INSPECTOR, FfmpegRunner, SharpDocumentFileInspector, resolveMediaBinaries } from '@mkt/platform/media';
import { DELIVERY_RENDERER, DeliveryPreparerService } from './delivery/delivery-preparer.service.js';
import { DeliveryRenderer } from './delivery/delivery-renderer.js';
import { UploadEntity } from './entities/upload.entity.js';
import { CatalogueListingHandlers } from './materials/catalogue-listing.handlers.js';
import { MaterialCenterService } from './materials/material-center.service.js';
import { UploadsInit1764100000000 } from './migrations/1764100000000-uploads-init.js';
import { UploadsCatalogueListing1764300000000 } from './migrations/1764300000000-uploads-catalogue-listing.js';
import { UploadsOpenSessions1766400000000 } from './migrations/1766400000000-uploads-open-sessions.js';
import { UploadsDetails1766900000000 } from './migrations/1766900000000-uploads-details.js';
import { UploadsFrames1767000000000 } from './migrations/1767000000000-uploads-frames.js';
import { NearDuplicateFinder } from './duplicates/near-duplicate.finder.js';
import { UploadFrameIndex } from './duplicates/upload-frame-index.service.js';
import { frameIndexEngineProvider } from '@mkt/platform/visual';
import { UploadFramesBackfill } from './duplicates/upload-frames.backfill.js';
import { UploadFramesRepository } from './duplicates/upload-frames.repository.js';
import { MediaProcessor } from './pipeline/media-processor.js';
import { MEDIA_PROCESSOR, UploadPipelineService } from './pipeline/upload-pipeline.service.js';
import { UploadPipelineMetrics } from './pipeline/upload-pipeline.metrics.js';
import { AdminReviewReleasesController, AdminReviewsController } from './review/review-admin.controller.js';
import { ReleaseEntity } from './entities/release.entity.js';
import { UploadsReleases1767600000000 } from './migrations/1767600000000-uploads-releases.js';
import { ReleasesService } from './releases/releases.service.js';
import { ReleasesStoreController } from './releases/releases-store.controller.js';
import { ReviewService } from './review/review.service.js';
import { AbandonedUploadsSweeper } from './store/abandoned-uploads.sweeper.js';
import { DesktopUploaderController } from './store/desktop-uploader.controller.js';
import { UploadSessionService } from './store/upload-session.service.js';
import { UploadsStoreController } from './store/uploads-store.controller.js';
import { UPLOAD_SETTINGS, uploadSettings, type UploadSettings } from './uploads.settings.js';

export const UPLOADS_ENTITIES = [UploadEntity, ReleaseEntity, StaffAuditLogEntity, OutboxMessageEntity, HandledEventEntity];
export const UPLOADS_MIGRATIONS = [UploadsInit1764100000000, UploadsCatalogueListing1764300000000, OutboxTraceContext1765600000000, UploadsOpenSessions1766400000000, UploadsDetails1766900000000, UploadsFrames1767000000000, UploadsReleases1767600000000];

/**
 * Uploads: contributor upload sessions (multipart parts and checkpoints; abandoned ones swept),
 * content validation, the background media pipeline (probe, 480p preview, watermarked sample,
 * thumbnail, hover strip, perceptual fingerprints, the frame index the near-duplicate check asks), the material centre, the
 * contributors' release library (model and property releases in a private bucket), the staff review queue,
 * and the reduced copies licensing asks for (personal licences: 1080P video, medium photos).
 */
@Module({
  imports: [
    DatabaseModule.forService({ name: 'uploads', entities: UPLOADS_ENTITIES, migrations: UPLOADS_MIGRATIONS }),
    EventsModule.forService({ dataSourceName: 'uploads', consumerGroup: 'uploads', consumes: [UploadCompleted, DeliveryRequested, MaterialPublished, MaterialUnpublished] }),
  ],
  controllers: [UploadsStoreController, ReleasesStoreController, DesktopUploaderController, AdminReviewsController, AdminReviewReleasesController],
  providers: [
    { provide: UPLOAD_SETTINGS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => uploadSettings(config) },
    {
      provide: MEDIA_PROCESSOR,
      inject: [UPLOAD_SETTINGS],
      useFactory: async (settings: UploadSettings) => new MediaProcessor(new FfmpegRunner(await resolveMediaBinaries(), { timeoutMs: settings.ffmpegTimeoutMs })),
    },
    {
      provide: DELIVERY_RENDERER,
      inject: [UPLOAD_SETTINGS],
      useFactory: async (settings: UploadSettings) => new DeliveryRenderer(new FfmpegRunner(await resolveMediaBinaries(), { timeoutMs: settings.ffmpegTimeoutMs })),
    },
    DeliveryPreparerService,
    UploadSessionService,
    AbandonedUploadsSweeper,
    MaterialCenterService,
    UploadPipelineService,
    UploadPipelineMetrics,
    UploadFramesRepository,
    frameIndexEngineProvider,
    UploadFrameIndex,
    NearDuplicateFinder,
    UploadFramesBackfill,
    ReviewService,
    ReleasesService,
    { provide: DOCUMENT_FILE_INSPECTOR, useClass: SharpDocumentFileInspector },
    CatalogueListingHandlers,
    StaffAuditWriter.provide({ service: 'uploads', announce: true }),
  ],
})
export class UploadsModule {}
