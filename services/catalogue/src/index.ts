export { CatalogueModule, CATALOGUE_ENTITIES, CATALOGUE_MIGRATIONS } from './catalogue.module.js';
export { MATERIAL_SEARCH_INDEX, type MaterialSearchIndex, type MaterialSearchDocument, type MaterialSearchResult } from './search/material-search.port.js';

// What the demo data and the benchmark generator (`@mkt/catalogue/demo`, beside this source) build
// on: they write materials as the service itself would, so they must not copy these.
export { MaterialWriter, type NewMaterial } from './materials/material-writer.service.js';
export { MaterialEntity } from './entities/material.entity.js';
export { CategoryEntity, HotWordEntity, TopicEntity, TopicMaterialEntity } from './entities/curation.entities.js';
export { EditorialEntryEntity } from './editorial/editorial-entry.entity.js';
export { SearchSynonymEntity } from './entities/search-synonym.entity.js';
export { cleanSynonymTerms } from './admin/search-synonym-admin.service.js';
export { SearchSynonymStore } from './search/synonym-store.js';
export { derivedFilters, mergeFilters, normalizeFilters, releaseFilters } from './materials/material-filters.js';
export { toLocation } from './media/media-urls.js';
export { computePeaks } from './music/waveform-peaks.js';
export { cleanTags, cleanText } from './text/text-helpers.js';
export { searchColumnsOf, searchVectorSql } from './search/postgres-material-search-index.js';
