import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { MusicSearchQuery, MusicTrackAdminUpdate, MusicSkuAdminUpdate } from '@mkt/contracts';
import { MAX_ORDER_NO_DRAWS, newOrderNo, type ListQuery } from '@mkt/platform';
import { MusicDetailEntity, MusicSkuEntity } from './music.entities.js';
import type { MusicRow, MusicTrackColumns } from './music-rows.js';
import type { SkuRow } from './sku-tree.js';

/** What the store may show: a published music or sound-effect material. */
export const PUBLISHED = `m.status = 'published' AND m.kind IN ('music', 'sfx')`;

/**
 * The lowest price a buyer can order a licence at: priced areas (level 4) that sit on a whole
 * scene → channel → period → area path, the same paths /music/order/create accepts. Uncorrelated,
 * so PostgreSQL computes it once per query, not per track.
 */
const LICENCE_FROM_SQL = `
  SELECT min(area.price_fen)::int FROM catalogue.music_skus area
    JOIN catalogue.music_skus period ON period.id = area.parent_id AND period.level = 3
    JOIN catalogue.music_skus channel ON channel.id = period.parent_id AND channel.level = 2
    JOIN catalogue.music_skus scene ON scene.id = channel.parent_id AND scene.level = 1 AND scene.parent_id IS NULL
  WHERE area.level = 4 AND area.price_fen IS NOT NULL`;

/** The columns every music list reads; `$1` is the viewer's user id (or null) for bookmarkId. */
const MUSIC_SELECT = `
  SELECT m.id, m.code, m.kind, m.title_zh, m.title_en, m.keywords_zh, m.keywords_en, m.duration,
         m.thumbnail_key, m.preview480_key, d.composer, d.artist, d.mastery, d.maker, d.arranger,
         d.author, d.bpm, d.mood, d.genre, d.price_fen, d.parent_id, d.version_name, d.source_note,
         (SELECT count(*) FROM catalogue.music_details v JOIN catalogue.materials vm ON vm.id = v.material_id
           WHERE v.parent_id = m.id AND vm.status = 'published')::int AS sub_version_count,
         (SELECT b.id FROM catalogue.bookmarks b
           WHERE b.user_id = $1::uuid AND b.target_id = m.id AND b.target_type IN (2, 3) LIMIT 1) AS bookmark_id,
         (${LICENCE_FROM_SQL}) AS licence_from_fen
  FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id`;

const DURATION_SQL: Record<string, string> = {
  '0-30': 'm.duration < 30',
  '30-60': 'm.duration >= 30 AND m.duration < 60',
  '60-120': 'm.duration >= 60 AND m.duration < 120',
  '120+': 'm.duration >= 120',
};
const BPM_SQL: Record<string, string> = {
  '0-80': 'd.bpm < 80',
  '80-110': 'd.bpm >= 80 AND d.bpm < 110',
  '110-140': 'd.bpm >= 110 AND d.bpm < 140',
  '140+': 'd.bpm >= 140',
};
const SORT_SQL: Record<MusicSearchQuery['sort'], string> = {
  newest: 'm.online_at DESC NULLS LAST, m.id DESC',
  popular: 'm.sales_count DESC, m.id DESC',
  durationAsc: 'm.duration ASC NULLS LAST, m.id ASC',
  durationDesc: 'm.duration DESC NULLS LAST, m.id DESC',
};

const TRACK_COLUMNS: Record<string, string> = {
  id: 'm.id',
  code: 'm.code',
  titleZh: 'm.title_zh',
  titleEn: 'm.title_en',
  bpm: 'd.bpm',
  priceFen: 'd.price_fen',
  duration: 'm.duration',
  status: 'm.status',
};

export interface MusicPageRows {
  rows: MusicRow[];
  total: number;
}

/** The store's search, with the keyword already trimmed and the music type as a material kind. */
export type MusicSearchFilter = Pick<MusicSearchQuery, 'mood' | 'genre' | 'tag' | 'bpm' | 'duration' | 'sort'> & { kind: 'music' | 'sfx'; keyword: string };

/** What /music/similar ranks against. */
export interface SimilarBase {
  kind: string;
  mood: string;
  genre: string;
  bpm: number;
  root: string;
}

