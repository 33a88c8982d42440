import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { FILTER_NAMES, FILTER_VALUES, MATERIAL_KINDS, materialSearchRequestSchema, type FilterName, type Language, type MaterialKind, type MaterialSearchQuery } from '@mkt/contracts';
import { generateSearchQueries, type GeneratedQuery } from '../demo/bench/search-queries.js';
import { seededRandom } from '@mkt/platform';
import { MOODS, PLACES, SUBJECTS, TECHNIQUES, TIMES } from '../demo/bench/vocabulary.js';
import { exactLookupOf, materialCode } from '../src/materials/material-code.js';
import { normalizeFilters } from '../src/materials/material-filters.js';
import { cleanMaterialText } from '../src/materials/material-writer.service.js';
import type { MaterialSearchDocument, MaterialSearchResult } from '../src/search/material-search.port.js';
import { CatalogueIndex, DEFAULT_LIMITS, RELEVANCE, type CatalogueIndexLimits, type CatalogueIndexMeta } from '../src/search/memory/catalogue-index.js';
import { LocalIndexEngine } from '../src/search/memory/index-engine.js';
import { buildInProcess, type IndexBuilder } from '../src/search/memory/index-builders.js';
import { readSnapshot, writeSnapshot } from '../src/search/memory/index-snapshot.js';
import { IndexWorkerEndpoint } from '../src/search/memory/index-worker.endpoint.js';
import { WorkerIndexEngine } from '../src/search/memory/worker-index-engine.js';
import { DocumentTerms, STEM, TITLE_STEM, TITLE_WORD, WORD, isDictionaryWord } from '../src/search/memory/document-terms.js';
import { InMemoryMaterialSearchIndex } from '../src/search/memory/in-memory-material-search-index.js';
import { closestOf } from '../src/search/memory/typo-corrector.js';
import { SynonymDictionary, type QueryToken, type QueryWord } from '../src/search/synonym-dictionary.js';
import { hasHan, normalizeQuery } from '../src/text/text-helpers.js';

/**
 * The in-memory engine against brute force: a generated catalogue of a few thousand materials,
 * hundreds of generated queries in both languages (words, phrases, typos, traditional characters,
 * unknown words, browse pages with filters, sorts, pages), every answer (ids in order, total, cap
 * flag, every facet count, the normalized keyword) compared with a plain evaluation of the rules
 * over every document; then random writes (publish, unpublish, edits, sales) and the same again.
 */

const SYNONYMS = new SynonymDictionary([
  ['航拍', '无人机', 'aerial', 'drone'],
  ['延时摄影', '延时', 'timelapse', 'time lapse'],
  ['海浪', 'waves', 'surf'],
]);

function generateCatalogue(count: number, seed: number): MaterialSearchDocument[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const docs: MaterialSearchDocument[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = 1000 + i * 3 + Math.floor(random() * 3);
    const place = pick(PLACES);
    const time = pick(TIMES);
    const subject = pick(SUBJECTS);
    const technique = pick(TECHNIQUES);
    const mood = pick(MOODS);
    const kind: MaterialKind = random() < 0.7 ? 'video' : random() < 0.85 ? 'photo' : pick(MATERIAL_KINDS);
    const filters: Record<string, string[]> = {};
    for (const name of FILTER_NAMES) {
      if (random() < 0.5) continue;
      const values = FILTER_VALUES[name] as readonly string[];
      filters[name] = [pick(values), ...(random() < 0.2 ? [pick(values)] : [])];
    }
    const text = cleanMaterialText({
      titleZh: `${place[0]}${time[0]}${subject[0]}${random() < 0.5 ? technique[0] : ''}`,
      titleEn: `${place[1]} ${time[1]} ${subject[1]}${random() < 0.5 ? ` ${technique[1]}` : ''}`,
      // A tag a handful of materials share: "similar" finds those without walking the whole kind.
      keywordsZh: [place[0], subject[0], technique[0], mood[0], ...(i % 400 === 0 ? ['冰川湖'] : [])],
      keywordsEn: [place[1], subject[1], technique[1], mood[1]],
    });
    docs.push({
      id,
      code: `L${kind === 'photo' ? 'P' : kind === 'video' ? 'V' : 'M'}${10_000_000 + id}`,
      kind,
      from: random() < 0.8 ? 'own' : random() < 0.5 ? 'raw' : 'external',
      published: random() < 0.93,
      categoryId: random() < 0.9 ? 1 + Math.floor(random() * 6) : null,
      topicIds: [1, 2, 3].filter(() => random() < 0.1),
      titleZh: text.titleZh,
      titleEn: text.titleEn,
      keywordsZh: text.keywordsZh,
      keywordsEn: text.keywordsEn,
      filters: normalizeFilters(filters),
      salesCount: Math.floor(random() * 60) * (random() < 0.1 ? 10 : 1),
      onlineAt: random() < 0.97 ? new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 700) * 86_400_000) : null,
    });
  }
  return docs;
}

