import { FILTER_NAMES, FILTER_VALUES, type FilterName, type Language, type MaterialKind, type MaterialSearchQuery, type MaterialSource } from '@mkt/contracts';
import { idOfMaterialCode, materialCode, type ExactLookup } from '../../materials/material-code.js';
import { normalizeFilters } from '../../materials/material-filters.js';
import { hasHan } from '../../text/text-helpers.js';
import type { MaterialSearchDocument, MaterialSearchResult } from '../material-search.port.js';
import { emptyFacets } from '../search-facets.js';
import type { QueryToken, QueryWord } from '../synonym-dictionary.js';
import { DocBitset, ScratchWords, andInto, copyInto, countOf, forEachMember, orInto } from './doc-bitset.js';
import { DocOrder } from './doc-order.js';
import { FacetCounter } from './facet-counter.js';
import type { IndexSnapshot, SnapshotArray } from './index-snapshot.js';
import { DocumentTerms, STEM, TAG_SEPARATOR, TITLE_STEM, TITLE_WORD, WORD, isDictionaryWord, type SearchField } from './document-terms.js';
import { KeptBestSellerLists, mergeInOrder, setKeys } from './best-seller-lists.js';
import { PostingList } from './posting-list.js';
import { TypoCorrector } from './typo-corrector.js';

/**
 * Relevance, in whole numbers so every engine and the test oracle add up the same: each query
 * word scores its best matching alternative (as typed, or one of its synonyms), an alternative
 * the sum of its tokens (TITLE_WEIGHT when a title holds the token, else KEYWORD_WEIGHT); a word
 * with synonyms matched as typed adds EXACT_WORD_BONUS, above any sum, so the searched word itself
 * ranks first; a title equal to the query adds TITLE_EQUAL_BONUS. Ties: best sellers, then newest id.
 */
export const RELEVANCE = { TITLE_WEIGHT: 5, KEYWORD_WEIGHT: 2, EXACT_WORD_BONUS: 1000, TITLE_EQUAL_BONUS: 20 } as const;

export interface CatalogueIndexLimits {
  /** Totals are exact up to this; beyond it the answer says `totalCapped` and pages stop here. */
  totalCap: number;
  /** Facets count the first this-many matches in index order (all of them below it). */
  facetCandidates: number;
  /** Relevance ranks the best-selling this-many matches; later pages follow sales order. */
  rankCandidates: number;
}

/** The bitmap words a search works on, `[first, end)`; `origin` is the document of its first bit. */
interface WordSpan {
  first: number;
  end: number;
  origin: number;
}

export const DEFAULT_LIMITS: CatalogueIndexLimits = { totalCap: 10_000, facetCandidates: 10_000, rankCandidates: 1_000 };

const KIND_CODES: Record<MaterialKind, number> = { video: 1, photo: 2, music: 3, sfx: 4 };
const KIND_OF_CODE: MaterialKind[] = [];
for (const [kind, code] of Object.entries(KIND_CODES)) KIND_OF_CODE[code] = kind as MaterialKind;

/**
 * Every allowed filter value, numbered in FILTER_VALUES order: a document's first 64 values are
 * bits 0-31 (low) and 32-63 (high) of its masks, which facets are counted from; values beyond
 * (the release filter) are held as sets only, and their facets test each counted document.
 */
const VALUE_INDEX = new Map<string, Map<string, number>>();
const VALUES_OF_NAME = new Map<FilterName, number[]>();
let VALUE_COUNT = 0;
for (const name of FILTER_NAMES) {
  const indexes: number[] = [];
  const values = new Map<string, number>();
  for (const value of FILTER_VALUES[name] as readonly string[]) {
    values.set(value, VALUE_COUNT);
    indexes.push(VALUE_COUNT++);
  }
  VALUE_INDEX.set(name, values);
  VALUES_OF_NAME.set(name, indexes);
}
/**
 * Texts per field whose term numbers are kept while indexing. Once full, further texts are not
 * kept (rather than emptying it): the texts that repeat most (tags, common titles) are met early.
 */
const FIELD_CACHE_LIMIT = 200_000;
const MASKED_VALUES = 64;

/** What a snapshot says besides its arrays (numbers name arrays of the snapshot). */
export interface CatalogueIndexMeta {
  count: number;
  dead: number;
  perDoc: number[];
  kindSets: [number, number][];
  valueSets: number[];
  categorySets: [number, number][];
  sourceSets: [MaterialSource, number][];
  topicSets: [number, number][];
  terms: string[];
  /** Per term: its document count, 1 when stored as a bitmap, its array. */
  lists: [number, number, number][];
  words: string[];
  idOfCode: [string, number][];
  /** Per kind: its sales order and its newest order. */
  orders: [number, number, number][];
  /** Each document's category, where its tags start in the tag array, and that array. */
  similarity: [number, number, number];
}

