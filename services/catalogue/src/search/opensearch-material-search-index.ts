import { FILTER_NAMES, FILTER_VALUES, type FilterName, type Language, type MaterialSearchQuery } from '@mkt/contracts';
import { exactLookupOf } from '../materials/material-code.js';
import { normalizeFilters } from '../materials/material-filters.js';
import { hasHan, normalizeQuery, segment } from '../text/text-helpers.js';
import type { MaterialSearchDocument, MaterialSearchIndex, MaterialSearchResult } from './material-search.port.js';
import { emptyFacets } from './search-facets.js';
import { lookupAnswer } from './keyword-search.js';
import { NO_SYNONYMS, SynonymDictionary, type QueryToken, type SynonymSource } from './synonym-dictionary.js';

/**
 * The part of `@opensearch-project/opensearch`'s Client this adapter calls (the real client is
 * structurally wider; tests pass a fake that records the requests).
 */
export interface OpenSearchClientLike {
  indices: {
    exists(params: { index: string }): Promise<{ body: boolean }>;
    create(params: { index: string; body: Record<string, unknown> }): Promise<unknown>;
    putMapping(params: { index: string; body: Record<string, unknown> }): Promise<unknown>;
  };
  bulk(params: { body: Record<string, unknown>[]; refresh?: boolean | 'wait_for' }): Promise<{ body: BulkResponse }>;
  search(params: { index: string; body: Record<string, unknown> }): Promise<{ body: SearchResponse }>;
}

export interface BulkResponse {
  errors: boolean;
  items: Record<string, { _id?: string; status: number; error?: { type?: string; reason?: string } }>[];
}

export interface SearchResponse {
  hits: { total: { value: number } | number; hits: { _id: string }[] };
  aggregations?: Record<string, { values?: { buckets: { key: string; doc_count: number }[] } }>;
}

export interface OpenSearchIndexOptions {
  /** The alias every request goes through (default `catalogue-materials`). */
  alias?: string;
  /** Bumped when the mapping changes: a new index is created beside the old one and the alias moved by an operator (reindex). */
  version?: number;
  /** Make writes visible to the next search (read-your-writes, as with PostgreSQL). */
  refresh?: boolean | 'wait_for';
}

/** Boost of a query word matched as typed over the same word matched only through a synonym. */
export const EXACT_WORD_BOOST = 4;
/** Current mapping version: `${alias}-v${MAPPING_VERSION}`. */
export const MAPPING_VERSION = 1;
/** pageMax × pageSizeMax of the store's search (500 × 60), so any allowed page is reachable. */
const MAX_RESULT_WINDOW = 30_000;
const BULK_CHUNK = 1_000;

/**
 * Settings and mapping. No plugin is assumed: Chinese arrives already segmented by the service
 * (jieba words of the simplified text, as PostgreSQL gets them) and is split on whitespace;
 * English uses the built-in `english` analyzer (stems), an exact lower-cased subfield and an
 * edge n-gram subfield for prefixes. Everything filtered or sorted on is a keyword, long, date.
 */
/** Every filter is a keyword field of `filters`. */
const filterProperties = () => Object.fromEntries(FILTER_NAMES.map((name) => [name, { type: 'keyword' }]));

export function indexDefinition(alias: string): Record<string, unknown> {
  const text = (analyzer: string, fields?: Record<string, unknown>) => ({ type: 'text', analyzer, ...(fields ? { fields } : {}) });
  const englishSubfields = {
    exact: { type: 'text', analyzer: 'words_lower' },
    prefix: { type: 'text', analyzer: 'edge_prefix', search_analyzer: 'words_lower' },
  };
  return {
    settings: {
      index: { number_of_shards: 1, max_result_window: MAX_RESULT_WINDOW },
      analysis: {
        filter: { edge_prefix_filter: { type: 'edge_ngram', min_gram: 1, max_gram: 20 } },
        normalizer: { lower: { type: 'custom', filter: ['lowercase'] } },
        analyzer: {
          zh_words: { type: 'custom', tokenizer: 'whitespace', filter: ['lowercase'] },
          words_lower: { type: 'custom', tokenizer: 'standard', filter: ['lowercase'] },
          edge_prefix: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'edge_prefix_filter'] },
        },
      },
    },
    mappings: {
      dynamic: 'strict',
      properties: {
        id: { type: 'long' },
        code: { type: 'keyword' },
        kind: { type: 'keyword' },
        from: { type: 'keyword' },
        status: { type: 'keyword' },
        categoryId: { type: 'integer' },
        topicIds: { type: 'integer' },
        title_zh: text('zh_words'),
        text_zh: text('zh_words'),
        title_en: text('english'),
        exact_title_zh: { type: 'keyword', normalizer: 'lower', ignore_above: 256 },
        exact_title_en: { type: 'keyword', normalizer: 'lower', ignore_above: 256 },
        text_en: text('english', englishSubfields),
        filters: { properties: filterProperties() },
        salesCount: { type: 'integer' },
        onlineAt: { type: 'date' },
      },
    },
    aliases: { [alias]: {} },
  };
}

