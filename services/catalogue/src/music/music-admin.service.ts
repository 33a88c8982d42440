import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import {
  ErrorCode,
  type MusicSheetAdminCreate,
  type MusicSheetAdminUpdate,
  type MusicSheetAdminView,
  type MusicSkuAdminUpdate,
  type MusicSkuAdminView,
  type MusicTrackAdminUpdate,
  type MusicTrackAdminView,
  bigserialId,
  serialId,
  wholeNumber,
} from '@mkt/contracts';
import { AppError, publicRenditionPath, StaffAuditWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import type { MusicSheetEntity, MusicSkuEntity } from './music.entities.js';
import { MusicSheetsRepository } from './music-sheets.repository.js';
import { MusicRepository, type TrackRow } from './music.repository.js';

export const MUSIC_TRACK_SORTABLE = ['id', 'code', 'titleZh', 'titleEn', 'bpm', 'priceFen', 'duration', 'status'] as const;
export const musicTrackFilterSchema = z.object({
  q: z.string().max(100).optional(),
  kind: z.enum(['music', 'sfx']).optional(),
  status: z.string().max(12).optional(),
  id: z.array(bigserialId()).max(500).optional(),
});
export const MUSIC_SHEET_SORTABLE = ['id', 'sort', 'nameZh', 'nameEn'] as const;
export const musicSheetFilterSchema = z.object({ q: z.string().max(100).optional(), id: z.array(serialId()).max(500).optional() });
export const MUSIC_SKU_SORTABLE = ['id', 'level', 'sort', 'priceFen'] as const;
export const musicSkuFilterSchema = z.object({
  level: wholeNumber(1, 4).optional(),
  parentId: z.string().max(64).optional(),
  q: z.string().max(64).optional(),
  id: z.array(z.string().max(64)).max(500).optional(),
});

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'notFound');

/**
 * Console editing of music: the music-only fields of tracks (publishing stays with the
 * materials resource), sheets, and the licence SKU tree's names and leaf prices. Every write is
 * audited in the same transaction.
 */
@Injectable()
export class MusicAdminService {
  constructor(
    private readonly music: MusicRepository,
    private readonly sheets: MusicSheetsRepository,
    private readonly audit: StaffAuditWriter,
  ) {}

  async listTracks(query: ListQuery<z.infer<typeof musicTrackFilterSchema>>): Promise<{ rows: MusicTrackAdminView[]; total: number }> {
    const { rows, total } = await this.music.listTracks(query);
    return { rows: rows.map(toTrackView), total };
  }

  async getTrack(id: string, manager?: EntityManager): Promise<MusicTrackAdminView> {
    const numeric = Number(id);
    if (!Number.isSafeInteger(numeric) || numeric <= 0) throw notFound();
    const row = await this.music.track(numeric, manager);
    if (!row) throw notFound();
    return toTrackView(row);
  }

  async updateTrack(actor: AuthenticatedStaff, id: string, input: MusicTrackAdminUpdate): Promise<MusicTrackAdminView> {
    return this.music.transaction(async (manager) => {
      const before = await this.getTrack(id, manager);
      await this.music.updateDetails(manager, before.id, input);
      const after = await this.getTrack(id, manager);
      await this.audit.record(manager, actor, { action: 'update', resource: 'music-tracks', resourceId: before.id, before, after });
      return after;
    });
  }

  async listSheets(query: ListQuery<z.infer<typeof musicSheetFilterSchema>>): Promise<{ rows: MusicSheetAdminView[]; total: number }> {
    const { rows: sheets, total } = await this.sheets.list(query);
    return { rows: await Promise.all(sheets.map((s) => this.sheetView(s))), total };
  }

  async getSheet(id: string, manager?: EntityManager): Promise<MusicSheetAdminView> {
    const numeric = Number(id);
    // Sheet ids are int4: anything else names no sheet (and must not reach the database).
    if (!Number.isInteger(numeric) || numeric <= 0 || numeric > 2_147_483_647) throw notFound();
    const sheet = await this.sheets.byId(numeric, manager);
    if (!sheet) throw notFound();
    return this.sheetView(sheet, manager);
  }

  async createSheet(actor: AuthenticatedStaff, input: MusicSheetAdminCreate): Promise<MusicSheetAdminView> {
    return this.music.transaction(async (manager) => {
      const { musicIds, ...fields } = input;
      const saved = await this.sheets.create(manager, fields);
      await this.replaceItems(manager, saved.id, musicIds);
      const after = await this.getSheet(String(saved.id), manager);
      await this.audit.record(manager, actor, { action: 'create', resource: 'music-sheets', resourceId: saved.id, before: null, after });
      return after;
    });
  }

