import type { FactoryProvider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Client } from '@opensearch-project/opensearch';
import { APP_CONFIG, type AppConfig } from '@mkt/platform';
import { CachedMaterialSearchIndex } from './cached-material-search-index.js';
import { MATERIAL_SEARCH_INDEX, type MaterialSearchIndex } from './material-search.port.js';
import { OpenSearchMaterialSearchIndex, type OpenSearchClientLike } from './opensearch-material-search-index.js';
import { InMemoryMaterialSearchIndex } from './memory/in-memory-material-search-index.js';
import { defaultIndexBuilder, typeormSessions } from './memory/index-builders.js';
import { PublishedMaterialReader } from './memory/published-materials.reader.js';
import { PostgresMaterialSearchIndex } from './postgres-material-search-index.js';
import { NO_SYNONYMS, type SynonymSource } from './synonym-dictionary.js';
import { SearchSynonymStore } from './synonym-store.js';

export function createOpenSearchClient(url: string): OpenSearchClientLike {
  return new Client({ node: url }) as unknown as OpenSearchClientLike;
}

/**
 * The search adapter named by `config.search.engine` (SEARCH=memory|postgres|opensearch). The
 * in-memory index is read from the materials table before the service answers (ADR 0020), with
 * the PostgreSQL adapter beside it so the table's search columns stay complete; the OpenSearch
 * index (versioned name + alias) is created at start-up when missing. Every adapter is fed by
 * MaterialWriter's `upsert` calls whenever materials change, and expands queries with the
 * synonym dictionary.
 */
export async function createMaterialSearchIndex(
  config: Pick<AppConfig, 'search'> & { database?: Pick<AppConfig['database'], 'url'> },
  dataSource: DataSource,
  openSearchClient: (url: string) => OpenSearchClientLike = createOpenSearchClient,
  synonyms: SynonymSource = NO_SYNONYMS,
): Promise<MaterialSearchIndex> {
  if (config.search.engine === 'opensearch') {
    const index = new OpenSearchMaterialSearchIndex(openSearchClient(config.search.url), {}, synonyms);
    await index.ensureIndex();
    return index;
  }
  const postgres = new PostgresMaterialSearchIndex(dataSource, synonyms);
  if (config.search.engine === 'postgres') return postgres;
  const builder = defaultIndexBuilder(config.database?.url ?? null, new PublishedMaterialReader(typeormSessions(dataSource)), config.search.childBuildFrom);
  const memory = new InMemoryMaterialSearchIndex(builder, postgres, synonyms);
  await memory.build();
  return memory;
}

export const materialSearchIndexProvider: FactoryProvider<Promise<MaterialSearchIndex>> = {
  provide: MATERIAL_SEARCH_INDEX,
  inject: [APP_CONFIG, getDataSourceToken('catalogue'), SearchSynonymStore],
  // Results are kept READ_CACHE_SECONDS in front of whichever engine is configured, and forgotten
  // when the synonym dictionary changes.
  useFactory: async (config: AppConfig, dataSource: DataSource, synonyms: SearchSynonymStore) => {
    const index = new CachedMaterialSearchIndex(await createMaterialSearchIndex(config, dataSource, createOpenSearchClient, synonyms), config.readCacheSeconds * 1000);
    synonyms.onChange(() => index.forgetAll());
    return index;
  },
};