/** The indexed form of a search document. */
export function toOpenSearchSource(doc: MaterialSearchDocument): Record<string, unknown> {
  const titleZh = segment(doc.titleZh, 'index').join(' ');
  const keywordsZh = segment(doc.keywordsZh.join(' '), 'index').join(' ');
  const titleEn = doc.titleEn.toLowerCase();
  const keywordsEn = doc.keywordsEn.join(' ').toLowerCase();
  // Han words go to the Chinese field; Latin words found in Chinese text (brand names, "4K") to the English one.
  const zhWords = `${titleZh} ${keywordsZh}`.split(/\s+/).filter(Boolean);
  const latinInZh = zhWords.filter((word) => !hasHan(word));
  return {
    id: doc.id,
    code: doc.code.toUpperCase(),
    kind: doc.kind,
    from: doc.from,
    status: doc.published ? 'published' : 'hidden',
    categoryId: doc.categoryId,
    topicIds: doc.topicIds,
    title_zh: doc.titleZh ? titleZh : '',
    text_zh: [...new Set(zhWords.filter((word) => hasHan(word)))].join(' '),
    title_en: titleEn,
    exact_title_zh: doc.titleZh.toLowerCase(),
    exact_title_en: titleEn,
    text_en: [titleEn, keywordsEn, ...latinInZh].filter(Boolean).join(' '),
    filters: normalizeFilters(doc.filters),
    salesCount: doc.salesCount,
    onlineAt: doc.onlineAt ? doc.onlineAt.toISOString() : null,
  };
}

type Clause = Record<string, unknown>;

/**
 * OpenSearch behind the catalogue's search port: the same matching rules as the PostgreSQL
 * adapter (every word must match; Chinese words exactly or, for the last one and single
 * characters, as prefixes; English by stem, exact word, prefix of the last word, or with typos
 * for words of 4 letters and more), the same filters, sorts, paging and facets.
 */
export class OpenSearchMaterialSearchIndex implements MaterialSearchIndex {
  readonly alias: string;
  readonly indexName: string;
  private readonly refresh: boolean | 'wait_for';
  private ready: Promise<void> | null = null;

  readonly placement = 'external';

  constructor(
    private readonly client: OpenSearchClientLike,
    options: OpenSearchIndexOptions = {},
    /** The synonym dictionary queries are expanded with (none by default). */
    private readonly synonyms: SynonymSource = NO_SYNONYMS,
  ) {
    this.alias = options.alias ?? 'catalogue-materials';
    this.indexName = `${this.alias}-v${options.version ?? MAPPING_VERSION}`;
    this.refresh = options.refresh ?? 'wait_for';
  }