/** The rules, evaluated document by document. `order` is the index order of the live documents (facet samples). */
class BruteForce {
  private readonly analyzer = new DocumentTerms();
  private readonly termsOf = new Map<number, Set<string>>();
  docs = new Map<number, MaterialSearchDocument>();
  order: number[] = [];

  constructor(
    private readonly limits: CatalogueIndexLimits,
    private readonly synonyms: SynonymDictionary,
  ) {}

  upsert(doc: MaterialSearchDocument): void {
    this.remove(doc.id);
    if (!doc.published) return;
    this.docs.set(doc.id, doc);
    this.termsOf.set(doc.id, this.analyzer.termsOf(doc));
    this.order.push(doc.id);
  }

  remove(id: number): void {
    this.docs.delete(id);
    this.order = this.order.filter((other) => other !== id);
  }

  private tokenMatches(id: number, { token, prefix }: QueryToken, titleOnly: boolean): boolean {
    const terms = this.termsOf.get(id)!;
    const word = titleOnly ? TITLE_WORD : WORD;
    if (terms.has(word + token)) return true;
    if (!hasHan(token) && terms.has((titleOnly ? TITLE_STEM : STEM) + this.analyzer.stem(token))) return true;
    if (prefix) for (const term of terms) if (term.startsWith(word) && term.slice(1).startsWith(token)) return true;
    return false;
  }

  private alternatives(word: QueryWord): QueryToken[][] {
    return [word.tokens, ...word.synonyms];
  }

  private wordMatches(id: number, word: QueryWord): boolean {
    return this.alternatives(word).some((alt) => alt.every((token) => this.tokenMatches(id, token, false)));
  }

  private score(id: number, words: QueryWord[], text: string, language: Language): number {
    const doc = this.docs.get(id)!;
    const title = language === 'en' ? doc.titleEn : doc.titleZh;
    let score = title.toLowerCase() === text.toLowerCase() ? RELEVANCE.TITLE_EQUAL_BONUS : 0;
    for (const word of words) {
      let best = 0;
      this.alternatives(word).forEach((alt, i) => {
        if (!alt.every((token) => this.tokenMatches(id, token, false))) return;
        let sum = alt.reduce((total, token) => total + (this.tokenMatches(id, token, true) ? RELEVANCE.TITLE_WEIGHT : RELEVANCE.KEYWORD_WEIGHT), 0);
        if (i === 0 && word.synonyms.length > 0) sum += RELEVANCE.EXACT_WORD_BONUS;
        best = Math.max(best, sum);
      });
      score += best;
    }
    return score;
  }