  async updateSheet(actor: AuthenticatedStaff, id: string, input: MusicSheetAdminUpdate): Promise<MusicSheetAdminView> {
    return this.music.transaction(async (manager) => {
      const before = await this.getSheet(id, manager);
      const { musicIds, ...fields } = input;
      if (Object.keys(fields).length > 0) await this.sheets.update(manager, before.id, fields);
      if (musicIds) await this.replaceItems(manager, before.id, musicIds);
      const after = await this.getSheet(id, manager);
      await this.audit.record(manager, actor, { action: 'update', resource: 'music-sheets', resourceId: before.id, before, after });
      return after;
    });
  }

  async deleteSheet(actor: AuthenticatedStaff, id: string): Promise<MusicSheetAdminView> {
    return this.music.transaction(async (manager) => {
      const before = await this.getSheet(id, manager);
      await this.sheets.delete(manager, before.id);
      await this.audit.record(manager, actor, { action: 'delete', resource: 'music-sheets', resourceId: before.id, before, after: null });
      return before;
    });
  }

  async listSkus(query: ListQuery<z.infer<typeof musicSkuFilterSchema>>): Promise<{ rows: MusicSkuAdminView[]; total: number }> {
    const { rows, total } = await this.music.listSkus(query);
    return { rows: rows.map(toSkuView), total };
  }

  async getSku(id: string, manager?: EntityManager): Promise<MusicSkuAdminView> {
    const row = await this.music.sku(id, manager);
    if (!row) throw notFound();
    return toSkuView(row);
  }

  /** Names and sort of any node; a price only on a leaf (an area). */
  async updateSku(actor: AuthenticatedStaff, id: string, input: MusicSkuAdminUpdate): Promise<MusicSkuAdminView> {
    return this.music.transaction(async (manager) => {
      const before = await this.getSku(id, manager);
      if (input.priceFen !== undefined && before.level !== 4) throw AppError.validation('priceFen: only an area (level 4) has a price');
      await this.music.updateSku(manager, id, input);
      const after = await this.getSku(id, manager);
      await this.audit.record(manager, actor, { action: 'update', resource: 'music-skus', resourceId: id, before, after });
      return after;
    });
  }

  private async replaceItems(manager: EntityManager, sheetId: number, musicIds: number[]): Promise<void> {
    const unique = [...new Set(musicIds)];
    if (unique.length > 0) {
      const known = await this.music.musicMaterialIds(manager, unique);
      const missing = unique.filter((id) => !known.has(id));
      if (missing.length > 0) throw AppError.validation(`musicIds: not music or sound effects: ${missing.join(', ')}`);
    }
    await this.sheets.replaceItems(manager, sheetId, unique);
  }

  private async sheetView(sheet: MusicSheetEntity, manager?: EntityManager): Promise<MusicSheetAdminView> {
    const items = await this.sheets.items(sheet.id, manager);
    return {
      id: sheet.id,
      nameZh: sheet.nameZh,
      nameEn: sheet.nameEn,
      descriptionZh: sheet.descriptionZh,
      descriptionEn: sheet.descriptionEn,
      coverKey: sheet.coverKey,
      coverUrl: publicRenditionPath(sheet.coverKey),
      sort: sheet.sort,
      published: sheet.published,
      musicIds: items.map((i) => i.materialId),
    };
  }
}

function toTrackView(row: TrackRow): MusicTrackAdminView {
  return {
    id: Number(row.id),
    code: row.code,
    kind: row.kind,
    status: row.status,
    titleZh: row.title_zh,
    titleEn: row.title_en,
    composer: row.composer,
    artist: row.artist,
    mastery: row.mastery,
    maker: row.maker,
    arranger: row.arranger,
    author: row.author,
    bpm: row.bpm,
    mood: row.mood,
    genre: row.genre,
    duration: Number(row.duration ?? 0),
    priceFen: row.price_fen,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    versionName: row.version_name,
    sourceNote: row.source_note,
    coverUrl: publicRenditionPath(row.thumbnail_key),
    listenUrl: publicRenditionPath(row.preview480_key),
    keywordsZh: row.keywords_zh,
    keywordsEn: row.keywords_en,
  };
}

function toSkuView(row: MusicSkuEntity): MusicSkuAdminView {
  return { id: row.id, parentId: row.parentId, level: row.level, nameZh: row.nameZh, nameEn: row.nameEn, sort: row.sort, priceFen: row.priceFen };
}
