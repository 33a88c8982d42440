import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
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
} from '@mkt/contracts';
import { AppError, publicRenditionPath, StaffAuditWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { MusicDetailEntity, MusicSheetEntity, MusicSheetItemEntity, MusicSkuEntity } from './music.entities.js';
import type { MusicTrackColumns } from './music-rows.js';

export const MUSIC_TRACK_SORTABLE = ['id', 'code', 'titleZh', 'titleEn', 'bpm', 'priceFen', 'duration', 'status'] as const;
export const musicTrackFilterSchema = z.object({
  q: z.string().max(100).optional(),
  kind: z.enum(['music', 'sfx']).optional(),
  status: z.string().max(12).optional(),
  id: z.array(z.coerce.number().int().positive()).max(500).optional(),
});
export const MUSIC_SHEET_SORTABLE = ['id', 'sort', 'nameZh', 'nameEn'] as const;
export const musicSheetFilterSchema = z.object({ q: z.string().max(100).optional(), id: z.array(z.coerce.number().int().positive()).max(500).optional() });
export const MUSIC_SKU_SORTABLE = ['id', 'level', 'sort', 'priceFen'] as const;
export const musicSkuFilterSchema = z.object({
  level: z.coerce.number().int().min(1).max(4).optional(),
  parentId: z.string().max(64).optional(),
  q: z.string().max(64).optional(),
  id: z.array(z.string().max(64)).max(500).optional(),
});

const TRACK_COLUMNS: Record<(typeof MUSIC_TRACK_SORTABLE)[number], string> = {
  id: 'm.id',
  code: 'm.code',
  titleZh: 'm.title_zh',
  titleEn: 'm.title_en',
  bpm: 'd.bpm',
  priceFen: 'd.price_fen',
  duration: 'm.duration',
  status: 'm.status',
};
const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'notFound');

/**
 * Console editing of music: the music-only fields of tracks (publishing stays with the
 * materials resource), sheets, and the licence SKU tree's names and leaf prices. Every write is
 * audited in the same transaction.
 */