  private bySales = (a: MaterialSearchDocument, b: MaterialSearchDocument): number => b.salesCount - a.salesCount || b.id - a.id;
  private byNewest = (a: MaterialSearchDocument, b: MaterialSearchDocument): number => {
    const x = a.onlineAt?.getTime() ?? null;
    const y = b.onlineAt?.getTime() ?? null;
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return y - x;
    }
    return b.id - a.id;
  };

  search(query: MaterialSearchQuery, language: Language): MaterialSearchResult {
    const keyword = query.keyword ?? '';
    const lookup = exactLookupOf(keyword);
    if (lookup) {
      const found = [...this.docs.values()].find((doc) => (lookup.by === 'code' ? doc.code === lookup.code : doc.id === lookup.id));
      if (found || lookup.by === 'code') {
        return { ids: found && query.pageNo === 1 ? [found.id] : [], total: found ? 1 : 0, facets: emptyFacetsOf(), normalizedKeyword: keyword.trim().toUpperCase() };
      }
    }
    const normalized = normalizeQuery(keyword);
    const exact = this.searchText(query, language, normalized);
    if (query.asTyped || exact.total > 0 || !normalized.other.some((w) => w.length >= 4)) return exact;
    const dictionary = new Set<string>();
    for (const id of this.docs.keys()) for (const term of this.termsOf.get(id)!) if (term.startsWith(WORD) && isDictionaryWord(term.slice(1))) dictionary.add(term.slice(1));
    let changed = false;
    const corrected = normalized.other.map((word) => {
      if (word.length < 4 || !isDictionaryWord(word) || dictionary.has(word)) return word;
      const best = closestOf(word, dictionary);
      if (best === null) return word;
      changed = true;
      return best;
    });
    if (!changed) return exact;
    const queue = [...corrected];
    return { ...this.searchText(query, language, { ...normalized, other: corrected }), normalizedKeyword: normalized.display, correctedKeyword: normalized.display.split(' ').map((token) => (hasHan(token) ? token : queue.shift()!)).join(' ') };
  }

  private searchText(query: MaterialSearchQuery, language: Language, normalized: ReturnType<typeof normalizeQuery>): MaterialSearchResult {
    const kind = query.type === 'pic' ? 'photo' : 'video';
    const words = normalized.han.length + normalized.other.length > 0 ? this.synonyms.expand(normalized) : [];
    const filters = normalizeFilters(query.filters ?? {});
    const selected = FILTER_NAMES.filter((name) => filters[name]?.length);
    const inClause = (doc: MaterialSearchDocument, name: FilterName) => (filters[name] ?? []).some((value) => (doc.filters[name] as string[] | undefined)?.includes(value));
    const base = this.order
      .map((id) => this.docs.get(id)!)
      .filter(
        (doc) =>
          doc.kind === kind &&
          (query.categoryId === undefined || doc.categoryId === query.categoryId) &&
          (query.from === undefined || doc.from === query.from) &&
          (query.topicId === undefined || doc.topicIds.includes(query.topicId)) &&
          words.every((word) => this.wordMatches(doc.id, word)),
      );
    const matches = base.filter((doc) => selected.every((name) => inClause(doc, name)));
    const facets = emptyFacetsOf();
    for (const name of FILTER_NAMES) {
      const set = base.filter((doc) => selected.every((other) => other === name || inClause(doc, other))).slice(0, this.limits.facetCandidates);
      for (const bucket of facets[name]!) bucket.count = set.filter((doc) => (doc.filters[name] as string[] | undefined)?.includes(bucket.value)).length;
    }
    const offset = (query.pageNo - 1) * query.pageSize;
    const end = Math.min(offset + query.pageSize, this.limits.totalCap);
    let ordered: MaterialSearchDocument[];
    if (query.sort === 'sales') ordered = [...matches].sort(this.bySales);
    else if (query.sort === 'newest' || words.length === 0) ordered = [...matches].sort(this.byNewest);
    else {
      const bySales = [...matches].sort(this.bySales);
      const ranked = bySales.slice(0, this.limits.rankCandidates).map((doc) => ({ doc, score: this.score(doc.id, words, normalized.text, language) }));
      ranked.sort((a, b) => b.score - a.score || this.bySales(a.doc, b.doc));
      ordered = [...ranked.map((r) => r.doc), ...bySales.slice(this.limits.rankCandidates)];
    }
    const capped = matches.length > this.limits.totalCap;
    return {
      ids: offset < end ? ordered.slice(offset, end).map((doc) => doc.id) : [],
      total: Math.min(matches.length, this.limits.totalCap),
      ...(capped ? { totalCapped: true } : {}),
      facets,
      normalizedKeyword: normalized.display,
    };
  }
}