/** One page's answer before the adapter wraps it. */
export interface IndexAnswer {
  ids: number[];
  /** Exact number of matches (the adapter caps what it shows). */
  counted: number;
  facets: MaterialSearchResult['facets'];
  /** The query's non-Chinese words after typo correction, when the answer is for them. */
  corrected?: string[];
}

/**
 * The published catalogue in memory, answering the search port's questions at a cost that follows
 * the page rather than the number of matches: every document has a number; terms, filter values,
 * kinds, categories, sources and topics are sets of numbers (arrays when sparse, bitmaps when
 * dense); a query intersects bitmaps word by word, counts them, reads facets from the first
 * `facetCandidates` matches, and takes a page by walking the sales or newest order until it is
 * full. A changed document is given a new number and its old one is forgotten (Lucene's delete
 * and re-add): postings are only ever appended, and the dead numbers are reclaimed by a rebuild
 * (see `garbage`).
 */
export class CatalogueIndex {
  private count = 0;
  private ids: Float64Array<ArrayBufferLike> = new Float64Array(1024);
  private sales: Int32Array<ArrayBufferLike> = new Int32Array(1024);
  private online: Float64Array<ArrayBufferLike> = new Float64Array(1024);
  private kinds: Uint8Array<ArrayBufferLike> = new Uint8Array(1024);
  /** Filter values per document, two words each (values 0-31, 32-63), side by side: one cache line per document when counting facets. */
  private masks: Uint32Array<ArrayBufferLike> = new Uint32Array(2048);
  private titleZhHash: Int32Array<ArrayBufferLike> = new Int32Array(1024);
  private titleEnHash: Int32Array<ArrayBufferLike> = new Int32Array(1024);
  /**
   * What "similar materials" reads of a document: its category (-1 for none) and its tags' term
   * numbers, `tags[tagStart[n]..tagStart[n + 1])` (a tag given twice is there twice), so a detail
   * page asks by id and the candidates are scored by reading a few numbers each.
   */
  private categories: Int32Array<ArrayBufferLike> = new Int32Array(1024);
  private tagStart: Uint32Array<ArrayBufferLike> = new Uint32Array(1025);
  private tags: Uint32Array<ArrayBufferLike> = new Uint32Array(4096);

  private readonly docOfId = new Map<number, number>();
  /**
   * Copy numbers that are not the one materialCode gives (none the writer makes; kept so any row
   * is found): copy number → id, whose liveness docOfId tells.
   */
  private readonly idOfCode = new Map<string, number>();
  private readonly kindSets = new Map<number, DocBitset>();
  private readonly valueSets: DocBitset[] = Array.from({ length: VALUE_COUNT }, () => new DocBitset());
  private readonly categorySets = new Map<number, DocBitset>();
  private readonly sourceSets = new Map<MaterialSource, DocBitset>();
  private readonly topicSets = new Map<number, DocBitset>();
  /** Term key → term number; `lists[number]` is its posting list. */
  private readonly termIds = new Map<string, number>();
  private readonly lists: PostingList[] = [];
  /** A field's text → its term numbers: tags and title phrases repeat across a catalogue. */
  private readonly fieldTermIds = new Map<SearchField, Map<string, Uint32Array>>();
  /** Indexed words in code-unit order, for prefixes. */
  private words: string[] = [];
  private readonly typos = new TypoCorrector();
  private readonly bySales = new Map<number, DocOrder>();
  private readonly byNewest = new Map<number, DocOrder>();
  private readonly scratch = new ScratchWords();
  private readonly bestSellerLists = new KeptBestSellerLists();
  private readonly facetCounter = new FacetCounter();
  private bulk = true;
  private dead = 0;
  /** Bitmap words the bulk load expects to need (sets are made that size at once instead of doubling). */
  private reservedWords = 0;

  constructor(
    readonly limits: CatalogueIndexLimits = DEFAULT_LIMITS,
    private readonly terms = new DocumentTerms(),
  ) {
    for (const code of Object.values(KIND_CODES)) {
      this.kindSets.set(code, new DocBitset());
      this.bySales.set(code, new DocOrder(this.salesOrder));
      this.byNewest.set(code, new DocOrder(this.newestOrder));
    }
  }

  /** Live (published) documents. */
  get size(): number {
    return this.docOfId.size;
  }

  /** Numbers of replaced or removed documents still taking room until a rebuild. */
  get garbage(): number {
    return this.dead;
  }

