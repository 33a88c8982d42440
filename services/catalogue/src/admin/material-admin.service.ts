import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  MATERIAL_KINDS,
  MATERIAL_SOURCES,
  MATERIAL_STATUSES,
  MaterialPublished,
  MaterialUnpublished,
  type MaterialAdminUpdate,
  type MaterialAdminView,
  bigserialId,
  serialId,
} from '@mkt/contracts';
import { AppError, Clock, escapeLike, OBJECT_STORAGE, OutboxWriter, parseObjectLocation, publicRenditionPath, StaffAuditWriter, type AuthenticatedStaff, type ListQuery, type ObjectStorage } from '@mkt/platform';
import { CategoryEntity } from '../entities/curation.entities.js';
import { MaterialEntity } from '../entities/material.entity.js';

/** How long a console preview link stays valid (a working session's worth). */
const STAFF_LINK_SECONDS = 4 * 3600;
import { withDerivedFiltersOf } from '../materials/material-filters.js';
import { MaterialWriter, cleanMaterialText } from '../materials/material-writer.service.js';
import { materialPublishedPayload } from '../materials/material-sale-snapshot.js';
import { CatalogueReadService } from '../store/catalogue-read.service.js';

export const materialFilterSchema = z
  .object({
    q: z.string().max(100),
    kind: z.enum(MATERIAL_KINDS),
    status: z.enum(MATERIAL_STATUSES),
    categoryId: serialId(),
    from: z.enum(MATERIAL_SOURCES),
    // Up to 500, as many as a topic holds: the topic editor fetches a topic's materials by id in one getMany.
    id: z.array(bigserialId()).max(500),
  })
  .partial();
export type MaterialFilter = z.infer<typeof materialFilterSchema>;
export const MATERIAL_SORTABLE = ['id', 'code', 'createdAt', 'updatedAt', 'onlineAt', 'salesCount', 'titleZh', 'titleEn', 'status'] as const;

/** Materials as staff see and edit them; every change audited, publication announced and re-indexed. */
@Injectable()
export class MaterialAdminService {
  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    private readonly audit: StaffAuditWriter,
    private readonly outbox: OutboxWriter,
    private readonly writer: MaterialWriter,
    private readonly clock: Clock,
    private readonly read: CatalogueReadService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /**
   * Staff see drafts and unpublished materials too, which the public media route refuses: their
   * previews come as signed links instead (the audit log keeps the stable public paths).
   */
  private async forStaff(material: MaterialEntity): Promise<MaterialAdminView> {
    const link = async (location: string | null) => {
      const ref = parseObjectLocation(location);
      return ref ? this.storage.signedGetUrl(ref.bucket, ref.key, STAFF_LINK_SECONDS) : null;
    };
    const [thumbnailUrl, previewUrl] = await Promise.all([link(material.thumbnailKey), link(material.preview480Key)]);
    return { ...toMaterialAdminView(material), thumbnailUrl, previewUrl };
  }