function emptyFacetsOf(): MaterialSearchResult['facets'] {
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, (FILTER_VALUES[name] as readonly string[]).map((value) => ({ value, count: 0 }))]));
}

/** The reader's order: kind by kind, best sellers first. */
function readerOrder(docs: MaterialSearchDocument[]): MaterialSearchDocument[] {
  return MATERIAL_KINDS.flatMap((kind) => docs.filter((doc) => doc.published && doc.kind === kind).sort((a, b) => b.salesCount - a.salesCount || b.id - a.id));
}

/** How the serving side reaches the index: in its own thread, after a snapshot file, or across a worker's channel. */
type Via = 'memory' | 'snapshot' | 'worker channel';

function builderVia(via: Via, build: () => Promise<CatalogueIndex>, limits: CatalogueIndexLimits): IndexBuilder {
  if (via === 'memory') return async () => new LocalIndexEngine(await build());
  if (via === 'snapshot') {
    // As the serving process gets it from the builder process.
    return async () => {
      const folder = mkdtempSync(join(tmpdir(), 'catalogue-index-'));
      try {
        const file = join(folder, 'index.bin');
        await writeSnapshot(file, (await build()).snapshot());
        return new LocalIndexEngine(CatalogueIndex.fromSnapshot(await readSnapshot<CatalogueIndexMeta>(file), limits));
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    };
  }
  // The worker thread's protocol on a channel of this thread: every question, answer and write is
  // copied across by structured clone and handled in arrival order, as in the worker.
  return async () => {
    const index = await build();
    const { port1, port2 } = new MessageChannel();
    new IndexWorkerEndpoint(index, port1);
    const engine = new WorkerIndexEngine(port2, { size: index.size, garbage: index.garbage }, async () => {
      port1.close();
      port2.close();
    });
    // After the listeners: attaching a 'message' listener refs a port again, and the engines here
    // are never closed.
    port1.unref();
    port2.unref();
    return engine;
  };
}

/** "Similar materials" by brute force over `live`: 8 of the 20 best sellers of the category and of the tags. */
/** "Similar materials" of a live document by MaterialSearchIndex.similar's rule; null for any other. */
function bruteForceSimilar(live: MaterialSearchDocument[], doc: MaterialSearchDocument): number[] | null {
  if (!live.some((other) => other.id === doc.id)) return null;
  const bySales = (a: MaterialSearchDocument, b: MaterialSearchDocument) => b.salesCount - a.salesCount || b.id - a.id;
  const others = live.filter((other) => other.kind === doc.kind && other.id !== doc.id).sort(bySales);
  const sameCategory = doc.categoryId === null ? [] : others.filter((other) => other.categoryId === doc.categoryId).slice(0, 20);
  const sharingTag = others.filter((other) => other.keywordsZh.some((t) => doc.keywordsZh.includes(t)) || other.keywordsEn.some((t) => doc.keywordsEn.includes(t))).slice(0, 20);
  const score = (other: MaterialSearchDocument) =>
    (doc.categoryId !== null && other.categoryId === doc.categoryId ? 2 : 0) +
    doc.keywordsZh.filter((t) => other.keywordsZh.includes(t)).length +
    doc.keywordsEn.filter((t) => other.keywordsEn.includes(t)).length;
  const ranked = [...new Set([...sameCategory, ...sharingTag])].sort((a, b) => score(b) - score(a) || bySales(a, b)).slice(0, 8);
  // Topped up with the kind's best sellers.
  for (const other of others) if (ranked.length < 8 && !ranked.includes(other)) ranked.push(other);
  return ranked.map((other) => other.id);
}

async function engineAndOracle(docs: MaterialSearchDocument[], limits: CatalogueIndexLimits, via: Via = 'memory') {
  const source = { count: async () => docs.length, read: async (onBatch: (batch: MaterialSearchDocument[]) => void) => onBatch(readerOrder(docs)) };
  const engine = new InMemoryMaterialSearchIndex(builderVia(via, buildInProcess(source, limits), limits), null, { dictionary: async () => SYNONYMS }, limits);
  await engine.build();
  const oracle = new BruteForce(limits, SYNONYMS);
  for (const doc of readerOrder(docs)) oracle.upsert(doc);
  return { engine, oracle };
}

async function differences(engine: InMemoryMaterialSearchIndex, oracle: BruteForce, queries: GeneratedQuery[]): Promise<string[]> {
  const failures: string[] = [];
  for (const { body, lang } of queries) {
    const query = materialSearchRequestSchema.parse(body);
    const actual = await engine.search(query, lang);
    const expected = oracle.search(query, lang);
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      const what = (['ids', 'total', 'totalCapped', 'facets', 'normalizedKeyword', 'correctedKeyword'] as const).filter((key) => JSON.stringify(actual[key]) !== JSON.stringify(expected[key]));
      failures.push(`${lang} ${JSON.stringify(body)}: ${what.map((key) => `${key} ${JSON.stringify(actual[key])} ≠ ${JSON.stringify(expected[key])}`).join('; ')}`.slice(0, 600));
    }
  }
  return failures;
}

