import { Module } from '@nestjs/common';
import { DatabaseModule, EventsModule, HandledEventEntity, OptionalUser, OutboxMessageEntity, OutboxTraceContext1765600000000, StaffAuditLogEntity, StaffAuditWriter } from '@mkt/platform';
import {
  AdminCategoriesController,
  AdminEditorialEntriesController,
  AdminHotWordsController,
  AdminMaterialsController,
  AdminSearchSynonymsController,
  AdminTopicsController,
} from './admin/catalogue-admin.controllers.js';
import { CurationAdminService } from './admin/curation-admin.service.js';
import { MaterialAdminService } from './admin/material-admin.service.js';
import { SearchSynonymAdminService } from './admin/search-synonym-admin.service.js';
import { BookmarkEntity, ClickEntity } from './entities/activity.entities.js';
import { CategoryEntity, HotWordEntity, TopicEntity, TopicMaterialEntity } from './entities/curation.entities.js';
import { MaterialEntity } from './entities/material.entity.js';
import { EditorialEntriesRepository } from './editorial/editorial-entries.repository.js';
import { EditorialEntryEntity } from './editorial/editorial-entry.entity.js';
import { EditorialStoreController } from './editorial/editorial-store.controller.js';
import { EditorialService } from './editorial/editorial.service.js';
import { CatalogueEditorial1765000000000 } from './migrations/1765000000000-editorial.js';
import { CatalogueCartLines1765810000000 } from './migrations/1765810000000-cart-lines.js';
import { SearchSynonymEntity } from './entities/search-synonym.entity.js';
import { MaterialIndexRequestedHandler } from './search/material-index-requested.handler.js';
import { ContributionApprovedHandler } from './intake/contribution-approved.handler.js';
import { MaterialSalesHandler } from './materials/material-sales.handler.js';
import { MaterialWriter } from './materials/material-writer.service.js';
import { MediaController } from './media/media.controller.js';
import { MUSIC_CONTROLLERS, MUSIC_ENTITIES, MUSIC_MIGRATIONS, MUSIC_PROVIDERS } from './music/index.js';
import { CatalogueInit1763800000000 } from './migrations/1763800000000-catalogue-init.js';
import { CatalogueReadIndexes1763900000000 } from './migrations/1763900000000-catalogue-read-indexes.js';
import { CatalogueSearchBounds1764000000000 } from './migrations/1764000000000-catalogue-search-bounds.js';
import { CatalogueSearchPerKind1764200000000 } from './migrations/1764200000000-catalogue-search-per-kind.js';
import { CatalogueSearchSynonyms1764800000000 } from './migrations/1764800000000-search-synonyms.js';
import { MATERIAL_SEARCH_INDEX } from './search/material-search.port.js';
import { materialSearchIndexProvider } from './search/search-index.provider.js';
import { SearchSynonymStore } from './search/synonym-store.js';
import { CatalogueReadService } from './store/catalogue-read.service.js';
import { CatalogueStoreController } from './store/catalogue-store.controller.js';
import { MaterialReadCache } from './store/material-read-cache.js';
import { MemberActionsService } from './store/member-actions.service.js';
import { CartLinesHandler } from './store/cart-lines.handler.js';
import { CatalogueVisualIndex1766000000000 } from './migrations/1766000000000-visual-index.js';
import { CatalogueBoards1767300000000 } from './migrations/1767300000000-boards.js';
import { CataloguePreviewStreams1767400000000 } from './migrations/1767400000000-preview-streams.js';
import { BoardViews } from './boards/board-views.js';
import { BoardVotes } from './boards/board-votes.js';
import { GuestPasses } from './boards/guest-passes.js';
import { BoardsController } from './boards/boards.controller.js';
import { BoardsRepository } from './boards/boards.repository.js';
import { BoardsService } from './boards/boards.service.js';
import { SharedBoardsController } from './boards/shared-boards.controller.js';
import { SharedBoardsService } from './boards/shared-boards.service.js';
import { CatalogueSharePages } from './share/catalogue-share-pages.js';
import { CatalogueSharePagesController } from './share/catalogue-share-pages.controller.js';
import { CatalogueImageQueries1767100000000 } from './migrations/1767100000000-image-queries.js';
import { CatalogueImageQueryAlike1767150000000 } from './migrations/1767150000000-image-query-alike.js';
import { CatalogueFinerDetailGrids1767200000000 } from './migrations/1767200000000-finer-detail-grids.js';
import { ImageQueryRepository } from './visual/image-query.repository.js';
import { ImageQueryStore } from './visual/image-query.store.js';
import { ImageQuerySweeper } from './visual/image-query.sweeper.js';
import { ImageSearchController } from './visual/image-search.controller.js';
import { TagSuggestionsController } from './keywords/tag-suggestions.controller.js';
import { TagSuggestionsService } from './keywords/tag-suggestions.service.js';
import { TagStatisticsRepository } from './keywords/tag-statistics.repository.js';
import { ImageSearchService } from './visual/image-search.service.js';
import { MaterialLookReader } from './visual/material-look.reader.js';
import { MaterialVisualsRepository } from './visual/material-visuals.repository.js';
import { MoreLikeThisService } from './visual/more-like-this.service.js';
import { VisualIndexService } from './visual/visual-index.service.js';
import { frameIndexEngineProvider } from '@mkt/platform/visual';
import { VisualIndexingJob } from './visual/visual-indexing.job.js';
import { PreviewStreamMaker } from './streams/preview-stream.maker.js';
import { PreviewStreamsJob } from './streams/preview-streams.job.js';
import { PreviewStreamsRepository } from './streams/preview-streams.repository.js';
import { CatalogueSearchDemand1767500000000 } from './migrations/1767500000000-search-demand.js';
import { CatalogueEditorialOnly1767600000000 } from './migrations/1767600000000-editorial-only.js';
import { SearchDemandTokens } from './demand/demand-tokens.js';
import { AdminSearchDemandController } from './demand/search-demand-admin.controller.js';
import { SearchDemandController } from './demand/search-demand.controller.js';
import { SearchDemandRecorder } from './demand/search-demand.recorder.js';
import { SearchDemandRepository } from './demand/search-demand.repository.js';
import { SearchDemandService } from './demand/search-demand.service.js';
import { SearchDemandSweeper } from './demand/search-demand.sweeper.js';
import { CatalogueMaterialAnalytics1767700000000 } from './migrations/1767700000000-material-analytics.js';
import { ActivityBatchesSweeper } from './analytics/activity-batches.sweeper.js';
import { ActivityHandlers } from './analytics/activity.handlers.js';
import { ActivityRecorder } from './analytics/activity.recorder.js';
import { ActivityRepository } from './analytics/activity.repository.js';
import { AnalyticsController } from './analytics/analytics.controller.js';
import { AnalyticsService } from './analytics/analytics.service.js';