  /** The finished index as plain data (see index-snapshot.ts); fromSnapshot gives it back. */
  snapshot(): IndexSnapshot<CatalogueIndexMeta> {
    this.finishBulk();
    const arrays: SnapshotArray[] = [];
    const add = (array: SnapshotArray): number => arrays.push(array) - 1;
    const n = this.count;
    const perDoc = [this.ids, this.sales, this.online, this.kinds, this.masks, this.titleZhHash, this.titleEnHash].map((array) =>
      add(array.subarray(0, array === this.masks ? 2 * n : n)),
    );
    const sets = <K>(map: Map<K, DocBitset>): [K, number][] => [...map].map(([key, set]) => [key, add(set.words)]);
    const meta: CatalogueIndexMeta = {
      count: n,
      dead: this.dead,
      perDoc,
      kindSets: sets(this.kindSets),
      valueSets: this.valueSets.map((set) => add(set.words)),
      categorySets: sets(this.categorySets),
      sourceSets: sets(this.sourceSets),
      topicSets: sets(this.topicSets),
      terms: [...this.termIds.keys()],
      lists: this.lists.map((list) => {
        const state = list.state();
        return [state.length, state.bits ? 1 : 0, add(state.bits ? state.bits.words : state.docs)];
      }),
      words: this.words,
      idOfCode: [...this.idOfCode],
      orders: [...this.bySales].map(([kind, order]) => [kind, add(order.docs.subarray(0, order.length)), add(this.byNewest.get(kind)!.docs.subarray(0, this.byNewest.get(kind)!.length))]),
      similarity: [add(this.categories.subarray(0, n)), add(this.tagStart.subarray(0, n + 1)), add(this.tags.subarray(0, this.tagStart[n]))],
    };
    return { meta, arrays };
  }

  static fromSnapshot({ meta, arrays }: IndexSnapshot<CatalogueIndexMeta>, limits: CatalogueIndexLimits = DEFAULT_LIMITS): CatalogueIndex {
    const index = new CatalogueIndex(limits);
    const [ids, sales, online, kinds, masks, titleZhHash, titleEnHash] = meta.perDoc.map((i) => arrays[i]!);
    index.count = meta.count;
    index.ids = ids as Float64Array;
    index.sales = sales as Int32Array;
    index.online = online as Float64Array;
    index.kinds = kinds as Uint8Array;
    index.masks = masks as Uint32Array;
    index.titleZhHash = titleZhHash as Int32Array;
    index.titleEnHash = titleEnHash as Int32Array;
    index.dead = meta.dead;
    const [categories, tagStart, tags] = meta.similarity.map((i) => arrays[i]!);
    index.categories = categories as Int32Array;
    index.tagStart = tagStart as Uint32Array;
    index.tags = tags as Uint32Array;
    const bitset = (i: number): DocBitset => DocBitset.of(arrays[i] as Uint32Array);
    for (const [kind, i] of meta.kindSets) index.kindSets.set(kind, bitset(i));
    meta.valueSets.forEach((i, value) => (index.valueSets[value] = bitset(i)));
    for (const [key, i] of meta.categorySets) index.categorySets.set(key, bitset(i));
    for (const [key, i] of meta.sourceSets) index.sourceSets.set(key, bitset(i));
    for (const [key, i] of meta.topicSets) index.topicSets.set(key, bitset(i));
    meta.terms.forEach((term, id) => {
      index.termIds.set(term, id);
      const [length, dense, i] = meta.lists[id]!;
      index.lists.push(PostingList.of(length, dense ? null : (arrays[i] as Uint32Array), dense ? bitset(i) : null));
    });
    index.words = meta.words;
    for (const word of meta.words) if (isDictionaryWord(word)) index.typos.add(word);
    for (const [code, id] of meta.idOfCode) index.idOfCode.set(code, id);
    for (const [kind, sales, newest] of meta.orders) {
      index.bySales.get(kind)!.adopt(arrays[sales] as Uint32Array);
      index.byNewest.get(kind)!.adopt(arrays[newest] as Uint32Array);
    }
    for (let n = 0; n < meta.count; n += 1) if (index.kindSets.get(index.kinds[n]!)?.has(n)) index.docOfId.set(index.ids[n]!, n);
    index.bulk = false;
    return index;
  }

  /** Makes room for `count` documents before a bulk load. */
  reserve(count: number): void {
    this.ensureCapacity(count);
    this.reservedWords = (count + 31) >>> 5;
    for (const set of [...this.kindSets.values(), ...this.valueSets]) set.reserve(this.reservedWords);
  }

  /** Ends the bulk load: sorts the orders and the word list once instead of at every insert. */
  finishBulk(): void {
    if (!this.bulk) return;
    this.bestSellerLists.clear();
    this.bulk = false;
    this.reservedWords = 0;
    for (const [kind, set] of this.kindSets) {
      const members: number[] = [];
      forEachMember(set.words, (doc) => {
        members.push(doc);
      });
      this.bySales.get(kind)!.reset([...members]);
      this.byNewest.get(kind)!.reset(members);
    }
    this.words.sort(byCodeUnits);
    const wordCount = (this.count + 31) >>> 5;
    for (const list of this.lists) list.trim(wordCount);
    for (const set of [...this.kindSets.values(), ...this.valueSets, ...this.categorySets.values(), ...this.sourceSets.values(), ...this.topicSets.values()]) set.trim(wordCount);
    this.fieldTermIds.clear();
  }