export interface OrderTrackRow {
  id: string;
  code: string;
  kind: 'music' | 'sfx';
  title_zh: string;
  title_en: string;
  duration: string | null;
  thumbnail_key: string | null;
  original_key: string | null;
  composer: string;
}

/** A track as the console reads it: the material and its music details. */
export interface TrackRow extends MusicTrackColumns {
  status: string;
}

export interface MusicTrackFilter {
  q?: string;
  kind?: 'music' | 'sfx';
  status?: string;
  id?: number[];
}

export interface MusicSkuFilter {
  level?: number;
  parentId?: string;
  q?: string;
  id?: string[];
}

/**
 * Queries of music tracks, play history, music favourites and the licence SKU tree (catalogue
 * schema). Methods that must share the caller's transaction take its manager.
 */
@Injectable()
export class MusicRepository {
  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  async published(id: number, userId: string | null): Promise<MusicRow | null> {
    const [row] = (await this.dataSource.query(`${MUSIC_SELECT} WHERE m.id = $2 AND ${PUBLISHED}`, [userId, id])) as MusicRow[];
    return row ?? null;
  }

  /** In no particular order; unknown or unpublished ids are left out. */
  async publishedByIds(ids: number[], userId: string | null): Promise<MusicRow[]> {
    return (await this.dataSource.query(`${MUSIC_SELECT} WHERE m.id = ANY($2::bigint[]) AND ${PUBLISHED}`, [userId, ids])) as MusicRow[];
  }

  /** Full tracks only (versions are reached through their track). */
  async search(filter: MusicSearchFilter, pageNo: number, pageSize: number, userId: string | null): Promise<MusicPageRows> {
    const params: unknown[] = [userId, filter.kind];
    const where = [PUBLISHED, 'm.kind = $2', 'd.parent_id IS NULL'];
    const keyword = filter.keyword;
    if (keyword) {
      params.push(`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, keyword);
      const like = `$${params.length - 1}`;
      where.push(
        `(m.title_zh ILIKE ${like} OR m.title_en ILIKE ${like} OR d.composer ILIKE ${like} OR d.artist ILIKE ${like}
          OR m.code = $${params.length} OR $${params.length} = ANY(m.keywords_zh) OR lower($${params.length}) = ANY(SELECT lower(k) FROM unnest(m.keywords_en) k))`,
      );
    }
    if (filter.mood) {
      params.push(filter.mood);
      where.push(`d.mood = $${params.length}`);
    }
    if (filter.genre) {
      params.push(filter.genre);
      where.push(`d.genre = $${params.length}`);
    }
    if (filter.tag) {
      params.push(filter.tag);
      where.push(`($${params.length} = ANY(m.keywords_zh) OR $${params.length} = ANY(m.keywords_en))`);
    }
    if (filter.bpm) where.push(BPM_SQL[filter.bpm]!);
    if (filter.duration) where.push(DURATION_SQL[filter.duration]!);
    return this.page(`${MUSIC_SELECT} WHERE ${where.join(' AND ')} ORDER BY ${SORT_SQL[filter.sort]}`, params, pageNo, pageSize);
  }

  async similarBase(id: number): Promise<SimilarBase | null> {
    const [base] = (await this.dataSource.query(
      `SELECT m.kind, d.mood, d.genre, d.bpm, coalesce(d.parent_id, m.id) AS root FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [id],
    )) as SimilarBase[];
    return base ?? null;
  }

  /** Same kind, full tracks other than the base's own, ranked by shared genre and mood, then nearest BPM. */
  async similar(base: SimilarBase, pageNo: number, pageSize: number, userId: string | null): Promise<MusicPageRows> {
    return this.page(
      `${MUSIC_SELECT} WHERE ${PUBLISHED} AND m.kind = $2 AND d.parent_id IS NULL AND m.id <> $3
       ORDER BY ((d.genre = $4)::int * 2 + (d.mood = $5)::int * 2) DESC, abs(d.bpm - $6) ASC, m.id ASC`,
      [userId, base.kind, Number(base.root), base.genre, base.mood, base.bpm],
      pageNo,
      pageSize,
    );
  }