@Injectable()
export class MusicAdminService {
  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    private readonly audit: StaffAuditWriter,
  ) {}

  async listTracks(query: ListQuery<z.infer<typeof musicTrackFilterSchema>>): Promise<{ rows: MusicTrackAdminView[]; total: number }> {
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
    const order = `${TRACK_COLUMNS[query.sortField as keyof typeof TRACK_COLUMNS] ?? 'm.id'} ${query.sortOrder === 'ASC' ? 'ASC' : 'DESC'}, m.id DESC`;
    const rows = (await this.dataSource.query(
      `SELECT m.*, d.*, count(*) OVER () AS total FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id
       WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.take, query.skip],
    )) as TrackRow[];
    return { rows: rows.map(toTrackView), total: rows[0] ? Number(rows[0].total) : 0 };
  }

  async getTrack(id: string, manager: EntityManager = this.dataSource.manager): Promise<MusicTrackAdminView> {
    const numeric = Number(id);
    if (!Number.isSafeInteger(numeric) || numeric <= 0) throw notFound();
    const [row] = (await manager.query(
      `SELECT m.*, d.* FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1`,
      [numeric],
    )) as TrackRow[];
    if (!row) throw notFound();
    return toTrackView(row);
  }

  async updateTrack(actor: AuthenticatedStaff, id: string, input: MusicTrackAdminUpdate): Promise<MusicTrackAdminView> {
    return this.dataSource.transaction(async (manager) => {
      const before = await this.getTrack(id, manager);
      await manager.getRepository(MusicDetailEntity).update({ materialId: before.id }, input);
      const after = await this.getTrack(id, manager);
      await this.audit.record(manager, actor, { action: 'update', resource: 'music-tracks', resourceId: before.id, before, after });
      return after;
    });
  }

  async listSheets(query: ListQuery<z.infer<typeof musicSheetFilterSchema>>): Promise<{ rows: MusicSheetAdminView[]; total: number }> {
    const qb = this.dataSource.getRepository(MusicSheetEntity).createQueryBuilder('s');
    if (query.filter.q) qb.andWhere('(s.nameZh ILIKE :q OR s.nameEn ILIKE :q)', { q: `%${query.filter.q}%` });
    if (query.filter.id) qb.andWhere('s.id IN (:...ids)', { ids: query.filter.id });
    qb.orderBy(`s.${query.sortField}`, query.sortOrder).addOrderBy('s.id', 'ASC').skip(query.skip).take(query.take);
    const [sheets, total] = await qb.getManyAndCount();
    return { rows: await Promise.all(sheets.map((s) => this.sheetView(s))), total };
  }

  async getSheet(id: string, manager: EntityManager = this.dataSource.manager): Promise<MusicSheetAdminView> {
    const numeric = Number(id);
    // Sheet ids are int4: anything else names no sheet (and must not reach the database).
    if (!Number.isInteger(numeric) || numeric <= 0 || numeric > 2_147_483_647) throw notFound();
    const sheet = await manager.getRepository(MusicSheetEntity).findOneBy({ id: numeric });
    if (!sheet) throw notFound();
    return this.sheetView(sheet, manager);
  }

  async createSheet(actor: AuthenticatedStaff, input: MusicSheetAdminCreate): Promise<MusicSheetAdminView> {
    return this.dataSource.transaction(async (manager) => {
      const { musicIds, ...fields } = input;
      const saved = await manager.getRepository(MusicSheetEntity).save(manager.getRepository(MusicSheetEntity).create(fields));
      await this.replaceItems(manager, saved.id, musicIds);
      const after = await this.getSheet(String(saved.id), manager);
      await this.audit.record(manager, actor, { action: 'create', resource: 'music-sheets', resourceId: saved.id, before: null, after });
      return after;
    });
  }

  async updateSheet(actor: AuthenticatedStaff, id: string, input: MusicSheetAdminUpdate): Promise<MusicSheetAdminView> {
    return this.dataSource.transaction(async (manager) => {
      const before = await this.getSheet(id, manager);
      const { musicIds, ...fields } = input;
      if (Object.keys(fields).length > 0) await manager.getRepository(MusicSheetEntity).update({ id: before.id }, fields);
      if (musicIds) await this.replaceItems(manager, before.id, musicIds);
      const after = await this.getSheet(id, manager);
      await this.audit.record(manager, actor, { action: 'update', resource: 'music-sheets', resourceId: before.id, before, after });
      return after;
    });
  }

  async deleteSheet(actor: AuthenticatedStaff, id: string): Promise<MusicSheetAdminView> {
    return this.dataSource.transaction(async (manager) => {
      const before = await this.getSheet(id, manager);
      await manager.getRepository(MusicSheetEntity).delete({ id: before.id });
      await this.audit.record(manager, actor, { action: 'delete', resource: 'music-sheets', resourceId: before.id, before, after: null });
      return before;
    });
  }

  async listSkus(query: ListQuery<z.infer<typeof musicSkuFilterSchema>>): Promise<{ rows: MusicSkuAdminView[]; total: number }> {
    const qb = this.dataSource.getRepository(MusicSkuEntity).createQueryBuilder('k');
    const f = query.filter;
    if (f.level) qb.andWhere('k.level = :level', { level: f.level });
    if (f.parentId) qb.andWhere('k.parentId = :parentId', { parentId: f.parentId });
    if (f.id) qb.andWhere('k.id IN (:...ids)', { ids: f.id });
    if (f.q) qb.andWhere('(k.id ILIKE :q OR k.nameZh ILIKE :q OR k.nameEn ILIKE :q)', { q: `%${f.q}%` });
    qb.orderBy(`k.${query.sortField}`, query.sortOrder).addOrderBy('k.id', 'ASC').skip(query.skip).take(query.take);
    const [rows, total] = await qb.getManyAndCount();
    return { rows: rows.map(toSkuView), total };
  }

  async getSku(id: string, manager: EntityManager = this.dataSource.manager): Promise<MusicSkuAdminView> {
    const row = await manager.getRepository(MusicSkuEntity).findOneBy({ id });
    if (!row) throw notFound();
    return toSkuView(row);
  }

  /** Names and sort of any node; a price only on a leaf (an area). */
  async updateSku(actor: AuthenticatedStaff, id: string, input: MusicSkuAdminUpdate): Promise<MusicSkuAdminView> {
    return this.dataSource.transaction(async (manager) => {
      const before = await this.getSku(id, manager);
      if (input.priceFen !== undefined && before.level !== 4) throw AppError.validation('priceFen: only an area (level 4) has a price');
      await manager.getRepository(MusicSkuEntity).update({ id }, input);
      const after = await this.getSku(id, manager);
      await this.audit.record(manager, actor, { action: 'update', resource: 'music-skus', resourceId: id, before, after });
      return after;
    });
  }

  private async replaceItems(manager: EntityManager, sheetId: number, musicIds: number[]): Promise<void> {
    const unique = [...new Set(musicIds)];
    if (unique.length > 0) {
      const found = (await manager.query(`SELECT id FROM catalogue.materials WHERE id = ANY($1::bigint[]) AND kind IN ('music', 'sfx')`, [unique])) as {
        id: string;
      }[];
      const known = new Set(found.map((r) => Number(r.id)));
      const missing = unique.filter((id) => !known.has(id));
      if (missing.length > 0) throw AppError.validation(`musicIds: not music or sound effects: ${missing.join(', ')}`);
    }
    await manager.getRepository(MusicSheetItemEntity).delete({ sheetId });
    if (unique.length > 0) {
      await manager.getRepository(MusicSheetItemEntity).insert(unique.map((materialId, sort) => ({ sheetId, materialId, sort })));
    }
  }

  private async sheetView(sheet: MusicSheetEntity, manager: EntityManager = this.dataSource.manager): Promise<MusicSheetAdminView> {
    const items = await manager.getRepository(MusicSheetItemEntity).find({ where: { sheetId: sheet.id }, order: { sort: 'ASC' } });
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

interface TrackRow extends MusicTrackColumns {
  status: string;
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
