import type { EntityManager } from 'typeorm';
import type { FacetBucket, FilterName, Language, MaterialFilters, MaterialKind, MaterialSearchQuery, MaterialSource } from '@mkt/contracts';

/**
 * The catalogue's search engine behind one port: PostgreSQL full text + trigrams by default
 * (PostgresMaterialSearchIndex), a dedicated engine such as OpenSearch later. Nothing here names
 * an engine: documents carry everything an external index needs; the PostgreSQL adapter reads
 * the rest from the materials table it lives next to.
 */
export interface MaterialSearchDocument {
  id: number;
  code: string;
  kind: MaterialKind;
  from: MaterialSource;
  /** Only published materials are found. */
  published: boolean;
  categoryId: number | null;
  topicIds: number[];
  /** Already cleaned by the text helpers (simplified, no punctuation, tags de-duplicated). */
  titleZh: string;
  titleEn: string;
  keywordsZh: string[];
  keywordsEn: string[];
  filters: MaterialFilters;
  salesCount: number;
  onlineAt: Date | null;
}

export interface MaterialSearchResult {
  /** The page's material ids, in order. */
  ids: number[];
  total: number;
  /** Present when there are more matches than `total` counts (the engine's cap). */
  totalCapped?: true;
  /** Per filter name, every allowed value with its count over the matching set (each ignoring its own selection). */
  facets: Partial<Record<FilterName, FacetBucket[]>>;
  normalizedKeyword: string;
  /** The query with its typos corrected, when the results are for it rather than for the words as typed. */
  correctedKeyword?: string;
}

export interface MaterialSearchIndex {
  /**
   * `database`: the index lives in the catalogue's own tables, and `upsert` / `remove` given a
   * transaction's manager change it in that transaction, so a material and its searchability
   * commit together. `external`: the engine is outside the database; MaterialWriter records an
   * indexing request in the outbox with the change, and the index follows when it is delivered.
   */
  readonly placement: 'database' | 'external';
  upsert(documents: MaterialSearchDocument[], manager?: EntityManager): Promise<void>;
  remove(ids: number[], manager?: EntityManager): Promise<void>;
  search(query: MaterialSearchQuery, language: Language): Promise<MaterialSearchResult>;
  /**
   * A detail page's "similar materials", best first: ranked from the best sellers of the same
   * kind in the same category and the best sellers of the same kind sharing a tag (exactly, as
   * stored), up to `candidates` of each, never the material itself; a shared category counts 2,
   * each shared tag 1, then sales, then the newer id; fewer than `count` are topped up with the
   * kind's best sellers. Asked by id: the engine holds each material's kind, category and tags, so
   * a detail page reads the material and these cards from the database in one statement. Null
   * when the engine cannot say (not built yet, or `id` is not a published material it holds),
   * and absent from engines that leave it to the database.
   */
  similar?(id: number, count: number, candidates: number): Promise<number[] | null>;
  /** Lets go of what the engine holds in this process (a worker thread) at shutdown. */
  close?(): Promise<void>;
}

/** `@Inject(MATERIAL_SEARCH_INDEX) search: MaterialSearchIndex`. */
export const MATERIAL_SEARCH_INDEX = Symbol('MATERIAL_SEARCH_INDEX');