  /** Indexes a document as it is now: published ones are found, others are forgotten. */
  upsert(doc: MaterialSearchDocument): void {
    this.remove(doc.id);
    if (!doc.published) return;
    const n = this.count++;
    this.ensureCapacity(this.count);
    const kind = KIND_CODES[doc.kind];
    this.ids[n] = doc.id;
    this.sales[n] = doc.salesCount;
    this.online[n] = doc.onlineAt ? doc.onlineAt.getTime() : Number.NaN;
    this.kinds[n] = kind;
    this.titleZhHash[n] = hashOf(doc.titleZh.toLowerCase());
    this.titleEnHash[n] = hashOf(doc.titleEn.toLowerCase());
    let low = 0;
    let high = 0;
    for (const index of filterValueIndexes(doc.filters)) {
      this.valueSets[index]!.add(n);
      if (index < 32) low |= 1 << index;
      else if (index < MASKED_VALUES) high |= 1 << (index - 32);
    }
    this.masks[2 * n] = low >>> 0;
    this.masks[2 * n + 1] = high >>> 0;
    this.kindSets.get(kind)!.add(n);
    if (doc.categoryId !== null) setOf(this.categorySets, doc.categoryId, this.reservedWords).add(n);
    setOf(this.sourceSets, doc.from, this.reservedWords).add(n);
    for (const topic of doc.topicIds) setOf(this.topicSets, topic, 0).add(n);
    const tagsZh = this.termIdsOf('tagsZh', doc.keywordsZh.join(TAG_SEPARATOR));
    const tagsEn = this.termIdsOf('tagsEn', doc.keywordsEn.join(TAG_SEPARATOR));
    // A term met twice in one document is added once: PostingList.add ignores a repeat of its last number.
    for (const ids of [
      this.termIdsOf('titleZh', doc.titleZh),
      this.termIdsOf('keywordsZh', doc.keywordsZh.join(' ')),
      this.termIdsOf('titleEn', doc.titleEn),
      this.termIdsOf('keywordsEn', doc.keywordsEn.join(' ')),
      tagsZh,
      tagsEn,
    ]) {
      for (let i = 0; i < ids.length; i += 1) this.lists[ids[i]!]!.add(n, this.reservedWords);
    }
    this.categories[n] = doc.categoryId ?? -1;
    this.addTags(n, tagsZh, tagsEn);
    if (!this.bulk) this.bestSellerLists.forget(kind, this.setKeysOf(n));
    this.docOfId.set(doc.id, n);
    const code = doc.code.toUpperCase();
    if (code !== materialCode(doc.kind, doc.id)) this.idOfCode.set(code, doc.id);
    if (!this.bulk) {
      this.bySales.get(kind)!.insert(n);
      this.byNewest.get(kind)!.insert(n);
    }
  }

  remove(id: number): void {
    const n = this.docOfId.get(id);
    if (n === undefined) return;
    const kind = this.kinds[n]!;
    if (!this.bulk) this.bestSellerLists.forget(kind, this.setKeysOf(n));
    if (!this.bulk) {
      this.bySales.get(kind)!.delete(n);
      this.byNewest.get(kind)!.delete(n);
    }
    this.kindSets.get(kind)!.delete(n);
    this.docOfId.delete(id);
    this.dead += 1;
  }

  /** The id a copy number or id names among live documents of any kind. */
  lookup(lookup: Exclude<ExactLookup, null>): number | null {
    if (lookup.by === 'id') return this.docOfId.has(lookup.id) ? lookup.id : null;
    const odd = this.idOfCode.get(lookup.code);
    if (odd !== undefined) return this.docOfId.has(odd) ? odd : null;
    const id = idOfMaterialCode(lookup.code);
    const n = id === null ? undefined : this.docOfId.get(id);
    return n !== undefined && materialCode(KIND_OF_CODE[this.kinds[n]!]!, id!) === lookup.code ? id : null;
  }

  /** Query words with each unknown dictionary-shaped word of 4+ letters replaced by its closest indexed word, or null when none changed. */
  correctTypos(words: string[]): string[] | null {
    let changed = false;
    const corrected = words.map((word) => {
      if (word.length < 4 || !isDictionaryWord(word) || this.typos.has(word)) return word;
      const closest = this.typos.closest(word);
      if (closest === null) return word;
      changed = true;
      return closest;
    });
    return changed ? corrected : null;
  }

