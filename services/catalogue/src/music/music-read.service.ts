import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ErrorCode,
  type Language,
  type MusicInfo,
  type MusicPage,
  type MusicSearchQuery,
  type MusicSheet,
  type MusicSheetDetail,
  type MusicSkuListResponse,
} from '@mkt/contracts';
import { AppError, publicRenditionPath } from '@mkt/platform';
import { MUSIC_SELECT, kindOfMusicType, toMusicInfo, type MusicRow } from './music-rows.js';
import { buildSkuTree, type SkuRow } from './sku-tree.js';

export const musicNotFound = () => new AppError(ErrorCode.MUSIC_NOT_FOUND, 'musicNotFound');
const sheetNotFound = () => new AppError(ErrorCode.MUSIC_SHEET_NOT_FOUND, 'musicSheetNotFound');

const PUBLISHED = `m.status = 'published' AND m.kind IN ('music', 'sfx')`;

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

/** What anyone may read about music: details, lists, sheets, similar tracks, versions, waveforms, the SKU tree. */
@Injectable()
export class MusicReadService {
  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  async detail(id: number, language: Language, userId: string | null): Promise<MusicInfo> {
    const [row] = (await this.dataSource.query(`${MUSIC_SELECT} WHERE m.id = $2 AND ${PUBLISHED}`, [userId, id])) as MusicRow[];
    if (!row) throw musicNotFound();
    return toMusicInfo(row, language);
  }