  async list(query: ListQuery<MaterialFilter>): Promise<{ rows: MaterialAdminView[]; total: number }> {
    const builder = this.dataSource.getRepository(MaterialEntity).createQueryBuilder('m');
    const { q, kind, status, categoryId, from, id } = query.filter;
    if (q) {
      const text = q.trim();
      builder.andWhere('(m.code ILIKE :q OR m.titleZh ILIKE :q OR m.titleEn ILIKE :q OR CAST(m.id AS text) = :exact)', {
        q: `%${escapeLike(text)}%`,
        exact: text,
      });
    }
    if (kind) builder.andWhere('m.kind = :kind', { kind });
    if (status) builder.andWhere('m.status = :status', { status });
    if (categoryId) builder.andWhere('m.categoryId = :categoryId', { categoryId });
    if (from) builder.andWhere('m.from = :from', { from });
    if (id) builder.andWhere('m.id IN (:...ids)', { ids: id.length ? id : [0] });
    const [rows, total] = await builder
      .orderBy(`m.${query.sortField}`, query.sortOrder, 'NULLS LAST')
      .addOrderBy('m.id', 'DESC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: await Promise.all(rows.map((row) => this.forStaff(row))), total };
  }

  async get(id: string): Promise<MaterialAdminView> {
    const material = await this.dataSource.getRepository(MaterialEntity).findOneBy({ id: idOf(id) });
    if (!material) throw AppError.notFound();
    return this.forStaff(material);
  }

  async update(actor: AuthenticatedStaff, id: string, input: MaterialAdminUpdate): Promise<MaterialAdminView> {
    const materialId = idOf(id);
    await this.dataSource.transaction(async (manager) => {
      const materials = manager.getRepository(MaterialEntity);
      const material = await materials.findOne({ where: { id: materialId }, lock: { mode: 'pessimistic_write' } });
      if (!material) throw AppError.notFound();
      const before = toMaterialAdminView(material);
      const changes: Partial<MaterialEntity> = cleanMaterialText({
        titleZh: input.titleZh,
        titleEn: input.titleEn,
        keywordsZh: input.keywordsZh,
        keywordsEn: input.keywordsEn,
        descriptionZh: input.descriptionZh,
        descriptionEn: input.descriptionEn,
      });
      if (input.categoryId !== undefined) {
        if (input.categoryId !== null) {
          const category = await manager.getRepository(CategoryEntity).findOneBy({ id: input.categoryId });
          if (!category) throw AppError.validation('categoryId: no such category');
          if (category.kind !== material.kind) throw AppError.validation(`categoryId: a ${category.kind} category cannot hold a ${material.kind}`);
        }
        changes.categoryId = input.categoryId;
      }
      if (input.from !== undefined) changes.from = input.from;
      if (input.filters !== undefined) changes.filters = withDerivedFiltersOf(material.filters, input.filters);
      if (input.status !== undefined) changes.status = input.status;
      const changed = (Object.keys(changes) as (keyof MaterialEntity)[]).filter(
        (key) => changes[key] !== undefined && JSON.stringify(changes[key]) !== JSON.stringify(material[key]),
      );
      if (changed.length === 0) return before;
      for (const key of changed) Object.assign(material, { [key]: changes[key] });
      const now = this.clock.now();
      material.updatedAt = now;
      const publishing = changed.includes('status') && material.status === 'published';
      const unpublishing = changed.includes('status') && before.status === 'published';
      if (publishing && !material.onlineAt) material.onlineAt = now;
      await materials.save(material);
      const view = toMaterialAdminView(material);
      const action = publishing ? 'publish' : unpublishing ? 'unpublish' : 'update';
      await this.audit.record(manager, actor, { action, resource: 'materials', resourceId: materialId, before, after: view });
      const event = { materialId, code: material.code, kind: material.kind };
      // A published material's new text reaches the services that keep its sale snapshot.
      if (material.status === 'published') await this.outbox.add(manager, MaterialPublished, String(materialId), materialPublishedPayload(material));
      if (unpublishing) await this.outbox.add(manager, MaterialUnpublished, String(materialId), event);
      await this.writer.reindex([materialId], manager);
      return view;
    });
    // Publication changes move the published-material counts of the cached store topics.
    if (input.status !== undefined) this.read.invalidateCuration();
    return this.get(String(materialId));
  }
}

export function toMaterialAdminView(m: MaterialEntity): MaterialAdminView {
  return {
    id: m.id,
    code: m.code,
    kind: m.kind,
    from: m.from,
    status: m.status,
    contributorId: m.contributorId,
    titleZh: m.titleZh,
    titleEn: m.titleEn,
    keywordsZh: m.keywordsZh,
    keywordsEn: m.keywordsEn,
    descriptionZh: m.descriptionZh,
    descriptionEn: m.descriptionEn,
    categoryId: m.categoryId,
    duration: m.duration,
    frameRate: m.frameRate,
    width: m.width,
    height: m.height,
    maxResolution: m.maxResolution,
    hdrFlag: m.hdrFlag,
    groupFlag: m.groupFlag,
    salesCount: m.salesCount,
    filters: m.filters,
    thumbnailUrl: publicRenditionPath(m.thumbnailKey),
    previewUrl: publicRenditionPath(m.preview480Key),
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    onlineAt: m.onlineAt?.toISOString() ?? null,
  };
}

/** Ids in paths are positive integers; anything else is simply not found. */
export function idOf(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (!(id > 0)) throw AppError.notFound();
  return id;
}
