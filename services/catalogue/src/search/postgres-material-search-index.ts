import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { type FilterName, type Language, type MaterialSearchQuery } from '@mkt/contracts';
import { afterCommit } from '@mkt/platform';
import { exactLookupOf } from '../materials/material-code.js';
import { filterClauses } from '../materials/material-filters.js';
import { hasHan, normalizeQuery, segment } from '../text/text-helpers.js';
import type { MaterialSearchDocument, MaterialSearchIndex, MaterialSearchResult } from './material-search.port.js';
import { SEARCH_WORDS_OF_MATERIALS_SQL } from '../migrations/1764000000000-catalogue-search-bounds.js';
import { emptyFacets } from './search-facets.js';
import { lookupAnswer, withTypoCorrection } from './keyword-search.js';
import { NO_SYNONYMS, type QueryToken, type QueryWord, type SynonymDictionary, type SynonymSource } from './synonym-dictionary.js';

const S = 'catalogue';
/** Facets of a browse without keyword change slowly and cost a scan: reuse them for a minute. */
const BROWSE_FACETS_TTL_MS = 60_000;
/**
 * Relevance added per query word matched as typed rather than only through a synonym: more than
 * any ts_rank, so a material with the searched word itself ranks above one found by a synonym.
 */
const EXACT_WORD_BONUS = 10;
/** Word similarity for typo matching ('tmelapse' ~ 'timelapse' is 0.78). */
const TYPO_THRESHOLD = 0.55;
/**
 * Totals are counted up to this many matches: beyond it `total` is this cap (a lower bound,
 * flagged `totalCapped`) and pages stop there, so a broad query never counts the whole catalogue.
 */
export const SEARCH_TOTAL_CAP = 10_000;
/** Facets are counted over at most this many matching rows (all of them below the cap). */
export const SEARCH_FACET_CANDIDATES = 10_000;
/** Relevance ranks (ts_rank) only this many matches, the best sellers; later pages follow sales order. */
export const SEARCH_RANK_CANDIDATES = 1_000;

/** Collects positional parameters: every value reaches PostgreSQL as a parameter, never as SQL text. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Search over `catalogue.materials` with PostgreSQL: a weighted tsvector (jieba words of the
 * simplified Chinese, English stems) for words and prefixes, `pg_trgm` word similarity on the
 * distinct search terms for typos, exact lookups by ID and copy number, containment on the
 * `filters` jsonb (GIN), one statement for the page ids and total, one for the facets.
 */
@Injectable()
export class PostgresMaterialSearchIndex implements MaterialSearchIndex {
  private readonly browseFacets = new Map<string, { at: number; facets: Promise<MaterialSearchResult['facets']> }>();
  private dictionaryReady: Promise<void> | null = null;