  search(query: MaterialSearchQuery, language: Language, queryWords: QueryWord[], queryText: string): IndexAnswer {
    const kind = KIND_CODES[query.type === 'pic' ? 'photo' : 'video'];
    // Documents are numbered kind by kind, so a search reads only the words its kind occupies
    // (later writes may widen that span): every bitmap below is a view of those words.
    const [first, end] = this.kindSets.get(kind)!.occupied();
    this.scratch.resize(end - first);
    try {
      return this.evaluate(query, language, queryWords, queryText, kind, { first, end, origin: first << 5 });
    } finally {
      this.scratch.returnAll();
    }
  }

  private evaluate(query: MaterialSearchQuery, language: Language, queryWords: QueryWord[], queryText: string, kind: number, span: WordSpan): IndexAnswer {
    const { origin } = span;
    const within = (words: Uint32Array): Uint32Array => words.subarray(span.first, span.end);
    const base = this.scratch.takeForCopy();
    copyInto(base, within(this.kindSets.get(kind)!.words));
    if (query.categoryId !== undefined) this.restrict(base, this.categorySets.get(query.categoryId), span);
    if (query.from !== undefined) this.restrict(base, this.sourceSets.get(query.from), span);
    if (query.topicId !== undefined) this.restrict(base, this.topicSets.get(query.topicId), span);

    const tokenSets = new Map<string, Uint32Array>();
    const tokenSet = (token: QueryToken): Uint32Array => this.lexemeSet(token, false, tokenSets, origin);
    // Per query word: as typed, then each synonym; every token of one of them must match.
    const alternativesOf = queryWords.map((word): QueryToken[][] => [word.tokens, ...word.synonyms]);
    for (const alternatives of alternativesOf) {
      // The common case, one word typed without synonyms: intersect with its token directly.
      if (alternatives.length === 1 && alternatives[0]!.length === 1) {
        andInto(base, tokenSet(alternatives[0]![0]!));
        continue;
      }
      const matches = this.scratch.take();
      for (const alternative of alternatives) {
        if (alternative.length === 1) {
          orInto(matches, tokenSet(alternative[0]!));
          continue;
        }
        const all = this.scratch.takeForCopy();
        alternative.forEach((token, i) => (i === 0 ? copyInto(all, tokenSet(token)) : andInto(all, tokenSet(token))));
        orInto(matches, all);
      }
      andInto(base, matches);
    }

    const filters = normalizeFilters(query.filters ?? {});
    const selected = FILTER_NAMES.filter((name) => (filters[name]?.length ?? 0) > 0);
    const clauses = new Map<FilterName, Uint32Array>();
    for (const name of selected) {
      const clause = this.scratch.take();
      for (const value of filters[name]!) {
        orInto(clause, within(this.valueSets[VALUE_INDEX.get(name)!.get(value)!]!.words));
      }
      clauses.set(name, clause);
    }
    const matches = this.scratch.takeForCopy();
    copyInto(matches, base);
    for (const clause of clauses.values()) andInto(matches, clause);
    const counted = countOf(matches);

    const facets = emptyFacets();
    const unselected = FILTER_NAMES.filter((name) => !clauses.has(name));
    this.countFacets(matches, unselected, facets, origin);
    for (const name of selected) {
      const others = this.scratch.takeForCopy();
      copyInto(others, base);
      for (const [other, clause] of clauses) if (other !== name) andInto(others, clause);
      this.countFacets(others, [name], facets, origin);
    }

    const offset = (query.pageNo - 1) * query.pageSize;
    const end = Math.min(offset + query.pageSize, this.limits.totalCap);
    const hasKeyword = queryWords.length > 0;
    const sales = this.bySales.get(kind)!;
    let docs: number[];
    if (offset >= end || offset >= counted) docs = [];
    else if (query.sort === 'sales') docs = sales.members(matches, counted, offset, end, origin);
    else if (query.sort === 'newest' || !hasKeyword) docs = this.byNewest.get(kind)!.members(matches, counted, offset, end, origin);
    else {
      const rankCap = this.limits.rankCandidates;
      docs = [];
      if (offset < rankCap) {
        const candidates = sales.members(matches, counted, 0, Math.min(counted, rankCap), origin);
        const titleHash = hashOf(queryText.toLowerCase());
        const titles = language === 'en' ? this.titleEnHash : this.titleZhHash;
        const titleSets = new Map<string, Uint32Array>();
        const titleSet = (token: QueryToken): Uint32Array => this.lexemeSet(token, true, titleSets, origin);
        // Each alternative's token sets (all must hold the document) and title sets, looked up
        // once, so scoring a candidate is bit tests in plain loops.
        const alternatives = queryWords.map((word, w) =>
          alternativesOf[w]!.map((alternative, i) => ({
            tokens: alternative.map(tokenSet),
            titles: alternative.map(titleSet),
            bonus: i === 0 && word.synonyms.length > 0 ? RELEVANCE.EXACT_WORD_BONUS : 0,
          })),
        );
        const scores = new Int32Array(candidates.length);
        for (let c = 0; c < candidates.length; c += 1) {
          const doc = candidates[c]!;
          const word = (doc - origin) >>> 5;
          const bit = 1 << ((doc - origin) & 31);
          let score = titles[doc] === titleHash ? RELEVANCE.TITLE_EQUAL_BONUS : 0;
          for (const options of alternatives) {
            let best = 0;
            for (const { tokens, titles: titleWords, bonus } of options) {
              let sum = bonus;
              for (let t = 0; t < tokens.length && sum >= 0; t += 1) {
                if ((tokens[t]![word]! & bit) === 0) sum = -1;
                else sum += (titleWords[t]![word]! & bit) !== 0 ? RELEVANCE.TITLE_WEIGHT : RELEVANCE.KEYWORD_WEIGHT;
              }
              if (sum > best) best = sum;
            }
            score += best;
          }
          scores[c] = score;
        }
        // Candidates come in sales order (best sellers, then the higher id), so a stable sort by
        // score alone breaks ties as the rules say.
        const ranked = Uint32Array.from(candidates.keys()).sort((a, b) => scores[b]! - scores[a]! || a - b);
        for (let r = offset; r < Math.min(end, rankCap, ranked.length); r += 1) docs.push(candidates[ranked[r]!]!);
      }
      if (end > rankCap) docs.push(...sales.members(matches, counted, Math.max(offset, rankCap), end, origin));
    }
    return { ids: docs.map((doc) => this.ids[doc]!), counted, facets };
  }

