import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type FilterName, type Language, type MaterialSearchQuery } from '@mkt/contracts';
import { exactLookupOf } from '../materials/material-code.js';
import { filterClauses } from '../materials/material-filters.js';
import { hasHan, normalizeQuery, segment } from '../text/text-helpers.js';
import type { MaterialSearchDocument, MaterialSearchIndex, MaterialSearchResult } from './material-search.port.js';
import { emptyFacets } from './search-facets.js';

const S = 'catalogue';
/** Facets of a browse without keyword change slowly and cost a scan: reuse them briefly. */
const BROWSE_FACETS_TTL_MS = 30_000;
/** Word similarity for typo matching ('tmelapse' ~ 'timelapse' is 0.78). */
const TYPO_THRESHOLD = 0.55;

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
  private readonly browseFacets = new Map<string, { at: number; facets: MaterialSearchResult['facets'] }>();

  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  async upsert(documents: MaterialSearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    const rows = documents.map((doc) => ({ id: doc.id, ...searchColumnsOf(doc) }));
    await this.dataSource.query(
      `UPDATE "${S}"."materials" m SET
         search_zh = trim(d.title_zh || ' ' || d.keywords_zh),
         search_en = trim(d.title_en || ' ' || d.keywords_en),
         search_terms = d.terms,
         search_vector = ${searchVectorSql('d')}
       FROM jsonb_to_recordset($1::jsonb) AS d(id bigint, title_zh text, keywords_zh text, title_en text, keywords_en text, terms text)
       WHERE m.id = d.id`,
      [JSON.stringify(rows.map((r) => ({ id: r.id, title_zh: r.titleZh, keywords_zh: r.keywordsZh, title_en: r.titleEn, keywords_en: r.keywordsEn, terms: r.terms })))],
    );
    this.browseFacets.clear();
  }

  async remove(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    // Rows stay (the status column already hides them); their search text is cleared.
    await this.dataSource.query(
      `UPDATE "${S}"."materials" SET search_zh = '', search_en = '', search_terms = '', search_vector = ''::tsvector WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    this.browseFacets.clear();
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
      // A copy number names one material whatever the tab; an unknown number is searched as text.
      if (rows.length > 0 || lookup.by === 'code') {
        const ids = query.pageNo === 1 ? rows.map((r) => Number(r.id)) : [];
        return { ids, total: rows.length, facets: emptyFacets(), normalizedKeyword: keyword.trim().toUpperCase() };
      }
    }

    const normalized = normalizeQuery(keyword);
    // Words first; typo matching (trigram similarity, costly on common words over a large
    // catalogue) only when the words alone find nothing.
    const exact = await this.searchText(query, language, normalized, false);
    if (exact.total > 0 || !normalized.other.some((w) => w.length >= 4)) return exact;
    return this.searchText(query, language, normalized, true);
  }

  private async searchText(
    query: MaterialSearchQuery,
    language: Language,
    normalized: ReturnType<typeof normalizeQuery>,
    withTypos: boolean,
  ): Promise<MaterialSearchResult> {
    const kind = query.type === 'pic' ? 'photo' : 'video';
    const p = new Params();
    const base: string[] = [`m.status = 'published'`, `m.kind = ${p.add(kind)}`];
    if (query.categoryId) base.push(`m.category_id = ${p.add(query.categoryId)}`);
    if (query.from) base.push(`m."from" = ${p.add(query.from)}`);
    if (query.topicId) {
      base.push(`EXISTS (SELECT 1 FROM "${S}"."topic_materials" tm WHERE tm.topic_id = ${p.add(query.topicId)} AND tm.material_id = m.id)`);
    }

    let rank = '0';
    const hasKeyword = normalized.han.length + normalized.other.length > 0;
    let rankTerms: (() => string) | null = null;
    if (hasKeyword) {
      const tsquery = this.tsquery(normalized, p);
      const typoText = withTypos ? normalized.other.filter((w) => w.length >= 4).join(' ') : '';
      const match = [`m.search_vector @@ (${tsquery})`];
      let similarity = '0';
      if (typoText) {
        const t = p.add(typoText);
        match.push(`(${t} <% m.search_terms AND word_similarity(${t}, m.search_terms) >= ${TYPO_THRESHOLD})`);
        similarity = `word_similarity(${t}, m.search_terms)`;
      }
      base.push(`(${match.join(' OR ')})`);
      const titleColumn = language === 'en' ? 'm.title_en' : 'm.title_zh';
      rankTerms = () => `(ts_rank(m.search_vector, ${tsquery}) + 0.3 * ${similarity} + CASE WHEN lower(${titleColumn}) = lower(${p.add(normalized.text)}) THEN 1 ELSE 0 END)`;
    }

    // The facet statement shares the base conditions' parameters and adds its own after them.
    const facetParams = new Params();
    facetParams.values.push(...p.values);
    if (rankTerms) rank = rankTerms();
    const clauses = filterClauses(query.filters ?? {});
    const filterSql = clauses.map((clause) => ({
      name: clause.name,
      sql: `(${clause.documents.map((doc) => `m.filters @> ${p.add(doc)}::jsonb`).join(' OR ')})`,
    }));

    const order =
      query.sort === 'sales'
        ? `m.sales_count DESC, m.id DESC`
        : query.sort === 'newest' || !hasKeyword
          ? `m.online_at DESC NULLS LAST, m.id DESC`
          : `rank DESC, m.sales_count DESC, m.id DESC`;
    const offset = (query.pageNo - 1) * query.pageSize;
    const where = [...base, ...filterSql.map((f) => f.sql)].join(' AND ');
    const limit = p.add(query.pageSize);
    const skip = p.add(offset);
    const pageSql = `SELECT m.id, ${rank} AS rank, count(*) OVER () AS total FROM "${S}"."materials" m WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}`;

    const [rows, facets] = await Promise.all([
      this.dataSource.query(pageSql, p.values) as Promise<{ id: string; total: string }[]>,
      this.facets(base, clauses, facetParams, hasKeyword ? null : JSON.stringify([kind, query.categoryId, query.from, query.topicId, query.filters])),
    ]);
    let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
    if (rows.length === 0 && offset > 0) {
      const [count] = (await this.dataSource.query(`SELECT count(*) AS total FROM "${S}"."materials" m WHERE ${where}`, p.values.slice(0, -2))) as { total: string }[];
      total = Number(count?.total ?? 0);
    }
    return { ids: rows.map((r) => Number(r.id)), total, facets, normalizedKeyword: normalized.display };
  }

  /** Every token must match (AND); Chinese words as 'simple' lexemes, other words as English stems or exact words; the last token and single Han characters also as prefixes. */
  private tsquery(normalized: ReturnType<typeof normalizeQuery>, p: Params): string {
    const tokens = [...normalized.han, ...normalized.other];
    const last = tokens.length - 1;
    const parts = tokens.map((token, index) => {
      const prefix = index === last || (hasHan(token) && token.length === 1);
      if (hasHan(token)) return `to_tsquery('simple', ${p.add(prefix ? `${token}:*` : token)})`;
      const exact = `to_tsquery('simple', ${p.add(prefix ? `${token}:*` : token)})`;
      return `(to_tsquery('english', ${p.add(token)}) || ${exact})`;
    });
    return parts.join(' && ');
  }

  private async facets(
    base: string[],
    clauses: { name: FilterName; documents: string[] }[],
    p: Params,
    cacheKey: string | null,
  ): Promise<MaterialSearchResult['facets']> {
    if (cacheKey) {
      const cached = this.browseFacets.get(cacheKey);
      if (cached && Date.now() - cached.at < BROWSE_FACETS_TTL_MS) return cached.facets;
    }
    // Each selected filter applies to every facet but its own, so a facet shows what picking another of its values would give.
    const selection = clauses.map(
      (clause) => `(f.name = ${p.add(clause.name)} OR ${clause.documents.map((doc) => `m.filters @> ${p.add(doc)}::jsonb`).join(' OR ')})`,
    );
    const sql = `
      SELECT f.name, v.value, count(*)::int AS count
      FROM "${S}"."materials" m
      CROSS JOIN LATERAL jsonb_each(m.filters) AS f(name, vals)
      CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(f.vals) = 'array' THEN f.vals ELSE '[]'::jsonb END) AS v(value)
      WHERE ${[...base, ...selection].join(' AND ')}
      GROUP BY f.name, v.value`;
    const rows = (await this.dataSource.query(sql, p.values)) as { name: string; value: string; count: number }[];
    const facets = emptyFacets();
    for (const row of rows) {
      const bucket = facets[row.name as FilterName]?.find((b) => b.value === row.value);
      if (bucket) bucket.count = row.count;
    }
    if (cacheKey) {
      if (this.browseFacets.size > 500) this.browseFacets.clear();
      this.browseFacets.set(cacheKey, { at: Date.now(), facets });
    }
    return facets;
  }
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