  /** Creates the versioned index with its alias when it is missing (idempotent; a concurrent creator is fine). */
  ensureIndex(): Promise<void> {
    this.ready ??= (async () => {
      const exists = await this.client.indices.exists({ index: this.indexName });
      if (exists.body) {
        // A filter added since the index was created (the colours) is a new keyword field, which a
        // strict mapping takes in place; any other mapping change bumps MAPPING_VERSION.
        await this.client.indices.putMapping({ index: this.indexName, body: { properties: { filters: { properties: filterProperties() } } } });
        return;
      }
      try {
        await this.client.indices.create({ index: this.indexName, body: indexDefinition(this.alias) });
      } catch (error) {
        if (!/resource_already_exists_exception/.test(errorText(error))) throw error;
      }
    })().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  async upsert(documents: MaterialSearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    await this.ensureIndex();
    for (let start = 0; start < documents.length; start += BULK_CHUNK) {
      const body = documents
        .slice(start, start + BULK_CHUNK)
        .flatMap((doc) => [{ index: { _index: this.alias, _id: String(doc.id) } }, toOpenSearchSource(doc)]);
      await this.bulk(body, false);
    }
  }

  async remove(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.ensureIndex();
    for (let start = 0; start < ids.length; start += BULK_CHUNK) {
      await this.bulk(
        ids.slice(start, start + BULK_CHUNK).map((id) => ({ delete: { _index: this.alias, _id: String(id) } })),
        true,
      );
    }
  }

  async search(query: MaterialSearchQuery, language: Language): Promise<MaterialSearchResult> {
    await this.ensureIndex();
    const keyword = query.keyword ?? '';
    const lookup = exactLookupOf(keyword);
    if (lookup) {
      const response = await this.client.search({ index: this.alias, body: exactLookupRequest(lookup, query.pageNo) });
      const answer = lookupAnswer(lookup, response.body.hits.hits.map((hit) => Number(hit._id)), totalOf(response.body), keyword);
      if (answer) return answer;
    }
    const normalized = normalizeQuery(keyword);
    const dictionary = await this.synonyms.dictionary();
    const response = await this.client.search({ index: this.alias, body: searchRequest(query, language, normalized, dictionary) });
    return {
      ids: response.body.hits.hits.map((hit) => Number(hit._id)),
      total: totalOf(response.body),
      facets: parseFacets(response.body),
      normalizedKeyword: normalized.display,
    };
  }

  private async bulk(body: Record<string, unknown>[], deleting: boolean): Promise<void> {
    const response = await this.client.bulk({ body, refresh: this.refresh });
    if (!response.body.errors) return;
    const failures = response.body.items
      .map((item) => Object.values(item)[0]!)
      .filter((item) => item.error && !(deleting && item.status === 404));
    if (failures.length > 0) {
      const first = failures[0]!;
      throw new Error(`OpenSearch bulk request failed for ${failures.length} document(s); first: ${first._id}: ${first.error?.type}: ${first.error?.reason}`);
    }
  }
}

export function exactLookupRequest(lookup: NonNullable<ReturnType<typeof exactLookupOf>>, pageNo: number): Record<string, unknown> {
  return {
    size: pageNo === 1 ? 1 : 0,
    track_total_hits: true,
    _source: false,
    query: {
      bool: {
        filter: [{ term: { status: 'published' } }, lookup.by === 'code' ? { term: { code: lookup.code } } : { term: { id: lookup.id } }],
      },
    },
  };
}

/**
 * The search body: base conditions as filters, the keyword as scored clauses (one per query word,
 * each as typed OR as any of its synonyms), selected filters as post_filter, one aggregation per
 * filter name.
 */
export function searchRequest(
  query: MaterialSearchQuery,
  language: Language,
  normalized: ReturnType<typeof normalizeQuery>,
  dictionary: SynonymDictionary = SynonymDictionary.EMPTY,
): Record<string, unknown> {
  const kind = query.type === 'pic' ? 'photo' : 'video';
  const filter: Clause[] = [{ term: { status: 'published' } }, { term: { kind } }];
  if (query.categoryId) filter.push({ term: { categoryId: query.categoryId } });
  if (query.from) filter.push({ term: { from: query.from } });
  if (query.topicId) filter.push({ term: { topicIds: query.topicId } });

  const tokens = [...normalized.han, ...normalized.other];
  const hasKeyword = tokens.length > 0;
  const bool: Record<string, unknown> = { filter };
  if (hasKeyword) {
    bool.must = dictionary.expand(normalized).map((word) => {
      // Typo tolerance unless the words are asked for as typed.
      const own = allOf(word.tokens, !query.asTyped);
      if (word.synonyms.length === 0) return own;
      // As typed (boosted, so it ranks first) or as any synonym: a whole word, without typo tolerance.
      return { bool: { should: [boosted(own, EXACT_WORD_BOOST), ...word.synonyms.map((synonym) => allOf(synonym, false))], minimum_should_match: 1 } };
    });
    const titleField = language === 'en' ? 'exact_title_en' : 'exact_title_zh';
    // An exact title match (in the visitor's language) ranks first, as in the PostgreSQL adapter.
    bool.should = [{ term: { [titleField]: { value: normalized.text.toLowerCase(), boost: 10 } } }];
  }

  const selected = normalizeFilters(query.filters ?? {});
  const selectedNames = FILTER_NAMES.filter((name) => selected[name]?.length);
  const selection = (name: FilterName): Clause => ({ terms: { [`filters.${name}`]: selected[name] } });

  const sort =
    query.sort === 'sales'
      ? [{ salesCount: 'desc' }, { id: 'desc' }]
      : query.sort === 'newest' || !hasKeyword
        ? [{ onlineAt: { order: 'desc', missing: '_last' } }, { id: 'desc' }]
        : ['_score', { salesCount: 'desc' }, { id: 'desc' }];

  const aggs = Object.fromEntries(
    FILTER_NAMES.map((name) => {
      const others = selectedNames.filter((other) => other !== name).map(selection);
      return [
        name,
        {
          filter: others.length ? { bool: { filter: others } } : { match_all: {} },
          aggs: { values: { terms: { field: `filters.${name}`, size: FILTER_VALUES[name].length } } },
        },
      ];
    }),
  );

  return {
    from: (query.pageNo - 1) * query.pageSize,
    size: query.pageSize,
    track_total_hits: true,
    _source: false,
    query: { bool },
    ...(selectedNames.length ? { post_filter: { bool: { filter: selectedNames.map(selection) } } } : {}),
    sort,
    aggs,
  };
}

/** Every token required: one token's clause alone, several in a bool. */
function allOf(tokens: QueryToken[], typos: boolean): Clause {
  const clauses = tokens.map(({ token, prefix }) => tokenClause(token, prefix, typos));
  return clauses.length === 1 ? clauses[0]! : { bool: { must: clauses } };
}

function boosted(clause: Clause, boost: number): Clause {
  const bool = clause.bool as Record<string, unknown>;
  return { bool: { ...bool, boost } };
}

/** One query word: Chinese words against the segmented fields, other words by stem, exact word, prefix and (4+ letters, when `typos`) with typos. */
function tokenClause(token: string, prefix: boolean, typos = true): Clause {
  if (hasHan(token)) {
    const should: Clause[] = [{ multi_match: { query: token, fields: ['title_zh^3', 'text_zh'], type: 'best_fields' } }];
    if (prefix) should.push({ prefix: { text_zh: { value: token } } });
    return { bool: { should, minimum_should_match: 1 } };
  }
  const should: Clause[] = [
    {
      multi_match: {
        query: token,
        fields: ['title_en^3', 'text_en', 'text_en.exact^2'],
        type: 'best_fields',
        ...(typos && token.length >= 4 ? { fuzziness: 'AUTO', prefix_length: 1 } : {}),
      },
    },
  ];
  if (prefix) should.push({ match: { 'text_en.prefix': { query: token } } });
  return { bool: { should, minimum_should_match: 1 } };
}

function totalOf(body: SearchResponse): number {
  const total = body.hits.total;
  return typeof total === 'number' ? total : total.value;
}

/** Facets from the per-name aggregations, every allowed value present (0 when absent). */
export function parseFacets(body: SearchResponse): MaterialSearchResult['facets'] {
  const facets = emptyFacets();
  for (const name of FILTER_NAMES) {
    for (const bucket of body.aggregations?.[name]?.values?.buckets ?? []) {
      const entry = facets[name]?.find((b) => b.value === bucket.key);
      if (entry) entry.count = bucket.doc_count;
    }
  }
  return facets;
}

function errorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const meta = (error as { meta?: { body?: unknown } }).meta;
    return `${(error as Error).message ?? ''} ${JSON.stringify(meta?.body ?? '')}`;
  }
  return String(error);
}