  private termIdsOf(field: SearchField, text: string): Uint32Array {
    let cache = this.fieldTermIds.get(field);
    if (!cache) this.fieldTermIds.set(field, (cache = new Map()));
    let ids = cache.get(text);
    if (ids) return ids;
    const terms = this.terms.fieldTerms(field, text);
    ids = new Uint32Array(terms.length);
    terms.forEach((term, i) => {
      let id = this.termIds.get(term);
      if (id === undefined) {
        id = this.lists.push(new PostingList()) - 1;
        this.termIds.set(term, id);
        if (term.startsWith(WORD)) this.addWord(term.slice(1));
      }
      ids![i] = id;
    });
    if (cache.size < FIELD_CACHE_LIMIT) cache.set(text, ids);
    return ids;
  }

  private postingOf(term: string): PostingList | undefined {
    const id = this.termIds.get(term);
    return id === undefined ? undefined : this.lists[id];
  }

  /**
   * See MaterialSearchIndex.similar (null when `id` is not a live document). The candidates are
   * the best sellers of the kind in the material's category and in the union of its tags' sets;
   * the union's first `perSource` lie among each tag's own first `perSource + 1` (the one more in
   * case the material itself is among them), so they come from merging per-set lists kept between
   * calls (`bestSellerLists`) instead of OR-ing every tag's bitmap over the kind's words for each
   * detail page. Fewer than `count` are topped up with the kind's best sellers.
   */
  similar(id: number, count: number, perSource: number): number[] | null {
    const self = this.docOfId.get(id);
    if (self === undefined) return null;
    const kind = this.kinds[self]!;
    const categoryId = this.categories[self]!;
    const category = categoryId < 0 ? undefined : this.categorySets.get(categoryId);
    const tagIds = this.tagsOf(self);
    const order = this.bySales.get(kind)!;
    const found: number[] = [];
    if (category) {
      const bestOfCategory = this.bestSellerLists.get(kind, `c${categoryId}`, perSource + 1, () =>
        this.bestSellersInSet(kind, perSource + 1, (set, first, end) => copyInto(set, category.words.subarray(first, end))),
      );
      for (let i = 0; i < bestOfCategory.length && found.length < perSource; i += 1) if (bestOfCategory[i] !== self) found.push(bestOfCategory[i]!);
    }
    const bestOfTags = [...new Set(tagIds)].map((tag) => this.bestSellerLists.get(kind, `t${tag}`, perSource + 1, () => this.bestSellersInList(kind, this.lists[tag]!, perSource + 1)));
    found.push(...mergeInOrder(bestOfTags, perSource, self, (doc) => order.rankOf(doc)));
    // Score first (a shared category 2, each of the material's tags the candidate has 1), then
    // sales order, as one number per candidate (ranks are below 2^32); the best `count` are picked
    // in one pass instead of sorting ~200 candidates for a page of 8.
    const best = new Float64Array(count).fill(-1);
    for (const doc of new Set(found)) {
      let key = this.similarity(doc, categoryId, tagIds) * RANK_SPAN + (RANK_SPAN - 1 - order.rankOf(doc));
      if (key <= best[count - 1]!) continue;
      for (let at = 0; at < count; at += 1) {
        if (key > best[at]!) {
          const moved = best[at]!;
          best[at] = key;
          key = moved;
        }
      }
    }
    const chosen: number[] = [];
    for (const key of best) if (key >= 0) chosen.push(order.docs[RANK_SPAN - 1 - (key % RANK_SPAN)]!);
    for (let at = 0; at < order.length && chosen.length < count; at += 1) {
      const doc = order.docs[at]!;
      if (doc !== self && !chosen.includes(doc)) chosen.push(doc);
    }
    return chosen.map((doc) => this.ids[doc]!);
  }