  /** The track a published track or version belongs to. */
  async rootOf(id: number): Promise<number | null> {
    const [base] = (await this.dataSource.query(
      `SELECT coalesce(d.parent_id, m.id) AS root FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [id],
    )) as { root: string }[];
    return base ? Number(base.root) : null;
  }

  /** The published shorter cuts of a track, longest first. */
  async versionsOf(root: number, userId: string | null): Promise<MusicRow[]> {
    return (await this.dataSource.query(`${MUSIC_SELECT} WHERE ${PUBLISHED} AND d.parent_id = $2 ORDER BY m.duration DESC, m.id ASC`, [userId, root])) as MusicRow[];
  }

  /** The published tracks of a sheet in the sheet's order. */
  async ofSheet(sheetId: number, pageNo: number, pageSize: number, userId: string | null): Promise<MusicPageRows> {
    return this.page(
      `${MUSIC_SELECT} JOIN catalogue.music_sheet_items i ON i.material_id = m.id AND i.sheet_id = $2 WHERE ${PUBLISHED} ORDER BY i.sort ASC, m.id ASC`,
      [userId, sheetId],
      pageNo,
      pageSize,
    );
  }

  /** Null for an unknown or unpublished track; `peaks` null while not computed yet. */
  async peaks(id: number): Promise<{ peaks: number[] | null } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT d.peaks FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [id],
    )) as { peaks: number[] | null }[];
    return row ?? null;
  }

  async skuRows(): Promise<SkuRow[]> {
    const rows = (await this.dataSource.query(`SELECT id, parent_id, level, name_zh, name_en, sort, price_fen FROM catalogue.music_skus`)) as {
      id: string;
      parent_id: string | null;
      level: number;
      name_zh: string;
      name_en: string;
      sort: number;
      price_fen: number | null;
    }[];
    return rows.map((r) => ({ id: r.id, parentId: r.parent_id, level: r.level, nameZh: r.name_zh, nameEn: r.name_en, sort: r.sort, priceFen: r.price_fen }));
  }

  async listenKey(musicId: number): Promise<{ preview480_key: string | null } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT m.preview480_key FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [musicId],
    )) as { preview480_key: string | null }[];
    return row ?? null;
  }

  async sample(musicId: number): Promise<{ code: string; sample_key: string | null } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT m.code, m.sample_key FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [musicId],
    )) as { code: string; sample_key: string | null }[];
    return row ?? null;
  }

  async publishedKind(musicId: number): Promise<'music' | 'sfx' | null> {
    const [row] = (await this.dataSource.query(
      `SELECT m.kind FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [musicId],
    )) as { kind: 'music' | 'sfx' }[];
    return row?.kind ?? null;
  }