describe('in-memory search engine against brute force', () => {
  const docs = generateCatalogue(3000, 7);
  const queries = generateSearchQueries({ count: 400, seed: 11, categoryIds: [1, 2, 3, 4, 5, 6, 99], topicIds: [1, 2, 3] });
  const extra: GeneratedQuery[] = [
    ...docs.slice(0, 5).map((doc) => ({ shape: 'english-word' as const, lang: 'en' as const, body: { keyword: doc.code.toLowerCase() } })),
    ...docs.slice(5, 8).map((doc) => ({ shape: 'english-word' as const, lang: 'en' as const, body: { keyword: String(doc.id) } })),
    { shape: 'english-word', lang: 'en', body: { keyword: 'LV99999999' } },
    { shape: 'english-phrase', lang: 'en', body: { keyword: 'drone shot', sort: 'relevance' } },
    { shape: 'chinese-word', lang: 'zh-CN', body: { keyword: '夜', pageSize: 60 } },
    { shape: 'english-word', lang: 'en', body: { keyword: 'sun', pageNo: 3 } },
  ];

  it('covers every query shape in both languages', () => {
    expect(new Set(queries.map((q) => q.shape)).size).toBe(9);
    expect(new Set(queries.map((q) => q.lang))).toEqual(new Set(['zh-CN', 'en']));
  });

  it('answers every query as brute force does, with the default limits', async () => {
    const { engine, oracle } = await engineAndOracle(docs, DEFAULT_LIMITS);
    const failures = await differences(engine, oracle, [...queries, ...extra]);
    expect(failures.slice(0, 10)).toEqual([]);
    // The queries must find something often enough to mean anything.
    const found = await Promise.all(queries.map((q) => engine.search(materialSearchRequestSchema.parse(q.body), q.lang)));
    expect(found.filter((r) => r.ids.length > 0).length).toBeGreaterThan(queries.length / 2);
  });

  it('answers as brute force does when the caps bite (totals, facet samples, ranked candidates)', async () => {
    const { engine, oracle } = await engineAndOracle(docs, { totalCap: 50, facetCandidates: 40, rankCandidates: 30 });
    const failures = await differences(engine, oracle, queries.slice(0, 250));
    expect(failures.slice(0, 10)).toEqual([]);
    const capped = await Promise.all(queries.slice(0, 250).map((q) => engine.search(materialSearchRequestSchema.parse(q.body), q.lang)));
    expect(capped.some((r) => r.totalCapped)).toBe(true);
  });

  it.each<Via>(['memory', 'worker channel'])('ranks "similar materials" as brute force does (%s)', async (via) => {
    const { engine, oracle } = await engineAndOracle(docs, DEFAULT_LIMITS, via);
    const live = [...oracle.docs.values()];
    const expectedSimilar = (doc: MaterialSearchDocument) => bruteForceSimilar(live, doc);
    let checked = 0;
    for (const doc of live.filter((_, i) => i % 37 === 0)) {
      expect(await engine.similar(doc.id, 8, 20)).toEqual(expectedSimilar(doc));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(50);
    // A material that is not published has none.
    const unpublished = docs.find((doc) => !doc.published)!;
    expect(await engine.similar(unpublished.id, 8, 20)).toBeNull();
    expect(await engine.similar(Number.MAX_SAFE_INTEGER, 8, 20)).toBeNull();
    // Only the rare tag (and no category): its few members, sorted, instead of a walk; a tag given
    // twice counts twice.
    const rare = live.filter((doc) => doc.keywordsZh.includes('冰川湖'));
    expect(rare.length).toBeGreaterThan(2);
    for (const [i, doc] of rare.entries()) {
      const probe = { ...doc, categoryId: null, keywordsZh: i === 0 ? ['冰川湖', '冰川湖'] : ['冰川湖'], keywordsEn: [] };
      await engine.upsert([probe]);
      oracle.upsert(probe);
    }
    const rewritten = [...oracle.docs.values()];
    for (const doc of rare) {
      const similar = await engine.similar(doc.id, 8, 20);
      expect(similar).toEqual(bruteForceSimilar(rewritten, oracle.docs.get(doc.id)!));
      expect(similar!.length).toBe(8);
    }
  });

  it.each<Via>(['memory', 'worker channel'])('puts a best seller published after "similar materials" were asked first in them (%s)', async (via) => {
    const { engine, oracle } = await engineAndOracle(docs, DEFAULT_LIMITS, via);
    const live = [...oracle.docs.values()];
    const probe = live.find((doc) => doc.categoryId !== null && doc.keywordsZh.length > 0)!;
    expect(await engine.similar(probe.id, 8, 20)).toEqual(bruteForceSimilar(live, probe));
    // The only write: a new material of the same kind, category and tags that outsells every other.
    const id = Math.max(...live.map((doc) => doc.id)) + 1;
    const newcomer = { ...probe, id, code: materialCode(probe.kind, id), salesCount: 1_000_000, published: true };
    await engine.upsert([newcomer]);
    oracle.upsert(newcomer);
    const similar = await engine.similar(probe.id, 8, 20);
    expect(similar).toEqual(bruteForceSimilar([...oracle.docs.values()], probe));
    expect(similar![0]).toBe(id);
  });

  it.each<Via>(['memory', 'worker channel'])('drops a material withdrawn or re-tagged after "similar materials" were asked (%s)', async (via) => {
    const { engine, oracle } = await engineAndOracle(docs, DEFAULT_LIMITS, via);
    const live = [...oracle.docs.values()];
    const probe = live.find((doc) => doc.categoryId !== null && doc.keywordsZh.length > 0)!;
    const first = (await engine.similar(probe.id, 8, 20))!;
    expect(first).toEqual(bruteForceSimilar(live, probe));
    // The first similar one loses the probe's category and tags; the second is withdrawn.
    const [retagged, withdrawn] = first.map((id) => oracle.docs.get(id)!);
    const moved = { ...retagged!, categoryId: null, keywordsZh: ['别的'], keywordsEn: ['other'] };
    await engine.upsert([moved, { ...withdrawn!, published: false }]);
    oracle.upsert(moved);
    oracle.upsert({ ...withdrawn!, published: false });
    const after = await engine.similar(probe.id, 8, 20);
    expect(after).toEqual(bruteForceSimilar([...oracle.docs.values()], probe));
    expect(after).not.toContain(withdrawn!.id);
  });

  it.each<Via>(['snapshot', 'worker channel'])('answers the same from an index reached through a %s', async (via) => {
    const { engine, oracle } = await engineAndOracle(docs, DEFAULT_LIMITS, via);
    expect((await differences(engine, oracle, queries.slice(0, 150))).slice(0, 10)).toEqual([]);
  });

  it.each<Via>(['memory', 'snapshot', 'worker channel'])('shows every write to the next search: publish, unpublish, edits, sales (%s)', async (via) => {
    const { engine, oracle } = await engineAndOracle(docs, DEFAULT_LIMITS, via);
    const random = seededRandom(23);
    const current = new Map(docs.map((doc) => [doc.id, doc]));
    const ids = [...current.keys()];
    // Searched before the writes too: what a search works out about each kind's documents must
    // follow the writes (documents published later are numbered after every kind's).
    const before = generateSearchQueries({ count: 40, seed: 31, categoryIds: [1, 2, 3], topicIds: [1, 2, 3] });
    expect((await differences(engine, oracle, before)).slice(0, 10)).toEqual([]);
    // And "similar materials", whose per-category and per-tag best sellers are kept between calls.
    const similarProbes = [...oracle.docs.values()].filter((_, i) => i % 19 === 0);
    for (const doc of similarProbes) expect(await engine.similar(doc.id, 8, 20)).toEqual(bruteForceSimilar([...oracle.docs.values()], doc));
    for (let i = 0; i < 300; i += 1) {
      const doc = current.get(ids[Math.floor(random() * ids.length)]!)!;
      const roll = random();
      let next: MaterialSearchDocument;
      if (roll < 0.3) next = { ...doc, salesCount: doc.salesCount + 1 + Math.floor(random() * 50) };
      else if (roll < 0.5) next = { ...doc, published: !doc.published };
      else if (roll < 0.7) next = { ...doc, titleEn: `${doc.titleEn} glacier`, keywordsZh: [...doc.keywordsZh, '冰川'] };
      else if (roll < 0.85) next = { ...doc, filters: normalizeFilters({ resolution: ['8k'], people: ['none'] }), categoryId: 2 };
      else next = { ...doc, onlineAt: new Date(Date.UTC(2026, 5, 1) + i * 1000), topicIds: [2] };
      current.set(doc.id, next);
      if (random() < 0.1) {
        await engine.remove([doc.id]);
        oracle.remove(doc.id);
        current.set(doc.id, { ...next, published: false });
      } else {
        await engine.upsert([next]);
        oracle.upsert(next);
      }
    }
    const after: GeneratedQuery[] = [
      { shape: 'english-word', lang: 'en', body: { keyword: 'glacier' } },
      { shape: 'chinese-word', lang: 'zh-CN', body: { keyword: '冰川', sort: 'sales' } },
      { shape: 'browse', lang: 'en', body: { filters: { resolution: ['8k'] }, sort: 'sales' } },
      { shape: 'browse', lang: 'en', body: { topicId: 2, sort: 'newest' } },
    ];
    const glacier = await engine.search(materialSearchRequestSchema.parse({ keyword: 'glacier' }), 'en');
    expect(glacier.total).toBeGreaterThan(0);
    const failures = await differences(engine, oracle, [...after, ...generateSearchQueries({ count: 200, seed: 29, categoryIds: [1, 2, 3], topicIds: [1, 2, 3] })]);
    expect(failures.slice(0, 10)).toEqual([]);
    const live = [...oracle.docs.values()];
    for (const doc of [...similarProbes.map((probe) => current.get(probe.id)!), ...live.filter((_, i) => i % 23 === 0)]) {
      expect(await engine.similar(doc.id, 8, 20)).toEqual(bruteForceSimilar(live, doc));
    }
  });
});
