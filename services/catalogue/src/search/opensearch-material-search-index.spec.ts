import { FILTER_NAMES, materialSearchRequestSchema, type MaterialSearchRequest } from '@mkt/contracts';
import type { DataSource } from 'typeorm';
import type { MaterialSearchDocument } from './material-search.port.js';
import {
  OpenSearchMaterialSearchIndex,
  indexDefinition,
  parseFacets,
  type BulkResponse,
  type OpenSearchClientLike,
  type SearchResponse,
} from './opensearch-material-search-index.js';
import { PostgresMaterialSearchIndex } from './postgres-material-search-index.js';
import { SynonymDictionary } from './synonym-dictionary.js';
import { createMaterialSearchIndex } from './search-index.provider.js';

/** Records every request and answers with what the test queued. */
class FakeClient implements OpenSearchClientLike {
  readonly calls: { api: string; params: unknown }[] = [];
  exists = false;
  bulkAnswers: BulkResponse[] = [];
  searchAnswers: SearchResponse[] = [];
  createError: unknown = null;

  indices = {
    exists: async (params: { index: string }) => {
      this.calls.push({ api: 'indices.exists', params });
      return { body: this.exists };
    },
    create: async (params: { index: string; body: Record<string, unknown> }) => {
      this.calls.push({ api: 'indices.create', params });
      if (this.createError) throw this.createError;
      this.exists = true;
      return {};
    },
    putMapping: async (params: { index: string; body: Record<string, unknown> }) => {
      this.calls.push({ api: 'indices.putMapping', params });
      return {};
    },
  };

  async bulk(params: { body: Record<string, unknown>[]; refresh?: boolean | 'wait_for' }) {
    this.calls.push({ api: 'bulk', params });
    return { body: this.bulkAnswers.shift() ?? { errors: false, items: [] } };
  }

  async search(params: { index: string; body: Record<string, unknown> }) {
    this.calls.push({ api: 'search', params });
    return { body: this.searchAnswers.shift() ?? { hits: { total: { value: 0 }, hits: [] } } };
  }

  of(api: string) {
    return this.calls.filter((call) => call.api === api).map((call) => call.params);
  }
}

/** Request bodies read loosely: any path, checked by the assertions themselves. */
interface Loose {
  [key: string]: Loose;
}

const query = (request: MaterialSearchRequest) => materialSearchRequestSchema.parse(request);

const DOC: MaterialSearchDocument = {
  id: 7,
  code: 'LV10000007',
  kind: 'video',
  from: 'own',
  published: true,
  categoryId: 3,
  topicIds: [2, 5],
  titleZh: '上海外滩夜景延时摄影',
  titleEn: 'Shanghai Bund night timelapse',
  keywordsZh: ['城市夜景', '延时'],
  keywordsEn: ['Shanghai', 'Bund'],
  filters: { resolution: ['4k'], mediaType: ['timelapse'] },
  salesCount: 500,
  onlineAt: new Date('2025-01-11T00:00:00.000Z'),
};

const ALL_AGGS_UNSELECTED = (field: string, size: number) => ({
  filter: { match_all: {} },
  aggs: { values: { terms: { field: `filters.${field}`, size } } },
});

