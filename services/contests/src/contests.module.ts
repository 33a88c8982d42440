import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { DatabaseModule, EventsModule, HandledEventEntity, OBJECT_STORAGE, OutboxMessageEntity, OutboxTraceContext1765600000000, StaffAuditLogEntity, StaffAuditWriter, type ObjectStorage } from '@mkt/platform';
import { FfmpegRunner, resolveMediaBinaries } from '@mkt/platform/media';
import { ContestsDemoSeed } from './demo/contests-demo-seed.service.js';
import { DemoSeedRepository } from './demo/demo-seed.repository.js';
import { AdminCampaignsController, AdminContestActionsController, AdminContestEntriesController, AdminContestJudgesController, AdminContestsController } from './admin/contests-admin.controllers.js';
import { CampaignsRepository } from './campaigns/campaigns.repository.js';
import { CampaignsService } from './campaigns/campaigns.service.js';
import { EntriesRepository } from './entries/entries.repository.js';
import { EntriesService } from './entries/entries.service.js';
import { CONTEST_BUCKET, ContestFileLinks } from './files/contest-file-links.js';
import { AbandonedFilesSweeper } from './files/abandoned-files.sweeper.js';
import { ContestFilesService } from './files/contest-files.service.js';
import { CONTEST_MEDIA_INSPECTOR, ToolkitContestMediaInspector } from './files/contest-media-inspector.js';
import { JudgesService } from './judging/judges.service.js';
import { JudgingRepository } from './judging/judging.repository.js';
import { JudgingService } from './judging/judging.service.js';
import { ContestsInit1765300000000 } from './migrations/1765300000000-contests-init.js';
import { ContestCampaigns1765400000000 } from './migrations/1765400000000-contest-campaigns.js';
import { ContestAwardProofs1765500000000 } from './migrations/1765500000000-award-proofs.js';
import { ContestDemoSeedProgress1766600000000 } from './migrations/1766600000000-demo-seed-progress.js';
import { ContestEntriesPerTrack1766700000000 } from './migrations/1766700000000-entries-per-track.js';
import { AwardProofsService } from './results/award-proofs.service.js';
import { ResultsRepository } from './results/results.repository.js';
import { ResultsService } from './results/results.service.js';
import { ContestSetupService } from './setup/contest-setup.service.js';
import { ContestsRepository } from './setup/contests.repository.js';
import { ContestEntriesController, ContestsPublicController } from './store/contests-store.controller.js';
import { JudgePortalController } from './store/judge-portal.controller.js';
import { ContestSharePages } from './share/contest-share-pages.js';
import { ContestSharePagesController } from './share/contest-share-pages.controller.js';

export const CONTESTS_ENTITIES = [StaffAuditLogEntity, OutboxMessageEntity, HandledEventEntity];
export const CONTESTS_MIGRATIONS = [ContestsInit1765300000000, ContestCampaigns1765400000000, ContestAwardProofs1765500000000, OutboxTraceContext1765600000000, ContestDemoSeedProgress1766600000000, ContestEntriesPerTrack1766700000000];

/** Media checks of a five-minute video take a few seconds; this bounds a stuck one. */
const INSPECTION_TIMEOUT_MS = 120_000;

/** Creates the private bucket of entry files on start. */
@Injectable()
class ContestsBuckets implements OnModuleInit {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}
  async onModuleInit(): Promise<void> {
    await this.storage.ensureBucket(CONTEST_BUCKET);
  }
}

/**
 * Contests: the yearly sponsored contest as data (phases, tracks, prizes), entries with their
 * files checked on the real content, judges and their keys, scores, and results with awards and
 * points. It needs nothing from other services: participants are identified by their store
 * session, and what others may want comes from its events.
 */
@Module({
  imports: [
    DatabaseModule.forService({ name: 'contests', entities: CONTESTS_ENTITIES, migrations: CONTESTS_MIGRATIONS }),
    EventsModule.forService({ dataSourceName: 'contests', consumerGroup: 'contests', consumes: [] }),
  ],
  controllers: [
    ContestsPublicController,
    ContestEntriesController,
    JudgePortalController,
    ContestSharePagesController,
    AdminContestActionsController,
    AdminContestsController,
    AdminContestJudgesController,
    AdminContestEntriesController,
    AdminCampaignsController,
  ],
  providers: [
    ContestsRepository,
    EntriesRepository,
    JudgingRepository,
    ResultsRepository,
    CampaignsRepository,
    ContestSetupService,
    ContestFileLinks,
    ContestFilesService,
    AbandonedFilesSweeper,
    EntriesService,
    JudgesService,
    JudgingService,
    ResultsService,
    CampaignsService,
    AwardProofsService,
    ContestSharePages,
    { provide: CONTEST_MEDIA_INSPECTOR, useFactory: async () => new ToolkitContestMediaInspector(new FfmpegRunner(await resolveMediaBinaries(), { timeoutMs: INSPECTION_TIMEOUT_MS })) },
    StaffAuditWriter.provide({ service: 'contests', announce: true }),
    ContestsBuckets,
    DemoSeedRepository,
    ContestsDemoSeed,
  ],
})
export class ContestsModule {}