  /** What music.order.placed carries about the track. */
  async orderTrack(musicId: number): Promise<OrderTrackRow | null> {
    const [music] = (await this.dataSource.query(
      `SELECT m.id, m.code, m.kind, m.title_zh, m.title_en, m.duration, m.thumbnail_key, m.original_key, d.composer
       FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [musicId],
    )) as OrderTrackRow[];
    return music ?? null;
  }

  /**
   * Keeps a number for a music order placed now and returns it, drawing again while another music
   * order holds the drawn number. The unique index decides between concurrent orders: a second
   * insert of the same number waits for the first and then finds it taken.
   */
  async reserveOrderNo(manager: EntityManager, orderId: string, userId: string, at: Date): Promise<string> {
    for (let draw = 1; ; draw += 1) {
      const orderNo = newOrderNo(at);
      const kept: unknown[] = await manager.query(
        `INSERT INTO catalogue.music_order_numbers (order_id, order_no, user_id, placed_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (order_no) DO NOTHING RETURNING order_id`,
        [orderId, orderNo, userId, at],
      );
      if (kept.length > 0) return orderNo;
      if (draw >= MAX_ORDER_NO_DRAWS) throw new Error(`no free order number for music order ${orderId} after ${draw} draws`);
    }
  }

  async recordPlay(manager: EntityManager, userId: string, musicId: number, at: Date): Promise<void> {
    await manager.query(
      `INSERT INTO catalogue.music_play_history (user_id, material_id, played_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, material_id) DO UPDATE SET played_at = EXCLUDED.played_at`,
      [userId, musicId, at],
    );
  }

  /** Keeps the user's `keep` most recent plays. */
  async trimHistory(manager: EntityManager, userId: string, keep: number): Promise<void> {
    await manager.query(
      `DELETE FROM catalogue.music_play_history WHERE user_id = $1 AND material_id NOT IN (
         SELECT material_id FROM catalogue.music_play_history WHERE user_id = $1 ORDER BY played_at DESC, material_id DESC LIMIT $2)`,
      [userId, keep],
    );
  }

  /** The user's published plays, newest first. */
  async history(userId: string, limit: number): Promise<MusicRow[]> {
    return (await this.dataSource.query(
      `${MUSIC_SELECT} JOIN catalogue.music_play_history h ON h.material_id = m.id AND h.user_id = $1
       WHERE ${PUBLISHED} ORDER BY h.played_at DESC, m.id DESC LIMIT $2`,
      [userId, limit],
    )) as MusicRow[];
  }

  async clearHistory(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM catalogue.music_play_history WHERE user_id = $1`, [userId]);
  }

  /**
   * The published ids among `ids`, at most `limit`, as the history in the list's order: played_at
   * falls by a millisecond per position from `nowMs`.
   */
  async insertHistory(manager: EntityManager, userId: string, ids: number[], nowMs: number, limit: number): Promise<void> {
    await manager.query(
      `INSERT INTO catalogue.music_play_history (user_id, material_id, played_at)
         SELECT $1, x.id, to_timestamp(($3::bigint - x.ord) / 1000.0)
         FROM unnest($2::bigint[]) WITH ORDINALITY AS x(id, ord)
         JOIN catalogue.materials m ON m.id = x.id AND ${PUBLISHED}
         JOIN catalogue.music_details d ON d.material_id = m.id
         ORDER BY x.ord LIMIT $4`,
      [userId, ids, nowMs, limit],
    );
  }

  /** The user's favourite of the track, filed under music or sound effects. */
  async bookmarkOf(userId: string, musicId: number): Promise<number | null> {
    const existing = (await this.dataSource.query(`SELECT id FROM catalogue.bookmarks WHERE user_id = $1 AND target_id = $2 AND target_type IN (2, 3)`, [
      userId,
      musicId,
    ])) as { id: string }[];
    return existing[0] ? Number(existing[0].id) : null;
  }

  /** Idempotent: a concurrent favourite of the same target keeps the first one's id and time. */
  async addBookmark(userId: string, targetType: number, musicId: number, at: Date): Promise<number> {
    const inserted = (await this.dataSource.query(
      `INSERT INTO catalogue.bookmarks (user_id, target_type, target_id, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, target_type, target_id) DO UPDATE SET created_at = catalogue.bookmarks.created_at RETURNING id`,
      [userId, targetType, musicId, at],
    )) as { id: string }[];
    return Number(inserted[0]!.id);
  }

  /** Whether the user had this music favourite. */
  async deleteBookmark(userId: string, bookmarkId: number): Promise<boolean> {
    const result: unknown[] = await this.dataSource.query(
      `DELETE FROM catalogue.bookmarks WHERE id = $1 AND user_id = $2 AND target_type IN (2, 3) RETURNING id`,
      [bookmarkId, userId],
    );
    // The driver answers a DELETE with [rows, count].
    const deleted = Array.isArray(result[0]) ? (result[0] as unknown[]) : result;
    return deleted.length > 0;
  }

  /** The user's published favourites of one target type, most recently favourited first. */
  async bookmarked(userId: string, targetType: number, pageNo: number, pageSize: number): Promise<MusicPageRows> {
    const rows = (await this.dataSource.query(
      `${MUSIC_SELECT.replace('SELECT m.id,', 'SELECT count(*) OVER () AS total, m.id,')}
       JOIN catalogue.bookmarks mine ON mine.target_id = m.id AND mine.user_id = $1 AND mine.target_type = $2
       WHERE ${PUBLISHED} ORDER BY mine.created_at DESC, mine.id DESC LIMIT $3 OFFSET $4`,
      [userId, targetType, pageSize, (pageNo - 1) * pageSize],
    )) as MusicRow[];
    return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
  }

  async setBookmarkType(userId: string, bookmarkId: number, targetType: number): Promise<void> {
    await this.dataSource.query(`UPDATE catalogue.bookmarks SET target_type = $1 WHERE id = $2 AND user_id = $3`, [targetType, bookmarkId, userId]);
  }

  /** The console's track list: every status, sorted by a known column (the id otherwise). */
  async listTracks(query: ListQuery<MusicTrackFilter>): Promise<{ rows: TrackRow[]; total: number }> {
    const params: unknown[] = [];
    const where = [`m.kind IN ('music', 'sfx')`];
    const f = query.filter;
    if (f.kind) where.push(`m.kind = $${params.push(f.kind)}`);
    if (f.status) where.push(`m.status = $${params.push(f.status)}`);
    if (f.id) where.push(`m.id = ANY($${params.push(f.id)}::bigint[])`);
    if (f.q) {
      const n = params.push(`%${f.q}%`);
      where.push(`(m.code ILIKE $${n} OR m.title_zh ILIKE $${n} OR m.title_en ILIKE $${n} OR d.composer ILIKE $${n})`);
    }
    const order = `${TRACK_COLUMNS[query.sortField] ?? 'm.id'} ${query.sortOrder === 'ASC' ? 'ASC' : 'DESC'}, m.id DESC`;
    const rows = (await this.dataSource.query(
      `SELECT m.*, d.*, count(*) OVER () AS total FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id
       WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.take, query.skip],
    )) as TrackRow[];
    return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
  }

  async track(id: number, manager?: EntityManager): Promise<TrackRow | null> {
    const [row] = (await this.m(manager).query(
      `SELECT m.*, d.* FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1`,
      [id],
    )) as TrackRow[];
    return row ?? null;
  }

  async updateDetails(manager: EntityManager, materialId: number, changes: MusicTrackAdminUpdate): Promise<void> {
    await manager.getRepository(MusicDetailEntity).update({ materialId }, changes);
  }

  /** Which of the ids are music or sound-effect materials, whatever their status. */
  async musicMaterialIds(manager: EntityManager, ids: number[]): Promise<Set<number>> {
    const found = (await manager.query(`SELECT id FROM catalogue.materials WHERE id = ANY($1::bigint[]) AND kind IN ('music', 'sfx')`, [ids])) as {
      id: string;
    }[];
    return new Set(found.map((r) => Number(r.id)));
  }

  async listSkus(query: ListQuery<MusicSkuFilter>): Promise<{ rows: MusicSkuEntity[]; total: number }> {
    const qb = this.dataSource.getRepository(MusicSkuEntity).createQueryBuilder('k');
    const f = query.filter;
    if (f.level) qb.andWhere('k.level = :level', { level: f.level });
    if (f.parentId) qb.andWhere('k.parentId = :parentId', { parentId: f.parentId });
    if (f.id) qb.andWhere('k.id IN (:...ids)', { ids: f.id });
    if (f.q) qb.andWhere('(k.id ILIKE :q OR k.nameZh ILIKE :q OR k.nameEn ILIKE :q)', { q: `%${f.q}%` });
    qb.orderBy(`k.${query.sortField}`, query.sortOrder).addOrderBy('k.id', 'ASC').skip(query.skip).take(query.take);
    const [rows, total] = await qb.getManyAndCount();
    return { rows, total };
  }

  async sku(id: string, manager?: EntityManager): Promise<MusicSkuEntity | null> {
    return this.m(manager).getRepository(MusicSkuEntity).findOneBy({ id });
  }

  async updateSku(manager: EntityManager, id: string, changes: MusicSkuAdminUpdate): Promise<void> {
    await manager.getRepository(MusicSkuEntity).update({ id }, changes);
  }

  private async page(sql: string, params: unknown[], pageNo: number, pageSize: number): Promise<MusicPageRows> {
    const rows = (await this.dataSource.query(
      // The window count sits in the ordered query itself, so LIMIT/OFFSET keep its order.
      `${sql.replace('SELECT m.id,', 'SELECT count(*) OVER () AS total, m.id,')} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (pageNo - 1) * pageSize],
    )) as MusicRow[];
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && pageNo > 1) {
      const [count] = (await this.dataSource.query(`SELECT count(*) AS total FROM (${sql}) AS q`, params)) as { total: string }[];
      total = Number(count?.total ?? 0);
    }
    return { rows, total };
  }
}
