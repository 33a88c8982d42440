import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ErrorCode,
  type Category,
  type Language,
  type MaterialCard,
  type MaterialDetail,
  type MaterialSearchQuery,
  type MaterialSearchResponse,
  type Topic,
  type TopicDetailResponse,
} from '@mkt/contracts';
import { AppError, hydratedEntity, preparedEntities, preparedQuery, publicRenditionPath } from '@mkt/platform';
import { CategoryEntity, HotWordEntity } from '../entities/curation.entities.js';
import { MaterialEntity } from '../entities/material.entity.js';
import { MATERIAL_SEARCH_INDEX, type MaterialSearchIndex } from '../search/material-search.port.js';
import { ReadThroughCache } from './read-through-cache.js';
import { MATERIAL_CARD_COLUMNS, bookmarkTargetType, localizedTitle, toCard, type CardRow } from './material-cards.js';
import { detailStatement, type DetailStatementRow } from './material-detail-statement.js';
import { MaterialReadCache, type DetailCore } from './material-read-cache.js';

export const SIMILAR_COUNT = 8;
/** How many candidates of each kind (same category, shared keyword) "similar" ranks at most. */
export const SIMILAR_CANDIDATES = 100;
/** How long topics, categories and hot words are served from memory (writes through the console clear it at once). */
export const CURATION_CACHE_MS = 30_000;
export const materialNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'materialNotFound');

/**
 * Published cards by id (the caller's bookmark is read apart). The ids come as a set to join, not
 * as `m.id = ANY($1)`: PostgreSQL keeps re-planning a prepared `= ANY` of an array parameter (its
 * generic plan is estimated dearer than each custom one), and planning against the materials'
 * twenty-odd indexes cost as much as running the statement; this form gets its generic plan after
 * the first five calls on a connection.
 */
const CARDS_BY_ID = `SELECT ${MATERIAL_CARD_COLUMNS}, NULL AS bookmark_id FROM catalogue.materials m WHERE m.id IN (SELECT unnest($1::bigint[])) AND m.status = 'published'`;

