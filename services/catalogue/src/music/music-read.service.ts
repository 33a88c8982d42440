import { Injectable } from '@nestjs/common';
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
import { kindOfMusicType, toMusicInfo } from './music-rows.js';
import { MusicSheetsRepository, type SheetRow } from './music-sheets.repository.js';
import { MusicRepository, type MusicPageRows } from './music.repository.js';
import { buildSkuTree } from './sku-tree.js';

export const musicNotFound = () => new AppError(ErrorCode.MUSIC_NOT_FOUND, 'musicNotFound');
const sheetNotFound = () => new AppError(ErrorCode.MUSIC_SHEET_NOT_FOUND, 'musicSheetNotFound');

/** What anyone may read about music: details, lists, sheets, similar tracks, versions, waveforms, the SKU tree. */
@Injectable()
export class MusicReadService {
  constructor(
    private readonly music: MusicRepository,
    private readonly musicSheets: MusicSheetsRepository,
  ) {}

  async detail(id: number, language: Language, userId: string | null): Promise<MusicInfo> {
    const row = await this.music.published(id, userId);
    if (!row) throw musicNotFound();
    return toMusicInfo(row, language);
  }

  /** Several tracks in the given order (history, saved lists); unknown or unpublished ids are left out. */
  async byIds(ids: number[], language: Language, userId: string | null): Promise<MusicInfo[]> {
    if (ids.length === 0) return [];
    const rows = await this.music.publishedByIds(ids, userId);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toMusicInfo(row, language)] : [];
    });
  }

  /** The music home's search: full tracks only (versions are reached through their track). */
  async search(query: MusicSearchQuery, language: Language, userId: string | null): Promise<MusicPage> {
    const { musicType, keyword, pageNo, pageSize, ...filter } = query;
    return this.toPage(await this.music.search({ ...filter, kind: kindOfMusicType(musicType), keyword: keyword.trim() }, pageNo, pageSize, userId), language);
  }

  /** Same type, full tracks, ranked by shared genre and mood, then nearest BPM. */
  async similar(id: number, pageNo: number, pageSize: number, language: Language, userId: string | null): Promise<MusicPage> {
    const base = await this.music.similarBase(id);
    if (!base) throw musicNotFound();
    return this.toPage(await this.music.similar(base, pageNo, pageSize, userId), language);
  }

  /** The shorter cuts of a track (asked for on the track or on one of its versions). */
  async versions(id: number, language: Language, userId: string | null): Promise<MusicPage> {
    const root = await this.music.rootOf(id);
    if (root === null) throw musicNotFound();
    const rows = await this.music.versionsOf(root, userId);
    return { infos: rows.map((row) => toMusicInfo(row, language)), total: rows.length };
  }

  async sheets(pageNo: number, pageSize: number, language: Language): Promise<{ infos: MusicSheet[]; total: number }> {
    const { rows, total } = await this.musicSheets.published(pageNo, pageSize);
    return { infos: rows.map((row) => toSheet(row, language)), total };
  }

  async sheetMusic(sheetId: number, pageNo: number, pageSize: number, language: Language, userId: string | null): Promise<MusicSheetDetail> {
    const sheet = await this.musicSheets.publishedById(sheetId);
    if (!sheet) throw sheetNotFound();
    const page = this.toPage(await this.music.ofSheet(sheetId, pageNo, pageSize, userId), language);
    return { ...page, sheet: toSheet(sheet, language) };
  }

  async peaks(id: number): Promise<number[]> {
    const row = await this.music.peaks(id);
    if (!row) throw musicNotFound();
    if (!row.peaks) throw new AppError(ErrorCode.MUSIC_WAVE_NOT_READY, 'musicWaveNotReady');
    return row.peaks;
  }

  async skuList(language: Language): Promise<MusicSkuListResponse> {
    return { skuList: buildSkuTree(await this.music.skuRows(), language) };
  }

  private toPage({ rows, total }: MusicPageRows, language: Language): MusicPage {
    return { infos: rows.map((row) => toMusicInfo(row, language)), total };
  }
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