  /** The kept best-seller lists a change to document `n` can alter: its category's and its tags'. */
  private setKeysOf(n: number): string[] {
    return setKeys(this.categories[n]!, this.tagsOf(n));
  }

  /** Document `n`'s tags' term numbers (a view, not a copy). */
  private tagsOf(n: number): Uint32Array {
    return this.tags.subarray(this.tagStart[n]!, this.tagStart[n + 1]!);
  }

  /** How alike `doc` is to a material of category `categoryId` and tags `tagIds`: 2 for the category, 1 per tag of the material it has. */
  private similarity(doc: number, categoryId: number, tagIds: Uint32Array): number {
    let score = categoryId >= 0 && this.categories[doc] === categoryId ? 2 : 0;
    const from = this.tagStart[doc]!;
    const to = this.tagStart[doc + 1]!;
    for (let i = 0; i < tagIds.length; i += 1) {
      for (let j = from; j < to; j += 1) {
        if (this.tags[j] === tagIds[i]) {
          score += 1;
          break;
        }
      }
    }
    return score;
  }

  private addTags(n: number, ...lists: Uint32Array[]): void {
    let at = this.tagStart[n]!;
    const end = at + lists.reduce((sum, list) => sum + list.length, 0);
    if (end > this.tags.length) {
      const grown = new Uint32Array(Math.max(end, this.tags.length * 2));
      grown.set(this.tags);
      this.tags = grown;
    }
    for (const list of lists) {
      this.tags.set(list, at);
      at += list.length;
    }
    this.tagStart[n + 1] = at;
  }

  /**
   * The first `limit` live documents of `kind` in sales order among those `fill` sets (given a
   * zeroed array for the kind's words `[first, end)`).
   */
  private bestSellersInSet(kind: number, limit: number, fill: (set: Uint32Array, first: number, end: number) => void): Uint32Array {
    const kindSet = this.kindSets.get(kind)!;
    // Like a search, only the words of the material's kind are read.
    const [first, end] = kindSet.occupied();
    const origin = first << 5;
    this.scratch.resize(end - first);
    try {
      const set = this.scratch.take();
      fill(set, first, end);
      andInto(set, kindSet.words.subarray(first, end));
      // The order walked or the members sorted, whichever is cheaper.
      return Uint32Array.from(this.bySales.get(kind)!.members(set, countOf(set), 0, limit, origin));
    } finally {
      this.scratch.returnAll();
    }
  }

  /**
   * bestSellersInSet for a term's posting list. A rare term's list is an array of a few numbers:
   * its live members of the kind sorted directly, rather than a bitmap over the kind's words
   * zeroed, filled, intersected and counted for them.
   */
  private bestSellersInList(kind: number, list: PostingList, limit: number): Uint32Array {
    const kindSet = this.kindSets.get(kind)!;
    const [first, end] = kindSet.occupied();
    if (list.bits || list.length * 64 > end - first) return this.bestSellersInSet(kind, limit, (set) => list.orInto(set, first << 5));
    return list
      .state()
      .docs.filter((doc) => kindSet.has(doc))
      .sort(this.salesOrder)
      .slice(0, limit);
  }

  /** base := base ∧ set (nothing when there is no such set). */
  private restrict(base: Uint32Array, set: DocBitset | undefined, span: WordSpan): void {
    if (set) andInto(base, set.words.subarray(span.first, span.end));
    else base.fill(0);
  }

  /** The documents a query token matches (in a title only, with `titleOnly`), made once per search (`made`). */
  private lexemeSet(token: QueryToken, titleOnly: boolean, made: Map<string, Uint32Array>, origin: number): Uint32Array {
    const key = `${token.prefix ? 'p' : 'x'}${token.token}`;
    let set = made.get(key);
    if (!set) {
      set = this.scratch.take();
      for (const term of this.lexemesOf(token, titleOnly)) this.postingOf(term)?.orInto(set, origin);
      made.set(key, set);
    }
    return set;
  }

