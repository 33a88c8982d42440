import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery } from '@mkt/platform';
import { MusicSheetEntity, MusicSheetItemEntity } from './music.entities.js';
import { PUBLISHED } from './music.repository.js';

/** A sheet as the store reads it, with the number of its published tracks. */
export interface SheetRow {
  id: number;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  cover_key: string | null;
  music_count: number;
  total?: string;
}

export interface MusicSheetFilter {
  q?: string;
  id?: number[];
}

export type MusicSheetFields = Partial<Pick<MusicSheetEntity, 'nameZh' | 'nameEn' | 'descriptionZh' | 'descriptionEn' | 'coverKey' | 'sort' | 'published'>>;

/** Queries of music sheets (playlists) and their items; writers take the manager of the caller's transaction. */
@Injectable()
export class MusicSheetsRepository {
  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  /** Published sheets in their curated order. */
  async published(pageNo: number, pageSize: number): Promise<{ rows: SheetRow[]; total: number }> {
    const rows = (await this.dataSource.query(
      `SELECT s.*, (SELECT count(*) FROM catalogue.music_sheet_items i JOIN catalogue.materials m ON m.id = i.material_id
                    WHERE i.sheet_id = s.id AND ${PUBLISHED})::int AS music_count, count(*) OVER () AS total
       FROM catalogue.music_sheets s WHERE s.published ORDER BY s.sort ASC, s.id ASC LIMIT $1 OFFSET $2`,
      [pageSize, (pageNo - 1) * pageSize],
    )) as SheetRow[];
    return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
  }

  async publishedById(sheetId: number): Promise<SheetRow | null> {
    const [sheet] = (await this.dataSource.query(
      `SELECT s.*, (SELECT count(*) FROM catalogue.music_sheet_items i JOIN catalogue.materials m ON m.id = i.material_id
                    WHERE i.sheet_id = s.id AND ${PUBLISHED})::int AS music_count
       FROM catalogue.music_sheets s WHERE s.id = $1 AND s.published`,
      [sheetId],
    )) as SheetRow[];
    return sheet ?? null;
  }

  /** The console's list: published or not. */
  async list(query: ListQuery<MusicSheetFilter>): Promise<{ rows: MusicSheetEntity[]; total: number }> {
    const qb = this.dataSource.getRepository(MusicSheetEntity).createQueryBuilder('s');
    if (query.filter.q) qb.andWhere('(s.nameZh ILIKE :q OR s.nameEn ILIKE :q)', { q: `%${query.filter.q}%` });
    if (query.filter.id) qb.andWhere('s.id IN (:...ids)', { ids: query.filter.id });
    qb.orderBy(`s.${query.sortField}`, query.sortOrder).addOrderBy('s.id', 'ASC').skip(query.skip).take(query.take);
    const [rows, total] = await qb.getManyAndCount();
    return { rows, total };
  }

  async byId(id: number, manager?: EntityManager): Promise<MusicSheetEntity | null> {
    return this.m(manager).getRepository(MusicSheetEntity).findOneBy({ id });
  }

  async create(manager: EntityManager, fields: MusicSheetFields): Promise<MusicSheetEntity> {
    return manager.getRepository(MusicSheetEntity).save(manager.getRepository(MusicSheetEntity).create(fields));
  }

  async update(manager: EntityManager, id: number, fields: MusicSheetFields): Promise<void> {
    await manager.getRepository(MusicSheetEntity).update({ id }, fields);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(MusicSheetEntity).delete({ id });
  }

  /** The sheet's tracks become `materialIds`, in that order. */
  async replaceItems(manager: EntityManager, sheetId: number, materialIds: number[]): Promise<void> {
    await manager.getRepository(MusicSheetItemEntity).delete({ sheetId });
    if (materialIds.length > 0) {
      await manager.getRepository(MusicSheetItemEntity).insert(materialIds.map((materialId, sort) => ({ sheetId, materialId, sort })));
    }
  }

  async items(sheetId: number, manager?: EntityManager): Promise<MusicSheetItemEntity[]> {
    return this.m(manager).getRepository(MusicSheetItemEntity).find({ where: { sheetId }, order: { sort: 'ASC' } });
  }
}