  readonly placement = 'database';

  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    /** The synonym dictionary queries are expanded with (none by default). */
    private readonly synonyms: SynonymSource = NO_SYNONYMS,
  ) {}

  async upsert(documents: MaterialSearchDocument[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (documents.length === 0) return;
    const rows = documents.map((doc) => ({ id: doc.id, ...searchColumnsOf(doc) }));
    await manager.query(
      `UPDATE "${S}"."materials" m SET
         search_zh = trim(d.title_zh || ' ' || d.keywords_zh),
         search_en = trim(d.title_en || ' ' || d.keywords_en),
         search_terms = d.terms,
         search_vector = ${searchVectorSql('d')}
       FROM jsonb_to_recordset($1::jsonb) AS d(id bigint, title_zh text, keywords_zh text, title_en text, keywords_en text, terms text)
       WHERE m.id = d.id`,
      [JSON.stringify(rows.map((r) => ({ id: r.id, title_zh: r.titleZh, keywords_zh: r.keywordsZh, title_en: r.titleEn, keywords_en: r.keywordsEn, terms: r.terms })))],
    );
    const words = [...new Set(rows.flatMap((r) => r.terms.split(/\s+/).filter(isDictionaryWord)))];
    if (words.length > 0) {
      await manager.query(`INSERT INTO "${S}"."search_words" (word) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [words]);
    }
    this.forgetBrowseFacets(manager);
  }

  async remove(ids: number[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (ids.length === 0) return;
    // Rows stay (the status column already hides them); their search text is cleared.
    await manager.query(
      `UPDATE "${S}"."materials" SET search_zh = '', search_en = '', search_terms = '', search_vector = ''::tsvector WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    this.forgetBrowseFacets(manager);
  }

  /** Now, and again at commit: a browse in between would cache the counts this change replaces. */
  private forgetBrowseFacets(manager: EntityManager): void {
    this.browseFacets.clear();
    afterCommit(manager, () => this.browseFacets.clear());
  }

  async search(query: MaterialSearchQuery, language: Language): Promise<MaterialSearchResult> {
    const keyword = query.keyword ?? '';
    const lookup = exactLookupOf(keyword);
    if (lookup) {
      const rows: { id: string }[] = await this.dataSource.query(
        lookup.by === 'code'
          ? `SELECT id FROM "${S}"."materials" WHERE code = $1 AND status = 'published'`
          : `SELECT id FROM "${S}"."materials" WHERE id = $1 AND status = 'published'`,
        [lookup.by === 'code' ? lookup.code : lookup.id],
      );
      const answer = lookupAnswer(lookup, query.pageNo === 1 ? rows.map((r) => Number(r.id)) : [], rows.length, keyword);
      if (answer) return answer;
    }

    const normalized = normalizeQuery(keyword);
    const dictionary = await this.synonyms.dictionary();
    // When nothing matches, each word of 4+ letters missing from the dictionary of indexed words
    // becomes its closest dictionary word (trigram index over the small `search_words` table).
    return withTypoCorrection(
      normalized,
      (words) => this.searchText(query, language, words, dictionary),
      (words) => this.correctTypos(words),
      query.asTyped,
    );
  }

  /** The words with typos replaced by their closest dictionary words, or null when nothing changed. */
  private async correctTypos(words: string[]): Promise<string[] | null> {
    const candidates = words.filter((w) => w.length >= 4 && isDictionaryWord(w));
    if (candidates.length === 0) return null;
    await this.ensureDictionary();
    const rows = (await this.dataSource.query(
      `SELECT t.word AS typo, c.word AS correction
       FROM unnest($1::text[]) AS t(word)
       CROSS JOIN LATERAL (
         SELECT d.word FROM "${S}"."search_words" d
         WHERE NOT EXISTS (SELECT 1 FROM "${S}"."search_words" e WHERE e.word = t.word)
           AND t.word <% d.word AND word_similarity(t.word, d.word) >= ${TYPO_THRESHOLD}
         ORDER BY similarity(t.word, d.word) DESC, d.word
         LIMIT 1
       ) c`,
      [candidates],
    )) as { typo: string; correction: string }[];
    if (rows.length === 0) return null;
    const fix = new Map(rows.map((r) => [r.typo, r.correction]));
    return words.map((w) => fix.get(w) ?? w);
  }

  /** A catalogue loaded without this adapter (bulk loaders) leaves the dictionary empty: read it in once. */
  private ensureDictionary(): Promise<void> {
    this.dictionaryReady ??= (async () => {
      const [row] = (await this.dataSource.query(
        `SELECT NOT EXISTS (SELECT 1 FROM "${S}"."search_words") AND EXISTS (SELECT 1 FROM "${S}"."materials" WHERE search_terms <> '') AS empty`,
      )) as { empty: boolean }[];
      if (!row?.empty) return;
      // A first sample right away (the full read takes seconds on a million rows), the rest in the background.
      const sample = SEARCH_WORDS_OF_MATERIALS_SQL.replace(`"${S}"."materials" m`, `(SELECT search_terms FROM "${S}"."materials" LIMIT 20000) m`);
      await this.dataSource.query(`INSERT INTO "${S}"."search_words" (word) ${sample} ON CONFLICT DO NOTHING`);
      void this.dataSource.query(`INSERT INTO "${S}"."search_words" (word) ${SEARCH_WORDS_OF_MATERIALS_SQL} ON CONFLICT DO NOTHING`).catch(() => undefined);
    })().catch((error: unknown) => {
      this.dictionaryReady = null;
      throw error;
    });
    return this.dictionaryReady;
  }

  private async searchText(
    query: MaterialSearchQuery,
    language: Language,
    normalized: ReturnType<typeof normalizeQuery>,
    dictionary: SynonymDictionary,
  ): Promise<MaterialSearchResult> {
    const kind = query.type === 'pic' ? 'photo' : 'video';
    const p = new Params();
    // The kind is written into the statement (a closed set of two values) so the planner can use
    // the per-kind partial search indexes, which a parameter would hide from it.
    const base: string[] = [`m.status = 'published'`, `m.kind = '${kind}'`];
    if (query.categoryId) base.push(`m.category_id = ${p.add(query.categoryId)}`);
    if (query.from) base.push(`m."from" = ${p.add(query.from)}`);
    if (query.topicId) {
      base.push(`EXISTS (SELECT 1 FROM "${S}"."topic_materials" tm WHERE tm.topic_id = ${p.add(query.topicId)} AND tm.material_id = m.id)`);
    }

    const hasKeyword = normalized.han.length + normalized.other.length > 0;
    let rankTerms: (() => string) | null = null;
    if (hasKeyword) {
      const { tsquery, asTyped } = this.tsquery(dictionary.expand(normalized), p);
      base.push(`m.search_vector @@ (${tsquery})`);
      const titleColumn = language === 'en' ? 'm.title_en' : 'm.title_zh';
      const exactWords = asTyped.map((own) => ` + CASE WHEN m.search_vector @@ ${own} THEN ${EXACT_WORD_BONUS} ELSE 0 END`).join('');
      rankTerms = () => `(ts_rank(m.search_vector, ${tsquery}) + CASE WHEN lower(${titleColumn}) = lower(${p.add(normalized.text)}::text) THEN 1 ELSE 0 END${exactWords})`;
    }

    // The facet statement shares the base conditions' parameters and adds its own after them.
    const facetParams = new Params();
    facetParams.values.push(...p.values);
    const clauses = filterClauses(query.filters ?? {});
    const filterSql = clauses.map((clause) => ({
      name: clause.name,
      sql: `(${clause.documents.map((doc) => `m.filters @> ${p.add(doc)}::jsonb`).join(' OR ')})`,
    }));

    const from = `"${S}"."materials" m`;
    const where = [...base, ...filterSql.map((f) => f.sql)].join(' AND ');
    // Index orders (partial indexes over published rows by kind): LIMIT/OFFSET stops early.
    const bySales = `m.sales_count DESC, m.id DESC`;
    const byNewest = `m.online_at DESC NULLS LAST, m.id DESC`;
    const offset = (query.pageNo - 1) * query.pageSize;
    const end = Math.min(offset + query.pageSize, SEARCH_TOTAL_CAP);
    // The page and count statements take the where parameters only; the rank's come after them.
    const whereValues = [...p.values];
    const rank = rankTerms ? rankTerms() : '0';
    const page = async (): Promise<number[]> => {
      if (offset >= end) return [];
      const slice = async (order: string, from0: number, to: number): Promise<number[]> => {
        if (from0 >= to) return [];
        const q = new Params();
        q.values.push(...whereValues);
        const rows = (await this.dataSource.query(
          `SELECT m.id FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${q.add(to - from0)} OFFSET ${q.add(from0)}`,
          q.values,
        )) as { id: string }[];
        return rows.map((r) => Number(r.id));
      };
      if (query.sort === 'sales') return slice(bySales, offset, end);
      if (query.sort === 'newest' || !hasKeyword) return slice(byNewest, offset, end);
      // Relevance: ts_rank over the best-selling SEARCH_RANK_CANDIDATES matches only; past them, sales order.
      const ranked: number[] = [];
      if (offset < SEARCH_RANK_CANDIDATES) {
        const q = new Params();
        q.values.push(...p.values);
        const rows = (await this.dataSource.query(
          `SELECT c.id FROM (
             SELECT m.id, m.sales_count, ${rank} AS rank FROM ${from} WHERE ${where} ORDER BY ${bySales} LIMIT ${q.add(SEARCH_RANK_CANDIDATES)}
           ) c
           ORDER BY c.rank DESC, c.sales_count DESC, c.id DESC LIMIT ${q.add(Math.min(end, SEARCH_RANK_CANDIDATES) - offset)} OFFSET ${q.add(offset)}`,
          q.values,
        )) as { id: string }[];
        ranked.push(...rows.map((r) => Number(r.id)));
      }
      return [...ranked, ...(await slice(bySales, Math.max(offset, SEARCH_RANK_CANDIDATES), end))];
    };
    const count = async (): Promise<number> => {
      const q = new Params();
      q.values.push(...whereValues);
      const [row] = (await this.dataSource.query(
        `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${q.add(SEARCH_TOTAL_CAP + 1)}) t`,
        q.values,
      )) as { total: number }[];
      return Number(row?.total ?? 0);
    };

    // The page statement goes first (the benchmark's SQL floor replays the statements in this order).
    const paging = page();
    let counting: Promise<{ counted: number; facets: MaterialSearchResult['facets'] }>;
    if (hasKeyword && clauses.length === 0) {
      // Nothing selected: the counted rows and the facet candidates are the same rows, so one
      // statement reads them once for both.
      counting = this.countWithFacets(base, facetParams);
    } else {
      const browseKey = hasKeyword ? null : JSON.stringify([kind, query.categoryId, query.from, query.topicId, query.filters]);
      counting = Promise.all([count(), this.facets(base, clauses, facetParams, browseKey)]).then(([counted, facets]) => ({ counted, facets }));
    }
    const [ids, { counted, facets }] = await Promise.all([paging, counting]);
    const totalCapped = counted > SEARCH_TOTAL_CAP;
    return {
      ids,
      total: Math.min(counted, SEARCH_TOTAL_CAP),
      ...(totalCapped ? { totalCapped: true } : {}),
      facets,
      normalizedKeyword: normalized.display,
    };
  }

  /**
   * Every query word must match (AND); a word with synonyms matches as typed OR as any of them.
   * Chinese words as 'simple' lexemes, other words as English stems or exact words; the last token
   * and single Han characters also as prefixes. `asTyped`: each word with synonyms, as typed only.
   */
  private tsquery(words: QueryWord[], p: Params): { tsquery: string; asTyped: string[] } {
    const token = ({ token, prefix }: QueryToken): string => {
      const exact = `to_tsquery('simple', ${p.add(prefix ? `${token}:*` : token)})`;
      if (hasHan(token)) return exact;
      return `(to_tsquery('english', ${p.add(token)}) || ${exact})`;
    };
    const all = (tokens: QueryToken[]): string => (tokens.length === 1 ? token(tokens[0]!) : `(${tokens.map(token).join(' && ')})`);
    const asTyped: string[] = [];
    const parts = words.map((word) => {
      const own = all(word.tokens);
      if (word.synonyms.length === 0) return own;
      asTyped.push(own);
      return `(${[own, ...word.synonyms.map(all)].join(' || ')})`;
    });
    return { tsquery: parts.join(' && '), asTyped };
  }

  private facets(
    base: string[],
    clauses: { name: FilterName; documents: string[] }[],
    p: Params,
    cacheKey: string | null,
  ): Promise<MaterialSearchResult['facets']> {
    if (!cacheKey) return this.countFacets(base, clauses, p);
    const cached = this.browseFacets.get(cacheKey);
    if (cached && Date.now() - cached.at < BROWSE_FACETS_TTL_MS) return cached.facets;
    // The promise is cached, so concurrent browses of the same tab share one statement.
    const facets = this.countFacets(base, clauses, p);
    if (this.browseFacets.size > 500) this.browseFacets.clear();
    this.browseFacets.set(cacheKey, { at: Date.now(), facets });
    facets.catch(() => this.browseFacets.delete(cacheKey));
    return facets;
  }

  /** The capped total and the facet counts of the rows matching `base` (no filter selected), in one statement. */
  private async countWithFacets(base: string[], p: Params): Promise<{ counted: number; facets: MaterialSearchResult['facets'] }> {
    const sql = `
      WITH c AS MATERIALIZED (SELECT m.filters FROM "${S}"."materials" m WHERE ${base.join(' AND ')} LIMIT ${p.add(SEARCH_TOTAL_CAP + 1)})
      SELECT (SELECT count(*) FROM c)::int AS total,
             coalesce((SELECT json_agg(x) FROM (
               SELECT f.name, v.value, count(*)::int AS count
               FROM (SELECT filters FROM c LIMIT ${p.add(SEARCH_FACET_CANDIDATES)}) m
               CROSS JOIN LATERAL jsonb_each(m.filters) AS f(name, vals)
               CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(f.vals) = 'array' THEN f.vals ELSE '[]'::jsonb END) AS v(value)
               GROUP BY f.name, v.value) x), '[]'::json) AS facets`;
    const [row] = (await this.dataSource.query(sql, p.values)) as { total: number; facets: { name: string; value: string; count: number }[] }[];
    return { counted: Number(row?.total ?? 0), facets: facetsOf(row?.facets ?? []) };
  }

  /**
   * Facet counts over at most SEARCH_FACET_CANDIDATES rows: those matching the base conditions
   * and every selected filter but at most one (the rows any facet can count). Each selected
   * filter applies to every facet but its own, so a facet shows what picking another of its
   * values would give. Below the bound the counts are exact; above it they count a sample.
   */
  private async countFacets(
    base: string[],
    clauses: { name: FilterName; documents: string[] }[],
    p: Params,
  ): Promise<MaterialSearchResult['facets']> {
    const clauseSql = clauses.map((clause) => `(${clause.documents.map((doc) => `m.filters @> ${p.add(doc)}::jsonb`).join(' OR ')})`);
    const candidate =
      clauseSql.length <= 1 ? [] : [`(${clauseSql.map((_, skip) => `(${clauseSql.filter((__, i) => i !== skip).join(' AND ')})`).join(' OR ')})`];
    const selection = clauses.map((clause, i) => `(f.name = ${p.add(clause.name)} OR ${clauseSql[i]})`);
    const sql = `
      SELECT f.name, v.value, count(*)::int AS count
      FROM (SELECT m.filters FROM "${S}"."materials" m WHERE ${[...base, ...candidate].join(' AND ')} LIMIT ${p.add(SEARCH_FACET_CANDIDATES)}) m
      CROSS JOIN LATERAL jsonb_each(m.filters) AS f(name, vals)
      CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(f.vals) = 'array' THEN f.vals ELSE '[]'::jsonb END) AS v(value)
      ${selection.length > 0 ? `WHERE ${selection.join(' AND ')}` : ''}
      GROUP BY f.name, v.value`;
    const rows = (await this.dataSource.query(sql, p.values)) as { name: string; value: string; count: number }[];
    return facetsOf(rows);
  }
}

/** Every allowed value of every filter with the counts found (0 for the rest). */
function facetsOf(rows: { name: string; value: string; count: number }[]): MaterialSearchResult['facets'] {
  const facets = emptyFacets();
  for (const row of rows) {
    const bucket = facets[row.name as FilterName]?.find((b) => b.value === row.value);
    if (bucket) bucket.count = row.count;
  }
  return facets;
}

/** Words the typo dictionary holds: Latin words of 3+ letters without digits (copy numbers are looked up exactly). */
function isDictionaryWord(word: string): boolean {
  return word.length >= 3 && /^[a-z]/.test(word) && !/[0-9]/.test(word);
}

/** The search text of a document as this adapter stores it (also used by the bulk benchmark loader, so both agree). */
export function searchColumnsOf(doc: Pick<MaterialSearchDocument, 'code' | 'titleZh' | 'titleEn' | 'keywordsZh' | 'keywordsEn'>): {
  titleZh: string;
  keywordsZh: string;
  titleEn: string;
  keywordsEn: string;
  terms: string;
} {
  const titleZh = segment(doc.titleZh, 'index').join(' ');
  const keywordsZh = segment(doc.keywordsZh.join(' '), 'index').join(' ');
  const titleEn = doc.titleEn.toLowerCase();
  const keywordsEn = doc.keywordsEn.join(' ').toLowerCase();
  const terms = new Set<string>([doc.code.toLowerCase()]);
  for (const text of [titleEn, keywordsEn, titleZh, keywordsZh]) for (const word of text.split(/\s+/)) if (word && !hasHan(word)) terms.add(word);
  for (const word of `${titleZh} ${keywordsZh}`.split(/\s+/)) if (word && hasHan(word)) terms.add(word);
  return { titleZh, keywordsZh, titleEn, keywordsEn, terms: [...terms].join(' ') };
}

/** The weighted vector over the columns title_zh, keywords_zh, title_en, keywords_en of `alias` (as searchColumnsOf gives them): titles A, tags B, exact English tag words C. */
export function searchVectorSql(alias: string): string {
  return `(setweight(to_tsvector('simple', ${alias}.title_zh), 'A') ||
           setweight(to_tsvector('english', ${alias}.title_en), 'A') ||
           setweight(to_tsvector('simple', ${alias}.title_en), 'A') ||
           setweight(to_tsvector('simple', ${alias}.keywords_zh), 'B') ||
           setweight(to_tsvector('english', ${alias}.keywords_en), 'B') ||
           setweight(to_tsvector('simple', ${alias}.keywords_en), 'C'))`;
}