describe('OpenSearchMaterialSearchIndex wiring (fake client)', () => {
  let client: FakeClient;
  let index: OpenSearchMaterialSearchIndex;
  beforeEach(() => {
    client = new FakeClient();
    index = new OpenSearchMaterialSearchIndex(client);
  });

  it('creates the versioned index with its alias, analyzers and keyword fields once, when missing', async () => {
    await index.ensureIndex();
    await index.ensureIndex();
    expect(client.of('indices.exists')).toEqual([{ index: 'catalogue-materials-v1' }]);
    const [create] = client.of('indices.create') as { index: string; body: ReturnType<typeof indexDefinition> }[];
    expect(create!.index).toBe('catalogue-materials-v1');
    expect(create!.body).toEqual(indexDefinition('catalogue-materials'));
    const body = create!.body as { settings: Loose; mappings: Loose; aliases: Loose };
    expect(body.aliases).toEqual({ 'catalogue-materials': {} });
    expect(body.settings.index).toEqual({ number_of_shards: 1, max_result_window: 30_000 });
    expect(body.settings.analysis.analyzer.zh_words).toEqual({ type: 'custom', tokenizer: 'whitespace', filter: ['lowercase'] });
    expect(body.settings.analysis.filter.edge_prefix_filter).toEqual({ type: 'edge_ngram', min_gram: 1, max_gram: 20 });
    const p = body.mappings.properties;
    expect(p.text_zh).toEqual({ type: 'text', analyzer: 'zh_words' });
    expect(p.text_en).toEqual({
      type: 'text',
      analyzer: 'english',
      fields: {
        exact: { type: 'text', analyzer: 'words_lower' },
        prefix: { type: 'text', analyzer: 'edge_prefix', search_analyzer: 'words_lower' },
      },
    });
    for (const field of ['code', 'kind', 'from', 'status']) expect(p[field]).toEqual({ type: 'keyword' });
    expect(p.filters.properties).toEqual({
      mediaType: { type: 'keyword' }, resolution: { type: 'keyword' }, shootingType: { type: 'keyword' }, frameRate: { type: 'keyword' },
      composition: { type: 'keyword' }, people: { type: 'keyword' }, gender: { type: 'keyword' }, race: { type: 'keyword' },
      count: { type: 'keyword' }, age: { type: 'keyword' }, duration: { type: 'keyword' }, colour: { type: 'keyword' }, release: { type: 'keyword' },
    });
    expect(p.onlineAt).toEqual({ type: 'date' });
    expect(p.salesCount).toEqual({ type: 'integer' });
    expect(p.topicIds).toEqual({ type: 'integer' });
  });

  it('leaves an existing index alone and tolerates a concurrent creator', async () => {
    client.exists = true;
    await index.ensureIndex();
    expect(client.of('indices.create')).toEqual([]);
    // A filter added since the index was created gets its keyword field in place.
    expect(client.of('indices.putMapping')).toEqual([
      { index: 'catalogue-materials-v1', body: { properties: { filters: { properties: expect.objectContaining({ colour: { type: 'keyword' }, mediaType: { type: 'keyword' } }) } } } },
    ]);

    const racing = new FakeClient();
    racing.createError = Object.assign(new Error('ResponseError'), { meta: { body: { error: { type: 'resource_already_exists_exception' } } } });
    await expect(new OpenSearchMaterialSearchIndex(racing).ensureIndex()).resolves.toBeUndefined();

    const failing = new FakeClient();
    failing.createError = new Error('connect ECONNREFUSED');
    const broken = new OpenSearchMaterialSearchIndex(failing);
    await expect(broken.ensureIndex()).rejects.toThrow('ECONNREFUSED');
    failing.createError = null;
    await expect(broken.ensureIndex()).resolves.toBeUndefined(); // retried, not cached as failed
  });

  it('upserts documents with the bulk API: segmented Chinese, lower-cased English, keywords, dates', async () => {
    client.exists = true;
    await index.upsert([DOC, { ...DOC, id: 8, code: 'LP10000008', kind: 'photo', published: false, onlineAt: null, topicIds: [], titleZh: '熊猫', keywordsZh: [], titleEn: 'Panda', keywordsEn: [], filters: {} }]);
    const [bulk] = client.of('bulk') as { body: unknown[]; refresh: unknown }[];
    expect(bulk!.refresh).toBe('wait_for');
    expect(bulk!.body).toEqual([
      { index: { _index: 'catalogue-materials', _id: '7' } },
      {
        id: 7,
        code: 'LV10000007',
        kind: 'video',
        from: 'own',
        status: 'published',
        categoryId: 3,
        topicIds: [2, 5],
        // jieba words, then (index mode) every dictionary word inside them, as the PostgreSQL adapter indexes them.
        title_zh: '上海 外滩 夜景 延时 摄影 上 海 海外 外 滩 夜 景 延 时 摄 影',
        text_zh: '上海 外滩 夜景 延时 摄影 上 海 海外 外 滩 夜 景 延 时 摄 影 城市 城 市',
        title_en: 'shanghai bund night timelapse',
        exact_title_zh: '上海外滩夜景延时摄影',
        exact_title_en: 'shanghai bund night timelapse',
        text_en: 'shanghai bund night timelapse shanghai bund',
        filters: { mediaType: ['timelapse'], resolution: ['4k'] },
        salesCount: 500,
        onlineAt: '2025-01-11T00:00:00.000Z',
      },
      { index: { _index: 'catalogue-materials', _id: '8' } },
      expect.objectContaining({ id: 8, code: 'LP10000008', kind: 'photo', status: 'hidden', title_zh: '熊猫 熊 猫', text_en: 'panda', onlineAt: null, filters: {} }),
    ]);
  });

  it('indexes every jieba word of the Chinese text, including the ones inside longer words', async () => {
    client.exists = true;
    await index.upsert([{ ...DOC, titleZh: '城市夜景航拍', keywordsZh: [] }]);
    const source = (client.of('bulk')[0] as { body: Record<string, string>[] }).body[1]!;
    expect(source.text_zh!.split(' ')).toEqual(expect.arrayContaining(['城市', '夜景', '航拍']));
  });

  it('removes with bulk deletes, ignoring ids that were never indexed, and reports real failures', async () => {
    client.exists = true;
    client.bulkAnswers.push({ errors: true, items: [{ delete: { _id: '1', status: 200 } }, { delete: { _id: '2', status: 404, error: { type: 'not_found' } } }] });
    await index.remove([1, 2]);
    expect(client.of('bulk')).toEqual([
      { body: [{ delete: { _index: 'catalogue-materials', _id: '1' } }, { delete: { _index: 'catalogue-materials', _id: '2' } }], refresh: 'wait_for' },
    ]);
    client.bulkAnswers.push({ errors: true, items: [{ index: { _id: '7', status: 400, error: { type: 'mapper_parsing_exception', reason: 'bad date' } } }] });
    await expect(index.upsert([DOC])).rejects.toThrow('first: 7: mapper_parsing_exception: bad date');
  });

  it('sends nothing for empty writes', async () => {
    await index.upsert([]);
    await index.remove([]);
    expect(client.calls).toEqual([]);
  });

  it('searches a Chinese phrase: every word must match, the last also as a prefix, relevance then sales then id', async () => {
    client.exists = true;
    client.searchAnswers.push({ hits: { total: { value: 2 }, hits: [{ _id: '7' }, { _id: '3' }] } });
    const result = await index.search(query({ keyword: '上海外灘夜景' }), 'zh-CN');
    expect(result.ids).toEqual([7, 3]);
    expect(result.total).toBe(2);
    expect(result.normalizedKeyword).toBe('上海 外滩 夜景');
    const [request] = client.of('search') as { index: string; body: Loose }[];
    expect(request!.index).toBe('catalogue-materials');
    const zhWord = (word: string, prefix: boolean) => ({
      bool: {
        should: [
          { multi_match: { query: word, fields: ['title_zh^3', 'text_zh'], type: 'best_fields' } },
          ...(prefix ? [{ prefix: { text_zh: { value: word } } }] : []),
        ],
        minimum_should_match: 1,
      },
    });
    expect(request!.body).toEqual({
      from: 0,
      size: 24,
      track_total_hits: true,
      _source: false,
      query: {
        bool: {
          filter: [{ term: { status: 'published' } }, { term: { kind: 'video' } }],
          must: [zhWord('上海', false), zhWord('外滩', false), zhWord('夜景', true)],
          should: [{ term: { exact_title_zh: { value: '上海外滩夜景', boost: 10 } } }],
        },
      },
      sort: ['_score', { salesCount: 'desc' }, { id: 'desc' }],
      aggs: expect.objectContaining({ mediaType: ALL_AGGS_UNSELECTED('mediaType', 6), people: ALL_AGGS_UNSELECTED('people', 2) }),
    });
    expect(Object.keys(request!.body.aggs)).toHaveLength(FILTER_NAMES.length);
  });

  it('searches English words by stem, exact word, typo (4+ letters) and last-word prefix, with filters as post_filter and facets ignoring their own selection', async () => {
    client.exists = true;
    await index.search(
      query({ keyword: 'Sky timelapse', type: 'pic', categoryId: 4, from: 'external', topicId: 9, sort: 'newest', pageNo: 3, pageSize: 10, filters: { mediaType: ['timelapse', 'aerial'], resolution: ['4k'] } }),
      'en',
    );
    const [request] = client.of('search') as { body: Loose }[];
    const body = request!.body;
    expect(body.from).toBe(20);
    expect(body.size).toBe(10);
    expect(body.query.bool.filter).toEqual([
      { term: { status: 'published' } },
      { term: { kind: 'photo' } },
      { term: { categoryId: 4 } },
      { term: { from: 'external' } },
      { term: { topicIds: 9 } },
    ]);
    expect(body.query.bool.must).toEqual([
      { bool: { should: [{ multi_match: { query: 'sky', fields: ['title_en^3', 'text_en', 'text_en.exact^2'], type: 'best_fields' } }], minimum_should_match: 1 } },
      {
        bool: {
          should: [
            { multi_match: { query: 'timelapse', fields: ['title_en^3', 'text_en', 'text_en.exact^2'], type: 'best_fields', fuzziness: 'AUTO', prefix_length: 1 } },
            { match: { 'text_en.prefix': { query: 'timelapse' } } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
    expect(body.query.bool.should).toEqual([{ term: { exact_title_en: { value: 'sky timelapse', boost: 10 } } }]);
    // Filter values in FILTER_VALUES order; OR within a name (terms), AND across names (bool filter).
    expect(body.post_filter).toEqual({ bool: { filter: [{ terms: { 'filters.mediaType': ['aerial', 'timelapse'] } }, { terms: { 'filters.resolution': ['4k'] } }] } });
    expect(body.aggs.mediaType).toEqual({
      filter: { bool: { filter: [{ terms: { 'filters.resolution': ['4k'] } }] } },
      aggs: { values: { terms: { field: 'filters.mediaType', size: 6 } } },
    });
    expect(body.aggs.resolution.filter).toEqual({ bool: { filter: [{ terms: { 'filters.mediaType': ['aerial', 'timelapse'] } }] } });
    expect(body.aggs.people.filter).toEqual({
      bool: { filter: [{ terms: { 'filters.mediaType': ['aerial', 'timelapse'] } }, { terms: { 'filters.resolution': ['4k'] } }] },
    });
    expect(body.sort).toEqual([{ onlineAt: { order: 'desc', missing: '_last' } }, { id: 'desc' }]);
  });

  it('matches a query word with synonyms as typed (boosted) OR as any term of its group; other words still all required', async () => {
    client.exists = true;
    const dictionary = new SynonymDictionary([['航拍', '无人机', 'aerial', 'drone', 'drone shot']]);
    const synonymIndex = new OpenSearchMaterialSearchIndex(client, {}, { dictionary: async () => dictionary });
    await synonymIndex.search(query({ keyword: 'drone shot sunset' }), 'en');
    await synonymIndex.search(query({ keyword: '无人机' }), 'zh-CN');
    const [english, chinese] = client.of('search') as { body: Loose }[];
    const enWord = (word: string, options: { prefix?: boolean; typos?: boolean } = {}) => ({
      bool: {
        should: [
          {
            multi_match: {
              query: word,
              fields: ['title_en^3', 'text_en', 'text_en.exact^2'],
              type: 'best_fields',
              ...(options.typos !== false && word.length >= 4 ? { fuzziness: 'AUTO', prefix_length: 1 } : {}),
            },
          },
          ...(options.prefix ? [{ match: { 'text_en.prefix': { query: word } } }] : []),
        ],
        minimum_should_match: 1,
      },
    });
    const zhWord = (word: string, prefix = false) => ({
      bool: {
        should: [{ multi_match: { query: word, fields: ['title_zh^3', 'text_zh'], type: 'best_fields' } }, ...(prefix ? [{ prefix: { text_zh: { value: word } } }] : [])],
        minimum_should_match: 1,
      },
    });
    // "drone shot" is one word of the query (a dictionary phrase): both tokens as typed, boosted, or any other term.
    expect(english!.body.query.bool.must).toEqual([
      {
        bool: {
          should: [
            { bool: { must: [enWord('drone'), enWord('shot')], boost: 4 } },
            zhWord('航拍'),
            zhWord('无人机'),
            enWord('aerial', { typos: false }),
            enWord('drone', { typos: false }),
          ],
          minimum_should_match: 1,
        },
      },
      // No synonyms: exactly the clause it always was.
      enWord('sunset', { prefix: true }),
    ]);
    const [group] = chinese!.body.query.bool.must as unknown as Loose[];
    const should = group!.bool.should as unknown as Loose[];
    // The query's last word is also a prefix as typed; its synonyms are whole words.
    expect(should[0]).toEqual({ bool: { ...zhWord('无人机', true).bool, boost: 4 } });
    expect(should.slice(1)).toEqual(
      expect.arrayContaining([zhWord('航拍'), enWord('aerial', { typos: false }), enWord('drone', { typos: false }), { bool: { must: [enWord('drone', { typos: false }), enWord('shot', { typos: false })] } }]),
    );
    expect(should).toHaveLength(5);
    expect(chinese!.body.query.bool.should).toEqual([{ term: { exact_title_zh: { value: '无人机', boost: 10 } } }]);
    // Without the dictionary the same query is the plain word it was.
    await index.search(query({ keyword: 'drone shot sunset' }), 'en');
    expect((client.of('search')[2] as { body: Loose }).body.query.bool.must).toEqual([enWord('drone'), enWord('shot'), enWord('sunset', { prefix: true })]);
  });

  it('browses without a keyword newest first, and sorts by sales with the id tie-break', async () => {
    client.exists = true;
    await index.search(query({}), 'en');
    await index.search(query({ keyword: 'sea', sort: 'sales' }), 'en');
    const [browse, sales] = client.of('search') as { body: Loose }[];
    expect(browse!.body.query).toEqual({ bool: { filter: [{ term: { status: 'published' } }, { term: { kind: 'video' } }] } });
    expect(browse!.body.sort).toEqual([{ onlineAt: { order: 'desc', missing: '_last' } }, { id: 'desc' }]);
    expect(browse!.body.post_filter).toBeUndefined();
    expect(sales!.body.sort).toEqual([{ salesCount: 'desc' }, { id: 'desc' }]);
  });

  it('looks up a copy number (any tab, first page only) or an id, and searches an unknown id as text', async () => {
    client.exists = true;
    client.searchAnswers.push({ hits: { total: { value: 1 }, hits: [{ _id: '7' }] } });
    const byCode = await index.search(query({ keyword: ' lv10000007 ', type: 'pic' }), 'en');
    expect(byCode).toMatchObject({ ids: [7], total: 1, normalizedKeyword: 'LV10000007' });
    expect(Object.values(byCode.facets).every((buckets) => buckets!.every((b) => b.count === 0))).toBe(true);
    expect((client.of('search')[0] as { body: unknown }).body).toEqual({
      size: 1,
      track_total_hits: true,
      _source: false,
      query: { bool: { filter: [{ term: { status: 'published' } }, { term: { code: 'LV10000007' } }] } },
    });

    client.searchAnswers.push({ hits: { total: { value: 0 }, hits: [] } }, { hits: { total: { value: 0 }, hits: [] } });
    const unknownId = await index.search(query({ keyword: '2024', pageNo: 2 }), 'en');
    const [, idLookup, text] = client.of('search') as { body: Loose }[];
    expect(idLookup!.body).toEqual({
      size: 0,
      track_total_hits: true,
      _source: false,
      query: { bool: { filter: [{ term: { status: 'published' } }, { term: { id: 2024 } }] } },
    });
    expect(text!.body.query.bool.must).toHaveLength(1);
    expect(unknownId.normalizedKeyword).toBe('2024');
  });

  it('reads facets from the aggregations, every allowed value present', () => {
    const facets = parseFacets({
      hits: { total: 3, hits: [] },
      aggregations: {
        mediaType: { values: { buckets: [{ key: 'aerial', doc_count: 2 }, { key: 'timelapse', doc_count: 1 }, { key: 'unknown', doc_count: 9 }] } },
        resolution: { values: { buckets: [{ key: '4k', doc_count: 3 }] } },
      },
    });
    expect(facets.mediaType).toEqual([
      { value: 'live-action', count: 0 },
      { value: 'aerial', count: 2 },
      { value: 'timelapse', count: 1 },
      { value: 'slow-motion', count: 0 },
      { value: 'animation', count: 0 },
      { value: 'green-screen', count: 0 },
    ]);
    expect(facets.resolution?.find((b) => b.value === '4k')?.count).toBe(3);
    expect(facets.duration?.every((b) => b.count === 0)).toBe(true);
    expect(Object.keys(facets)).toHaveLength(FILTER_NAMES.length);
  });
});

describe('search adapter selection by configuration', () => {
  const dataSource = {} as DataSource;

  it('uses PostgreSQL by default', async () => {
    const urls: string[] = [];
    const index = await createMaterialSearchIndex({ search: { engine: 'postgres' } }, dataSource, (url) => {
      urls.push(url);
      return new FakeClient();
    });
    expect(index).toBeInstanceOf(PostgresMaterialSearchIndex);
    expect(urls).toEqual([]);
  });

  it('uses OpenSearch at OPENSEARCH_URL when SEARCH=opensearch, creating its index at start', async () => {
    const fake = new FakeClient();
    const urls: string[] = [];
    const index = await createMaterialSearchIndex({ search: { engine: 'opensearch', url: 'http://opensearch:9200' } }, dataSource, (url) => {
      urls.push(url);
      return fake;
    });
    expect(index).toBeInstanceOf(OpenSearchMaterialSearchIndex);
    expect(urls).toEqual(['http://opensearch:9200']);
    expect(fake.of('indices.create')).toHaveLength(1);
  });
});
