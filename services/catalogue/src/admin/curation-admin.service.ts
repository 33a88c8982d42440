import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type {
  CategoryAdminCreate,
  CategoryAdminUpdate,
  CategoryAdminView,
  HotWordAdminCreate,
  HotWordAdminUpdate,
  HotWordAdminView,
  TopicAdminCreate,
  TopicAdminUpdate,
  TopicAdminView,
} from '@mkt/contracts';
import { categoryAdminCreateSchema, hotWordAdminCreateSchema, topicAdminCreateSchema, serialId } from '@mkt/contracts';
import { AppError, escapeLike, publicRenditionPath, StaffAuditWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { CategoryEntity, HotWordEntity, TopicEntity, TopicMaterialEntity } from '../entities/curation.entities.js';
import { MaterialEntity } from '../entities/material.entity.js';
import { MaterialWriter } from '../materials/material-writer.service.js';
import { CatalogueReadService } from '../store/catalogue-read.service.js';
import { cleanText } from '../text/text-helpers.js';
import { idOf } from './material-admin.service.js';

export const categoryFilterSchema = z.object({ q: z.string().max(100), kind: z.enum(['video', 'photo']), id: z.array(serialId()).max(200) }).partial();
export const CATEGORY_SORTABLE = ['id', 'sort', 'nameZh', 'nameEn', 'kind'] as const;
export const topicFilterSchema = z.object({ q: z.string().max(100), published: z.boolean(), id: z.array(serialId()).max(200) }).partial();
export const TOPIC_SORTABLE = ['id', 'sort', 'titleZh', 'titleEn', 'createdAt'] as const;
export const hotWordFilterSchema = z.object({ q: z.string().max(100), id: z.array(serialId()).max(200) }).partial();
export const HOT_WORD_SORTABLE = ['id', 'sort', 'wordZh', 'wordEn'] as const;

type Filter = { q?: string; id?: number[]; kind?: string; published?: boolean };

/** Categories, topics and hot words: the sales team's curation of the store; every write audited. */
@Injectable()
export class CurationAdminService {
  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    private readonly audit: StaffAuditWriter,
    private readonly writer: MaterialWriter,
    private readonly read: CatalogueReadService,
  ) {}

  // ---- categories
  listCategories(query: ListQuery<z.infer<typeof categoryFilterSchema>>) {
    return this.list(CategoryEntity, query, ['nameZh', 'nameEn'], toCategoryView);
  }
  async getCategory(id: string): Promise<CategoryAdminView> {
    return toCategoryView(await this.find(CategoryEntity, id));
  }
  createCategory(actor: AuthenticatedStaff, input: CategoryAdminCreate): Promise<CategoryAdminView> {
    return this.curationChanged(async () => {
      const data = categoryAdminCreateSchema.parse(input);
      return this.dataSource.transaction(async (manager) => {
        const saved = await manager.getRepository(CategoryEntity).save(manager.getRepository(CategoryEntity).create({ ...data, nameZh: cleanText(data.nameZh), nameEn: cleanText(data.nameEn) }));
        const after = toCategoryView(saved);
        await this.audit.record(manager, actor, { action: 'create', resource: 'categories', resourceId: saved.id, before: null, after });
        return after;
      });
    });
  }
  updateCategory(actor: AuthenticatedStaff, id: string, input: CategoryAdminUpdate): Promise<CategoryAdminView> {
    return this.curationChanged(async () => {
      return this.dataSource.transaction(async (manager) => {
        const repository = manager.getRepository(CategoryEntity);
        const row = await this.find(CategoryEntity, id, manager);
        const before = toCategoryView(row);
        if (input.kind && input.kind !== row.kind) {
          const used = await manager.getRepository(MaterialEntity).countBy({ categoryId: row.id });
          if (used > 0) throw AppError.validation('kind: the category already holds materials of its kind');
        }
        Object.assign(row, defined({ ...input, nameZh: input.nameZh && cleanText(input.nameZh), nameEn: input.nameEn && cleanText(input.nameEn) }));
        const after = toCategoryView(await repository.save(row));
        await this.audit.record(manager, actor, { action: 'update', resource: 'categories', resourceId: row.id, before, after });
        return after;
      });
    });
  }
  deleteCategory(actor: AuthenticatedStaff, id: string): Promise<CategoryAdminView> {
    // The materials' category_id becomes NULL with the row (ON DELETE SET NULL): the search index follows in the same transaction.
    return this.curationChanged(() =>
      this.remove(actor, CategoryEntity, 'categories', id, toCategoryView, async (manager, row) => {
        const members = await manager.getRepository(MaterialEntity).find({ select: { id: true }, where: { categoryId: row.id } });
        return () => this.writer.reindex(members.map((m) => m.id), manager);
      }),
    );
  }

  // ---- topics
  async listTopics(query: ListQuery<z.infer<typeof topicFilterSchema>>) {
    const { rows, total } = await this.list(TopicEntity, query, ['titleZh', 'titleEn'], (t) => t);
    return { rows: await this.topicViews(rows), total };
  }
  async getTopic(id: string): Promise<TopicAdminView> {
    const [view] = await this.topicViews([await this.find(TopicEntity, id)]);
    return view!;
  }
  createTopic(actor: AuthenticatedStaff, input: TopicAdminCreate): Promise<TopicAdminView> {
    return this.curationChanged(async () => {
      const { materialIds, ...data } = topicAdminCreateSchema.parse(input);
      return this.dataSource.transaction(async (manager) => {
        const saved = await manager.getRepository(TopicEntity).save(manager.getRepository(TopicEntity).create({ ...data, titleZh: cleanText(data.titleZh), titleEn: cleanText(data.titleEn) }));
        await this.setTopicMaterials(manager, saved.id, materialIds);
        const [after] = await this.topicViews([saved], manager);
        await this.audit.record(manager, actor, { action: 'create', resource: 'topics', resourceId: saved.id, before: null, after });
        await this.writer.reindex(materialIds, manager);
        return after!;
      });
    });
  }
  updateTopic(actor: AuthenticatedStaff, id: string, input: TopicAdminUpdate): Promise<TopicAdminView> {
    return this.curationChanged(async () => {
      return this.dataSource.transaction(async (manager) => {
        const row = await this.find(TopicEntity, id, manager);
        const [before] = await this.topicViews([row], manager);
        const { materialIds, ...rest } = input;
        Object.assign(row, defined({ ...rest, titleZh: rest.titleZh && cleanText(rest.titleZh), titleEn: rest.titleEn && cleanText(rest.titleEn) }));
        await manager.getRepository(TopicEntity).save(row);
        if (materialIds) await this.setTopicMaterials(manager, row.id, materialIds);
        const [after] = await this.topicViews([row], manager);
        await this.audit.record(manager, actor, { action: 'update', resource: 'topics', resourceId: row.id, before, after });
        if (materialIds) await this.writer.reindex([...new Set([...before!.materialIds, ...materialIds])], manager);
        return after!;
      });
    });
  }
  deleteTopic(actor: AuthenticatedStaff, id: string): Promise<TopicAdminView> {
    return this.curationChanged(async () => {
      const [view] = await this.topicViews([await this.find(TopicEntity, id)]);
      await this.dataSource.transaction(async (manager) => {
        await manager.getRepository(TopicEntity).delete({ id: view!.id });
        await this.audit.record(manager, actor, { action: 'delete', resource: 'topics', resourceId: view!.id, before: view, after: null });
        await this.writer.reindex(view!.materialIds, manager);
      });
      return view!;
    });
  }

  // ---- hot words
  listHotWords(query: ListQuery<z.infer<typeof hotWordFilterSchema>>) {
    return this.list(HotWordEntity, query, ['wordZh', 'wordEn'], toHotWordView);
  }
  async getHotWord(id: string): Promise<HotWordAdminView> {
    return toHotWordView(await this.find(HotWordEntity, id));
  }
  createHotWord(actor: AuthenticatedStaff, input: HotWordAdminCreate): Promise<HotWordAdminView> {
    return this.curationChanged(async () => {
      const data = hotWordAdminCreateSchema.parse(input);
      return this.dataSource.transaction(async (manager) => {
        const saved = await manager.getRepository(HotWordEntity).save(manager.getRepository(HotWordEntity).create({ ...data, wordZh: cleanText(data.wordZh), wordEn: cleanText(data.wordEn) }));
        const after = toHotWordView(saved);
        await this.audit.record(manager, actor, { action: 'create', resource: 'hot-words', resourceId: saved.id, before: null, after });
        return after;
      });
    });
  }
  updateHotWord(actor: AuthenticatedStaff, id: string, input: HotWordAdminUpdate): Promise<HotWordAdminView> {
    return this.curationChanged(async () => {
      return this.dataSource.transaction(async (manager) => {
        const row = await this.find(HotWordEntity, id, manager);
        const before = toHotWordView(row);
        Object.assign(row, defined({ ...input, wordZh: input.wordZh && cleanText(input.wordZh), wordEn: input.wordEn && cleanText(input.wordEn) }));
        const after = toHotWordView(await manager.getRepository(HotWordEntity).save(row));
        await this.audit.record(manager, actor, { action: 'update', resource: 'hot-words', resourceId: row.id, before, after });
        return after;
      });
    });
  }
  deleteHotWord(actor: AuthenticatedStaff, id: string): Promise<HotWordAdminView> {
    return this.curationChanged(() => this.remove(actor, HotWordEntity, 'hot-words', id, toHotWordView));
  }

  // ---- shared
  /** Runs a write, then drops the store's cached topics, categories and hot words (even after a failure: it is cheap). */
  private async curationChanged<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.read.invalidateCuration();
    }
  }

  private async list<E extends { id: number }, V>(
    entity: new () => E,
    query: ListQuery<Filter>,
    textColumns: string[],
    view: (row: E) => V,
  ): Promise<{ rows: V[]; total: number }> {
    const builder = this.dataSource.getRepository(entity).createQueryBuilder('r');
    const { q, id, kind, published } = query.filter;
    if (q) builder.andWhere(`(${textColumns.map((c) => `r.${c} ILIKE :q`).join(' OR ')})`, { q: `%${escapeLike(q.trim())}%` });
    if (kind) builder.andWhere('r.kind = :kind', { kind });
    if (published !== undefined) builder.andWhere('r.published = :published', { published });
    if (id) builder.andWhere('r.id IN (:...ids)', { ids: id.length ? id : [0] });
    builder.orderBy(`r.${query.sortField}`, query.sortOrder);
    // A tie-break keeps pages stable; sorting by id itself needs none (and must keep its direction).
    if (query.sortField !== 'id') builder.addOrderBy('r.id', 'ASC');
    const [rows, total] = await builder.skip(query.skip).take(query.take).getManyAndCount();
    return { rows: rows.map(view), total };
  }

  private async find<E extends { id: number }>(entity: new () => E, id: string, manager: EntityManager = this.dataSource.manager): Promise<E> {
    const row = await manager.getRepository(entity).findOne({ where: { id: idOf(id) } as never });
    if (!row) throw AppError.notFound();
    return row;
  }

  /** `beforeDelete` may return work to run once the row is gone, in the same transaction. */
  private async remove<E extends { id: number }, V>(
    actor: AuthenticatedStaff,
    entity: new () => E,
    resource: string,
    id: string,
    view: (row: E) => V,
    beforeDelete?: (manager: EntityManager, row: E) => Promise<() => Promise<void>>,
  ): Promise<V> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.find(entity, id, manager);
      const before = view(row);
      const afterDelete = await beforeDelete?.(manager, row);
      await manager.getRepository(entity).delete(row.id);
      await afterDelete?.();
      await this.audit.record(manager, actor, { action: 'delete', resource, resourceId: row.id, before, after: null });
      return before;
    });
  }

  private async setTopicMaterials(manager: EntityManager, topicId: number, materialIds: number[]): Promise<void> {
    const unique = [...new Set(materialIds)];
    if (unique.length > 0) {
      const found = await manager.getRepository(MaterialEntity).createQueryBuilder('m').select('m.id').where('m.id IN (:...ids)', { ids: unique }).getMany();
      const known = new Set(found.map((m) => m.id));
      const missing = unique.filter((id) => !known.has(id));
      if (missing.length) throw AppError.validation(`materialIds: unknown materials ${missing.slice(0, 10).join(', ')}`);
    }
    await manager.getRepository(TopicMaterialEntity).delete({ topicId });
    if (unique.length > 0) await manager.getRepository(TopicMaterialEntity).insert(unique.map((materialId, sort) => ({ topicId, materialId, sort })));
  }

  private async topicViews(rows: TopicEntity[], manager: EntityManager = this.dataSource.manager): Promise<TopicAdminView[]> {
    if (rows.length === 0) return [];
    const links = await manager.getRepository(TopicMaterialEntity).createQueryBuilder('tm').where('tm.topicId IN (:...ids)', { ids: rows.map((r) => r.id) }).orderBy('tm.sort').addOrderBy('tm.materialId').getMany();
    return rows.map((t) => ({
      id: t.id,
      titleZh: t.titleZh,
      titleEn: t.titleEn,
      descriptionZh: t.descriptionZh,
      descriptionEn: t.descriptionEn,
      homeCoverKey: t.homeCoverKey,
      homeCoverUrl: publicRenditionPath(t.homeCoverKey),
      sort: t.sort,
      published: t.published,
      materialIds: links.filter((l) => l.topicId === t.id).map((l) => l.materialId),
    }));
  }
}

function toCategoryView(c: CategoryEntity): CategoryAdminView {
  return { id: c.id, kind: c.kind, nameZh: c.nameZh, nameEn: c.nameEn, coverKey: c.coverKey, coverUrl: publicRenditionPath(c.coverKey), sort: c.sort };
}

function toHotWordView(h: HotWordEntity): HotWordAdminView {
  return { id: h.id, wordZh: h.wordZh, wordEn: h.wordEn, sort: h.sort };
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
