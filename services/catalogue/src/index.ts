export { CatalogueModule, CATALOGUE_ENTITIES, CATALOGUE_MIGRATIONS } from './catalogue.module.js';
export { MATERIAL_SEARCH_INDEX, type MaterialSearchIndex, type MaterialSearchDocument, type MaterialSearchResult } from './search/material-search.port.js';