export const CATALOGUE_ENTITIES = [
  MaterialEntity,
  CategoryEntity,
  TopicEntity,
  TopicMaterialEntity,
  HotWordEntity,
  SearchSynonymEntity,
  EditorialEntryEntity,
  BookmarkEntity,
  ClickEntity,
  StaffAuditLogEntity,
  OutboxMessageEntity,
  HandledEventEntity,
  ...MUSIC_ENTITIES,
];
export const CATALOGUE_MIGRATIONS = [
  CatalogueInit1763800000000,
  CatalogueReadIndexes1763900000000,
  CatalogueSearchBounds1764000000000,
  ...MUSIC_MIGRATIONS,
  CatalogueSearchPerKind1764200000000,
  CatalogueSearchSynonyms1764800000000,
  CatalogueEditorial1765000000000,
  OutboxTraceContext1765600000000,
  CatalogueCartLines1765810000000,
  CatalogueVisualIndex1766000000000,
  CatalogueImageQueries1767100000000,
  CatalogueImageQueryAlike1767150000000,
  CatalogueFinerDetailGrids1767200000000,
  CatalogueBoards1767300000000,
  CataloguePreviewStreams1767400000000,
  CatalogueSearchDemand1767500000000,
  CatalogueEditorialOnly1767600000000,
  CatalogueMaterialAnalytics1767700000000,
];

/**
 * Catalogue: materials (videos, photos, music, sound effects) and their search (with its synonym
 * dictionary, and by image through the visual index), categories, topics, hot words, favourites, boards (with guest links), search demand, click tracking, sample downloads and the public renditions route.
 */
@Module({
  imports: [
    DatabaseModule.forService({ name: 'catalogue', entities: CATALOGUE_ENTITIES, migrations: CATALOGUE_MIGRATIONS }),
    EventsModule.forService({ dataSourceName: 'catalogue', consumerGroup: 'catalogue' }),
  ],
  controllers: [
    CatalogueStoreController,
    EditorialStoreController,
    MediaController,
    AdminMaterialsController,
    AdminCategoriesController,
    AdminTopicsController,
    AdminEditorialEntriesController,
    AdminHotWordsController,
    AdminSearchSynonymsController,
    ImageSearchController,
    TagSuggestionsController,
    BoardsController,
    SharedBoardsController,
    SearchDemandController,
    AdminSearchDemandController,
    AnalyticsController,
    ...MUSIC_CONTROLLERS,
    // Store pages as shared links open them: the store's shell with their Open Graph tags.
    CatalogueSharePagesController,
  ],
  providers: [
    // SEARCH=postgres (default) or opensearch: business code only sees MATERIAL_SEARCH_INDEX.
    materialSearchIndexProvider,
    SearchSynonymStore,
    MaterialReadCache,
    MaterialWriter,
    CatalogueReadService,
    MemberActionsService,
    MaterialAdminService,
    CurationAdminService,
    SearchSynonymAdminService,
    EditorialEntriesRepository,
    EditorialService,
    StaffAuditWriter.provide({ service: 'catalogue', announce: true }),
    OptionalUser,
    ContributionApprovedHandler,
    MaterialSalesHandler,
    CartLinesHandler,
    MaterialIndexRequestedHandler,
    // Search by image: frames and looks of published photos and videos, indexed in the background.
    MaterialVisualsRepository,
    MaterialLookReader,
    frameIndexEngineProvider,
    VisualIndexService,
    VisualIndexingJob,
    PreviewStreamsRepository,
    TagStatisticsRepository,
    TagSuggestionsService,
    PreviewStreamMaker,
    PreviewStreamsJob,
    ImageQueryRepository,
    ImageQueryStore,
    ImageQuerySweeper,
    ImageSearchService,
    MoreLikeThisService,
    // Boards: owners' selections, shared with guests through links.
    BoardsRepository,
    BoardViews,
    BoardVotes,
    GuestPasses,
    BoardsService,
    SharedBoardsService,
    // Search demand: keyword searches counted anonymously per day, read as top, unmet and rising.
    SearchDemandRepository,
    SearchDemandTokens,
    SearchDemandRecorder,
    SearchDemandService,
    SearchDemandSweeper,
    // Sales analytics: appearances, views and favourites counted in memory, sent through the bus in batches.
    ActivityRepository,
    ActivityRecorder,
    ActivityHandlers,
    ActivityBatchesSweeper,
    AnalyticsService,
    ...MUSIC_PROVIDERS,
    CatalogueSharePages,
  ],
  exports: [MATERIAL_SEARCH_INDEX, MaterialWriter, SearchSynonymStore],
})
export class CatalogueModule {}
