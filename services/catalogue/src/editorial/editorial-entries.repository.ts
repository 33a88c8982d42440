import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { EditorialKind } from '@mkt/contracts';
import { escapeLike, type ListQuery } from '@mkt/platform';
import { EditorialEntryEntity } from './editorial-entry.entity.js';

export interface EditorialFilter {
  q?: string;
  id?: number[];
  kind?: EditorialKind;
  published?: boolean;
}

/** Reads and writes of catalogue.editorial_entries. */
@Injectable()
export class EditorialEntriesRepository {
  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  /** Published entries of a kind in the store's order (sort, then id), one page, with the total. */
  async publishedPage(kind: EditorialKind, skip: number, take: number): Promise<{ rows: EditorialEntryEntity[]; total: number }> {
    const [rows, total] = await this.dataSource
      .getRepository(EditorialEntryEntity)
      .findAndCount({ where: { kind, published: true }, order: { sort: 'ASC', id: 'ASC' }, skip, take });
    return { rows, total };
  }

  findPublished(id: number): Promise<EditorialEntryEntity | null> {
    return this.dataSource.getRepository(EditorialEntryEntity).findOneBy({ id, published: true });
  }

  find(id: number, manager: EntityManager = this.dataSource.manager): Promise<EditorialEntryEntity | null> {
    return manager.getRepository(EditorialEntryEntity).findOneBy({ id });
  }

  async list(query: ListQuery<EditorialFilter>): Promise<{ rows: EditorialEntryEntity[]; total: number }> {
    const builder = this.dataSource.getRepository(EditorialEntryEntity).createQueryBuilder('e');
    const { q, id, kind, published } = query.filter;
    if (q) builder.andWhere('(e.titleZh ILIKE :q OR e.titleEn ILIKE :q OR e.brandZh ILIKE :q OR e.brandEn ILIKE :q)', { q: `%${escapeLike(q.trim())}%` });
    if (kind) builder.andWhere('e.kind = :kind', { kind });
    if (published !== undefined) builder.andWhere('e.published = :published', { published });
    if (id) builder.andWhere('e.id IN (:...ids)', { ids: id.length ? id : [0] });
    builder.orderBy(`e.${query.sortField}`, query.sortOrder);
    // A tie-break on id (the same key twice would replace the chosen order).
    if (query.sortField !== 'id') builder.addOrderBy('e.id', 'ASC');
    const [rows, total] = await builder.skip(query.skip).take(query.take).getManyAndCount();
    return { rows, total };
  }

  count(): Promise<number> {
    return this.dataSource.getRepository(EditorialEntryEntity).count();
  }

  /** Of `ids`, those that are not published videos or photos (missing, other kinds, not published). */
  async unavailableMaterials(ids: number[], manager: EntityManager = this.dataSource.manager): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows: { id: string }[] = await manager.query(
      `SELECT m.id FROM catalogue.materials m WHERE m.id = ANY($1::bigint[]) AND m.status = 'published' AND m.kind IN ('video', 'photo')`,
      [ids],
    );
    const available = new Set(rows.map((r) => Number(r.id)));
    return ids.filter((id) => !available.has(id));
  }
}