  /** Several tracks in the given order (history, saved lists); unknown or unpublished ids are left out. */
  async byIds(ids: number[], language: Language, userId: string | null): Promise<MusicInfo[]> {
    if (ids.length === 0) return [];
    const rows = (await this.dataSource.query(`${MUSIC_SELECT} WHERE m.id = ANY($2::bigint[]) AND ${PUBLISHED}`, [userId, ids])) as MusicRow[];
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toMusicInfo(row, language)] : [];
    });
  }

  /** The music home's search: full tracks only (versions are reached through their track). */
  async search(query: MusicSearchQuery, language: Language, userId: string | null): Promise<MusicPage> {
    const params: unknown[] = [userId, kindOfMusicType(query.musicType)];
    const where = [PUBLISHED, 'm.kind = $2', 'd.parent_id IS NULL'];
    const keyword = query.keyword.trim();
    if (keyword) {
      params.push(`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, keyword);
      const like = `$${params.length - 1}`;
      where.push(
        `(m.title_zh ILIKE ${like} OR m.title_en ILIKE ${like} OR d.composer ILIKE ${like} OR d.artist ILIKE ${like}
          OR m.code = $${params.length} OR $${params.length} = ANY(m.keywords_zh) OR lower($${params.length}) = ANY(SELECT lower(k) FROM unnest(m.keywords_en) k))`,
      );
    }
    if (query.mood) {
      params.push(query.mood);
      where.push(`d.mood = $${params.length}`);
    }
    if (query.genre) {
      params.push(query.genre);
      where.push(`d.genre = $${params.length}`);
    }
    if (query.tag) {
      params.push(query.tag);
      where.push(`($${params.length} = ANY(m.keywords_zh) OR $${params.length} = ANY(m.keywords_en))`);
    }
    if (query.bpm) where.push(BPM_SQL[query.bpm]!);
    if (query.duration) where.push(DURATION_SQL[query.duration]!);
    return this.page(`${MUSIC_SELECT} WHERE ${where.join(' AND ')} ORDER BY ${SORT_SQL[query.sort]}`, params, query.pageNo, query.pageSize, language);
  }

  /** Same type, full tracks, ranked by shared genre and mood, then nearest BPM. */
  async similar(id: number, pageNo: number, pageSize: number, language: Language, userId: string | null): Promise<MusicPage> {
    const [base] = (await this.dataSource.query(
      `SELECT m.kind, d.mood, d.genre, d.bpm, coalesce(d.parent_id, m.id) AS root FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [id],
    )) as { kind: string; mood: string; genre: string; bpm: number; root: string }[];
    if (!base) throw musicNotFound();
    return this.page(
      `${MUSIC_SELECT} WHERE ${PUBLISHED} AND m.kind = $2 AND d.parent_id IS NULL AND m.id <> $3
       ORDER BY ((d.genre = $4)::int * 2 + (d.mood = $5)::int * 2) DESC, abs(d.bpm - $6) ASC, m.id ASC`,
      [userId, base.kind, Number(base.root), base.genre, base.mood, base.bpm],
      pageNo,
      pageSize,
      language,
    );
  }

  /** The shorter cuts of a track (asked for on the track or on one of its versions). */
  async versions(id: number, language: Language, userId: string | null): Promise<MusicPage> {
    const [base] = (await this.dataSource.query(
      `SELECT coalesce(d.parent_id, m.id) AS root FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [id],
    )) as { root: string }[];
    if (!base) throw musicNotFound();
    const rows = (await this.dataSource.query(`${MUSIC_SELECT} WHERE ${PUBLISHED} AND d.parent_id = $2 ORDER BY m.duration DESC, m.id ASC`, [
      userId,
      Number(base.root),
    ])) as MusicRow[];
    return { infos: rows.map((row) => toMusicInfo(row, language)), total: rows.length };
  }

  async sheets(pageNo: number, pageSize: number, language: Language): Promise<{ infos: MusicSheet[]; total: number }> {
    const rows = (await this.dataSource.query(
      `SELECT s.*, (SELECT count(*) FROM catalogue.music_sheet_items i JOIN catalogue.materials m ON m.id = i.material_id
                    WHERE i.sheet_id = s.id AND ${PUBLISHED})::int AS music_count, count(*) OVER () AS total
       FROM catalogue.music_sheets s WHERE s.published ORDER BY s.sort ASC, s.id ASC LIMIT $1 OFFSET $2`,
      [pageSize, (pageNo - 1) * pageSize],
    )) as SheetRow[];
    return { infos: rows.map((row) => toSheet(row, language)), total: rows[0] ? Number(rows[0].total) : 0 };
  }

  async sheetMusic(sheetId: number, pageNo: number, pageSize: number, language: Language, userId: string | null): Promise<MusicSheetDetail> {
    const [sheet] = (await this.dataSource.query(
      `SELECT s.*, (SELECT count(*) FROM catalogue.music_sheet_items i JOIN catalogue.materials m ON m.id = i.material_id
                    WHERE i.sheet_id = s.id AND ${PUBLISHED})::int AS music_count
       FROM catalogue.music_sheets s WHERE s.id = $1 AND s.published`,
      [sheetId],
    )) as SheetRow[];
    if (!sheet) throw sheetNotFound();
    const page = await this.page(
      `${MUSIC_SELECT} JOIN catalogue.music_sheet_items i ON i.material_id = m.id AND i.sheet_id = $2 WHERE ${PUBLISHED} ORDER BY i.sort ASC, m.id ASC`,
      [userId, sheetId],
      pageNo,
      pageSize,
      language,
    );
    return { ...page, sheet: toSheet(sheet, language) };
  }

  async peaks(id: number): Promise<number[]> {
    const [row] = (await this.dataSource.query(
      `SELECT d.peaks FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [id],
    )) as { peaks: number[] | null }[];
    if (!row) throw musicNotFound();
    if (!row.peaks) throw new AppError(ErrorCode.MUSIC_WAVE_NOT_READY, 'musicWaveNotReady');
    return row.peaks;
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

  async skuList(language: Language): Promise<MusicSkuListResponse> {
    return { skuList: buildSkuTree(await this.skuRows(), language) };
  }

  private async page(sql: string, params: unknown[], pageNo: number, pageSize: number, language: Language): Promise<MusicPage> {
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
    return { infos: rows.map((row) => toMusicInfo(row, language)), total };
  }
}

interface SheetRow {
  id: number;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  cover_key: string | null;
  music_count: number;
  total?: string;
}

function toSheet(row: SheetRow, language: Language): MusicSheet {
  return {
    sheetId: row.id,
    name: language === 'en' ? row.name_en || row.name_zh : row.name_zh || row.name_en,
    description: language === 'en' ? row.description_en : row.description_zh,
    coverStr: publicRenditionPath(row.cover_key) ?? '',
    musicCount: row.music_count,
  };
}
