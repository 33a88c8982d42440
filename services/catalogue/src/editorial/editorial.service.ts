import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  EDITORIAL_KINDS,
  ErrorCode,
  editorialEntryAdminCreateSchema,
  serialId,
  type EditorialDetailResponse,
  type EditorialEntryAdminCreate,
  type EditorialEntryAdminUpdate,
  type EditorialEntryAdminView,
  type EditorialKind,
  type EditorialListResponse,
  type EditorialSummary,
  type Language,
} from '@mkt/contracts';
import { AppError, publicRenditionPath, StaffAuditWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { idOf } from '../admin/material-admin.service.js';
import { CatalogueReadService } from '../store/catalogue-read.service.js';
import { EditorialEntriesRepository } from './editorial-entries.repository.js';
import { EditorialEntryEntity } from './editorial-entry.entity.js';

export const editorialFilterSchema = z
  .object({ q: z.string().max(100), kind: z.enum(EDITORIAL_KINDS), published: z.boolean(), id: z.array(serialId()).max(200) })
  .partial();
export const EDITORIAL_SORTABLE = ['id', 'sort', 'titleZh', 'titleEn', 'createdAt', 'updatedAt'] as const;
const SUMMARY_LENGTH = 120;

export const editorialNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'editorialNotFound');

/** Editorial pages: the store's reads (published only) and the console's writes (every one audited). */
@Injectable()
export class EditorialService {
  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    private readonly entries: EditorialEntriesRepository,
    private readonly read: CatalogueReadService,
    private readonly audit: StaffAuditWriter,
  ) {}

  // ---- store
  async list(kind: EditorialKind, pageNo: number, pageSize: number, language: Language): Promise<EditorialListResponse> {
    const { rows, total } = await this.entries.publishedPage(kind, (pageNo - 1) * pageSize, pageSize);
    return { list: rows.map((row) => toSummary(row, language)), total, pageNo, pageSize };
  }

  async detail(id: number, language: Language, userId: string | null): Promise<EditorialDetailResponse> {
    const row = await this.entries.findPublished(id);
    if (!row) throw editorialNotFound();
    const featuredId = row.featuredMaterialId;
    const [featured, related] = await Promise.all([
      featuredId ? this.read.cards([featuredId], language, userId) : Promise.resolve([]),
      this.read.cards(row.relatedMaterialIds, language, userId),
    ]);
    return {
      ...toSummary(row, language),
      paragraphs: paragraphsOf(localized(row.bodyZh, row.bodyEn, language)),
      featured: featured[0] ?? null,
      related,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  // ---- console
  async adminList(query: ListQuery<z.infer<typeof editorialFilterSchema>>): Promise<{ rows: EditorialEntryAdminView[]; total: number }> {
    const { rows, total } = await this.entries.list(query);
    return { rows: rows.map(toAdminView), total };
  }

  async adminGet(id: string): Promise<EditorialEntryAdminView> {
    const row = await this.entries.find(idOf(id));
    if (!row) throw AppError.notFound();
    return toAdminView(row);
  }

  async create(actor: AuthenticatedStaff, input: EditorialEntryAdminCreate): Promise<EditorialEntryAdminView> {
    const data = editorialEntryAdminCreateSchema.parse(input);
    const relatedMaterialIds = [...new Set(data.relatedMaterialIds)];
    return this.dataSource.transaction(async (manager) => {
      await this.checkMaterials(data.featuredMaterialId, relatedMaterialIds, manager);
      const repository = manager.getRepository(EditorialEntryEntity);
      const saved = await repository.save(repository.create({ ...data, relatedMaterialIds }));
      const after = toAdminView(saved);
      await this.audit.record(manager, actor, { action: 'create', resource: 'editorial-entries', resourceId: saved.id, before: null, after });
      return after;
    });
  }

  async update(actor: AuthenticatedStaff, id: string, input: EditorialEntryAdminUpdate): Promise<EditorialEntryAdminView> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.entries.find(idOf(id), manager);
      if (!row) throw AppError.notFound();
      const before = toAdminView(row);
      const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as EditorialEntryAdminUpdate;
      if (changes.relatedMaterialIds) changes.relatedMaterialIds = [...new Set(changes.relatedMaterialIds)];
      // Only what changes is checked: an entry whose material was unpublished later can still be edited.
      const featured = changes.featuredMaterialId !== undefined && changes.featuredMaterialId !== before.featuredMaterialId ? changes.featuredMaterialId : null;
      const added = (changes.relatedMaterialIds ?? []).filter((materialId) => !before.relatedMaterialIds.includes(materialId));
      await this.checkMaterials(featured, added, manager);
      Object.assign(row, changes, { updatedAt: new Date() });
      const after = toAdminView(await manager.getRepository(EditorialEntryEntity).save(row));
      const action = before.published !== after.published ? (after.published ? 'publish' : 'unpublish') : 'update';
      await this.audit.record(manager, actor, { action, resource: 'editorial-entries', resourceId: row.id, before, after });
      return after;
    });
  }

  async remove(actor: AuthenticatedStaff, id: string): Promise<EditorialEntryAdminView> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.entries.find(idOf(id), manager);
      if (!row) throw AppError.notFound();
      const before = toAdminView(row);
      await manager.getRepository(EditorialEntryEntity).delete({ id: row.id });
      await this.audit.record(manager, actor, { action: 'delete', resource: 'editorial-entries', resourceId: row.id, before, after: null });
      return before;
    });
  }

  /** The featured and related materials must be published videos or photos (422 otherwise, naming them). */
  private async checkMaterials(featured: number | null, related: number[], manager: Parameters<EditorialEntriesRepository['unavailableMaterials']>[1]) {
    if (featured !== null) {
      const missing = await this.entries.unavailableMaterials([featured], manager);
      if (missing.length) throw new AppError(ErrorCode.VALIDATION_FAILED, 'editorialMaterialsUnavailable', { field: 'featuredMaterialId', ids: missing.join(', ') });
    }
    const missing = await this.entries.unavailableMaterials(related, manager);
    if (missing.length) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'editorialMaterialsUnavailable', { field: 'relatedMaterialIds', ids: missing.slice(0, 10).join(', ') });
    }
  }
}

function localized(zh: string, en: string, language: Language): string {
  return language === 'en' ? en || zh : zh || en;
}

/** Plain paragraphs: split on blank lines, single line breaks inside a paragraph become spaces (Latin) or nothing (CJK). */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trim()).filter(Boolean).join(' ').trim())
    .filter(Boolean);
}

function summaryOf(body: string): string {
  const first = paragraphsOf(body)[0] ?? '';
  return first.length > SUMMARY_LENGTH ? `${first.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…` : first;
}

function toSummary(row: EditorialEntryEntity, language: Language): EditorialSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: localized(row.titleZh, row.titleEn, language),
    summary: summaryOf(localized(row.bodyZh, row.bodyEn, language)),
    cover: publicRenditionPath(row.coverKey) ?? '',
    brand: localized(row.brandZh, row.brandEn, language),
  };
}

function toAdminView(row: EditorialEntryEntity): EditorialEntryAdminView {
  return {
    id: row.id,
    kind: row.kind,
    titleZh: row.titleZh,
    titleEn: row.titleEn,
    bodyZh: row.bodyZh,
    bodyEn: row.bodyEn,
    coverKey: row.coverKey,
    coverUrl: publicRenditionPath(row.coverKey),
    brandZh: row.brandZh,
    brandEn: row.brandEn,
    featuredMaterialId: row.featuredMaterialId,
    relatedMaterialIds: row.relatedMaterialIds,
    published: row.published,
    sort: row.sort,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