/** What visitors read: search, cards, details, categories, topics, hot words. */
@Injectable()
export class CatalogueReadService {
  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    @Inject(MATERIAL_SEARCH_INDEX) private readonly index: MaterialSearchIndex,
    private readonly readCache: MaterialReadCache,
  ) {}

  private readonly cache = new ReadThroughCache(CURATION_CACHE_MS);

  async search(query: MaterialSearchQuery, language: Language, userId: string | null): Promise<MaterialSearchResponse> {
    const result = await this.index.search(query, language);
    return {
      infos: await this.cards(result.ids, language, userId),
      total: result.total,
      // Engines count up to a cap and say so.
      ...(result.totalCapped ? { totalCapped: true as const } : {}),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      facets: result.facets,
      normalizedKeyword: result.normalizedKeyword,
      ...(result.correctedKeyword ? { correctedKeyword: result.correctedKeyword } : {}),
    };
  }

  /**
   * Published cards in the order of `ids`: the shared part from `known` rows (read with a detail's
   * material) or the read cache (one query for those it lacks), then the caller's bookmarks of
   * exactly these materials in one more query.
   */
  async cards(ids: number[], language: Language, userId: string | null, known?: CardRow[]): Promise<MaterialCard[]> {
    if (ids.length === 0) return [];
    // Every search and detail page reads cards: prepared, so PostgreSQL plans it once per connection.
    const rows = known ?? (await this.readCache.cardRows(ids, (missing) => preparedQuery<CardRow>(this.dataSource, CARDS_BY_ID, [missing])));
    const bookmarks = userId ? await this.bookmarksOf(userId, ids) : new Map<string, number>();
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const card = toCard(row, language);
      return [{ ...card, bookmarkId: bookmarks.get(`${bookmarkTargetType(row.kind)}:${id}`) ?? null }];
    });
  }

  /** The caller's bookmark ids among `ids`, keyed "targetType:targetId". */
  private async bookmarksOf(userId: string, ids: number[]): Promise<Map<string, number>> {
    const rows: { id: string; target_type: number; target_id: string }[] = await this.dataSource.query(
      `SELECT id, target_type, target_id FROM catalogue.bookmarks WHERE user_id = $1::uuid AND target_id = ANY($2::bigint[])`,
      [userId, ids],
    );
    return new Map(rows.map((r) => [`${r.target_type}:${r.target_id}`, Number(r.id)]));
  }

  async detail(id: number, language: Language, userId: string | null): Promise<MaterialDetail> {
    const { material, category, similarIds, cardRows } = await this.detailCore(id);
    const [card, ...similar] = await this.cards([id, ...similarIds], language, userId, cardRows);
    if (!card || card.id !== id) throw materialNotFound();
    // Copied into a new object: adding twenty properties to the card (a spread, or assigning into
    // it) takes V8's slow path, about 20-25 µs a page in a micro-benchmark against 1.2 µs.
    return Object.assign({}, card, {
      titleZh: material.titleZh,
      titleEn: material.titleEn,
      keywords: language === 'en' ? material.keywordsEn : material.keywordsZh,
      description: language === 'en' ? material.descriptionEn || material.descriptionZh : material.descriptionZh || material.descriptionEn,
      frameRate: material.frameRate,
      speed: material.speed,
      footageType: material.footageType,
      colorSpace: material.colorSpace,
      colorTransfer: material.colorTransfer,
      updatedAt: material.updatedAt.toISOString(),
      onlineAt: material.onlineAt?.toISOString() ?? null,
      salesCount: material.salesCount,
      modelRelease: material.modelRelease,
      propertyRelease: material.propertyRelease,
      editorialOnly: material.editorialOnly,
      themeColor: material.themeColor,
      originalFps: material.originalFps,
      // Only whether there is a sample and its file name: the link itself comes from POST /material/sample (signed in).
      samplePath: material.sampleKey ? sampleFileName(material.code, material.sampleKey) : null,
      previewStream: publicRenditionPath(material.previewStreamKey),
      categoryId: material.categoryId,
      categoryName: category ? (language === 'en' ? category.nameEn : category.nameZh) : null,
      filters: material.filters,
      similar,
    });
  }

  /**
   * The part of a detail page every visitor shares, from the read cache. An engine that holds the
   * catalogue names the similar materials from the id alone, and the material and their cards
   * come in one statement; otherwise the material is read first and the database ranks them.
   */
  private detailCore(id: number): Promise<DetailCore> {
    return this.readCache.detail(id, async () => {
      const similarIds = await this.index.similar?.(id, SIMILAR_COUNT, SIMILAR_CANDIDATES);
      if (similarIds) {
        const rows = await preparedQuery<DetailStatementRow>(this.dataSource, detailStatement(this.dataSource), [id, similarIds]);
        const subject = rows.find((row) => row.subject);
        // The engine had it published; the database no longer has (a write not yet applied to it).
        if (!subject) throw materialNotFound();
        const material = hydratedEntity(this.dataSource, MaterialEntity, subject);
        return { material, category: await this.categoryOf(material), similarIds, cardRows: rows as unknown as CardRow[] };
      }
      const [material] = await preparedEntities(this.dataSource, MaterialEntity, `id = $1 AND status = 'published'`, [id]);
      if (!material) throw materialNotFound();
      const [category, rankedIds] = await Promise.all([this.categoryOf(material), this.similarIdsFromDatabase(material, SIMILAR_COUNT)]);
      return { material, category, similarIds: rankedIds };
    });
  }

  async similarTo(id: number, language: Language, userId: string | null): Promise<{ infos: MaterialCard[] }> {
    const { similarIds, cardRows } = await this.detailCore(id);
    return { infos: await this.cards(similarIds, language, userId, cardRows) };
  }

  /**
   * "Similar materials" ranked by the database, for engines that leave it to it (the same rule as
   * MaterialSearchIndex.similar). Only a bounded set of candidates is ranked: the best sellers of
   * the same category (partial kind/category/sales index) and of the materials sharing a keyword
   * (GIN indexes on the keyword arrays), SIMILAR_CANDIDATES of each, so a detail view never
   * scores the whole kind.
   */
  private async similarIdsFromDatabase(material: MaterialEntity, count: number): Promise<number[]> {
    const ranked = (await this.similarRows(material, count)).map((r) => Number(r.id));
    return this.withBestSellers(material, ranked, count);
  }

  private similarRows(material: MaterialEntity, count: number): Promise<{ id: string }[]> {
    return this.dataSource.query(
      `WITH candidates AS (
         (SELECT m.id FROM catalogue.materials m
          WHERE m.status = 'published' AND m.kind = $1 AND m.id <> $2 AND m.category_id = $3
          ORDER BY m.sales_count DESC, m.id DESC LIMIT $7)
         UNION
         (SELECT m.id FROM catalogue.materials m
          WHERE m.status = 'published' AND m.kind = $1 AND m.id <> $2 AND (m.keywords_zh && $4::text[] OR m.keywords_en && $5::text[])
          ORDER BY m.sales_count DESC, m.id DESC LIMIT $7)
       )
       SELECT m.id FROM candidates c JOIN catalogue.materials m ON m.id = c.id
       ORDER BY (CASE WHEN m.category_id = $3 THEN 2 ELSE 0 END)
              + cardinality(ARRAY(SELECT unnest(m.keywords_zh) INTERSECT SELECT unnest($4::text[])))
              + cardinality(ARRAY(SELECT unnest(m.keywords_en) INTERSECT SELECT unnest($5::text[]))) DESC,
              m.sales_count DESC, m.id DESC
       LIMIT $6`,
      [material.kind, material.id, material.categoryId, material.keywordsZh, material.keywordsEn, count, SIMILAR_CANDIDATES],
    );
  }

  /** Best sellers of the kind after `ids` until there are `count`. */
  private async withBestSellers(material: MaterialEntity, ids: number[], count: number): Promise<number[]> {
    if (ids.length < count) {
      const more: { id: string }[] = await this.dataSource.query(
        `SELECT m.id FROM catalogue.materials m
         WHERE m.status = 'published' AND m.kind = $1 AND m.id <> $2 AND NOT (m.id = ANY($3::bigint[]))
         ORDER BY m.sales_count DESC, m.id DESC LIMIT $4`,
        [material.kind, material.id, ids, count - ids.length],
      );
      ids.push(...more.map((r) => Number(r.id)));
    }
    return ids;
  }

  /** A kind's categories, from the curation cache (console writes empty it). */
  private categoryRows(kind: 'video' | 'photo'): Promise<CategoryEntity[]> {
    return this.cache.get(`categories:${kind}`, () => this.dataSource.getRepository(CategoryEntity).find({ where: { kind }, order: { sort: 'ASC', id: 'ASC' } }));
  }

  /** A material's category from the kind's cached list (every detail page asks), the database for any other. */
  private async categoryOf(material: MaterialEntity): Promise<CategoryEntity | null> {
    if (!material.categoryId) return null;
    const cached = material.kind === 'video' || material.kind === 'photo' ? (await this.categoryRows(material.kind)).find((row) => row.id === material.categoryId) : undefined;
    return cached ?? this.dataSource.getRepository(CategoryEntity).findOneBy({ id: material.categoryId });
  }

  async categories(kind: 'video' | 'photo', language: Language): Promise<{ list: Category[] }> {
    const rows = await this.categoryRows(kind);
    return {
      list: rows.map((row) => ({ id: row.id, categoryName: language === 'en' ? row.nameEn : row.nameZh, kind: row.kind, cover: publicRenditionPath(row.coverKey) })),
    };
  }

  async hotWords(language: Language): Promise<string[]> {
    const rows = await this.cache.get('hotWords', () => this.dataSource.getRepository(HotWordEntity).find({ order: { sort: 'ASC', id: 'ASC' }, take: 50 }));
    return rows.map((row) => (language === 'en' ? row.wordEn : row.wordZh));
  }

  async topics(language: Language): Promise<Topic[]> {
    const rows = await this.cache.get('topics', () => this.topicRows(null));
    return rows.map((row) => toTopic(row, language));
  }

  async topicDetail(id: number, pageNo: number, pageSize: number, language: Language, userId: string | null): Promise<TopicDetailResponse> {
    const [row] = await this.topicRows(id);
    if (!row) throw AppError.notFound();
    const topic = toTopic(row, language);
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT m.id FROM catalogue.topic_materials tm JOIN catalogue.materials m ON m.id = tm.material_id
       WHERE tm.topic_id = $1 AND m.status = 'published' ORDER BY tm.sort, m.id LIMIT $2 OFFSET $3`,
      [id, pageSize, (pageNo - 1) * pageSize],
    );
    return { topic, infos: await this.cards(rows.map((r) => Number(r.id)), language, userId), total: topic.materialCount };
  }

  /**
   * Forgets the cached topics, categories and hot words: called by the console's curation writes
   * (and material publication changes, which move topic counts) so the store shows them at once.
   */
  invalidateCuration(): void {
    this.cache.clear();
    // Detail pages carry category names.
    this.readCache.clear();
  }

  /** Published topics with their published material counts: all of them, or just `id`. */
  private topicRows(id: number | null): Promise<TopicRow[]> {
    return this.dataSource.query(
      `SELECT t.id, t.title_zh, t.title_en, t.description_zh, t.description_en, t.home_cover_key,
              (SELECT count(*) FROM catalogue.topic_materials tm JOIN catalogue.materials m ON m.id = tm.material_id
                WHERE tm.topic_id = t.id AND m.status = 'published')::int AS material_count
       FROM catalogue.topics t WHERE t.published AND ($1::int IS NULL OR t.id = $1) ORDER BY t.sort, t.id`,
      [id],
    );
  }
}

interface TopicRow {
  id: number;
  title_zh: string;
  title_en: string;
  description_zh: string;
  description_en: string;
  home_cover_key: string | null;
  material_count: number;
}

function toTopic(row: TopicRow, language: Language): Topic {
  return {
    id: row.id,
    title: localizedTitle(row, language),
    homeCover: publicRenditionPath(row.home_cover_key) ?? '',
    description: language === 'en' ? row.description_en || row.description_zh : row.description_zh || row.description_en,
    materialCount: row.material_count,
  };
}

export function sampleFileName(code: string, sampleLocation: string): string {
  const extension = /\.([a-z0-9]{2,5})$/i.exec(sampleLocation)?.[1]?.toLowerCase() ?? 'mp4';
  return `${code}_sample.${extension}`;
}