  /** The terms a query token looks up: its word and stem, and when a prefix every indexed word it starts. */
  private lexemesOf({ token, prefix }: QueryToken, titleOnly: boolean): string[] {
    const wordSpace = titleOnly ? TITLE_WORD : WORD;
    const stemSpace = titleOnly ? TITLE_STEM : STEM;
    const terms = [wordSpace + token];
    if (!hasHan(token)) terms.push(stemSpace + this.terms.stem(token));
    if (prefix) for (const word of this.wordsStartingWith(token)) if (word !== token) terms.push(wordSpace + word);
    return terms;
  }

  private wordsStartingWith(prefix: string): string[] {
    const found: string[] = [];
    for (let i = lowerBound(this.words, prefix); i < this.words.length && this.words[i]!.startsWith(prefix); i += 1) found.push(this.words[i]!);
    return found;
  }

  private addWord(word: string): void {
    if (isDictionaryWord(word)) this.typos.add(word);
    if (this.bulk) {
      this.words.push(word);
      return;
    }
    this.words.splice(lowerBound(this.words, word), 0, word);
  }

  /** Facet counts of `names` over the first `facetCandidates` members of `set` (in document-number order). */
  private countFacets(set: Uint32Array, names: FilterName[], facets: MaterialSearchResult['facets'], origin: number): void {
    if (names.length === 0) return;
    let wantLow = 0;
    let wantHigh = 0;
    const unmasked: number[] = [];
    for (const name of names) {
      for (const index of VALUES_OF_NAME.get(name)!) {
        if (index < 32) wantLow |= 1 << index;
        else if (index < MASKED_VALUES) wantHigh |= 1 << (index - 32);
        else unmasked.push(index);
      }
    }
    const counts = this.facetCounter.count(set, this.masks, wantLow, wantHigh, this.limits.facetCandidates, origin);
    if (unmasked.length > 0) {
      const inSets = this.facetCounter.countInSets(set, unmasked.map((index) => this.valueSets[index]!.words), this.limits.facetCandidates, origin);
      unmasked.forEach((index, i) => (counts[index] = inSets[i]!));
    }
    for (const name of names) {
      const buckets = facets[name]!;
      VALUES_OF_NAME.get(name)!.forEach((index, i) => (buckets[i]!.count = counts[index]!));
    }
  }

  private readonly salesOrder = (a: number, b: number): number => this.sales[b]! - this.sales[a]! || this.ids[b]! - this.ids[a]!;

  /** Newest first, never-online last, then the higher id. */
  private readonly newestOrder = (a: number, b: number): number => {
    const x = this.online[a]!;
    const y = this.online[b]!;
    if (x !== y) {
      if (Number.isNaN(x)) return Number.isNaN(y) ? this.ids[b]! - this.ids[a]! : 1;
      if (Number.isNaN(y)) return -1;
      return y - x;
    }
    return this.ids[b]! - this.ids[a]!;
  };

  private ensureCapacity(count: number): void {
    if (count <= this.ids.length) return;
    const size = Math.max(count, this.ids.length * 2);
    const grow = <T extends SnapshotArray>(array: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(array);
      return next;
    };
    this.ids = grow(this.ids, (n) => new Float64Array(n));
    this.sales = grow(this.sales, (n) => new Int32Array(n));
    this.online = grow(this.online, (n) => new Float64Array(n));
    this.kinds = grow(this.kinds, (n) => new Uint8Array(n));
    const masks = new Uint32Array(2 * size);
    masks.set(this.masks);
    this.masks = masks;
    this.titleZhHash = grow(this.titleZhHash, (n) => new Int32Array(n));
    this.titleEnHash = grow(this.titleEnHash, (n) => new Int32Array(n));
    this.categories = grow(this.categories, (n) => new Int32Array(n));
    const tagStart = new Uint32Array(size + 1);
    tagStart.set(this.tagStart);
    this.tagStart = tagStart;
  }
}

/** Above any rank in a sales order (document numbers are below 2^32). */
const RANK_SPAN = 2 ** 32;

function setOf<K>(sets: Map<K, DocBitset>, key: K, wordCount: number): DocBitset {
  let set = sets.get(key);
  if (!set) {
    set = new DocBitset(wordCount);
    sets.set(key, set);
  }
  return set;
}

/** The value numbers of a document's stored filters; names or values no longer allowed are skipped, never fatal. */
function filterValueIndexes(filters: unknown): number[] {
  const indexes: number[] = [];
  if (!filters || typeof filters !== 'object') return indexes;
  for (const name in filters) {
    const values = (filters as Record<string, unknown>)[name];
    const known = VALUE_INDEX.get(name);
    if (!known || !Array.isArray(values)) continue;
    for (const value of values) {
      const index = known.get(String(value));
      if (index !== undefined && !indexes.includes(index)) indexes.push(index);
    }
  }
  return indexes;
}

/** The first position of sorted `words` not before `word`. */
function lowerBound(words: string[], word: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** FNV-1a over UTF-16 code units: titles are compared by hash, not kept. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
