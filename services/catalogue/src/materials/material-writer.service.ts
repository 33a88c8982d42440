import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { MaterialPublished, type MaterialFilters, type MaterialKind, type MaterialSource, type MaterialStatus } from '@mkt/contracts';
import { OutboxWriter, afterCommit } from '@mkt/platform';
import { MaterialEntity } from '../entities/material.entity.js';
import { MaterialIndexRequested } from '../search/material-index.events.js';
import { MATERIAL_SEARCH_INDEX, type MaterialSearchDocument, type MaterialSearchIndex } from '../search/material-search.port.js';
import { MaterialReadCache } from '../store/material-read-cache.js';
import { cleanTags, cleanText, toSimplified } from '../text/text-helpers.js';
import { materialCode } from './material-code.js';
import { normalizeFilters } from './material-filters.js';
import { materialPublishedPayload } from './material-sale-snapshot.js';

/** What creating a material needs; text is cleaned on the way in (spec section 5). */
export interface NewMaterial {
  kind: MaterialKind;
  from?: MaterialSource;
  status?: MaterialStatus;
  contributorId?: string | null;
  titleZh: string;
  titleEn: string;
  keywordsZh?: string[];
  keywordsEn?: string[];
  descriptionZh?: string;
  descriptionEn?: string;
  categoryId?: number | null;
  duration?: number | null;
  frameRate?: number | null;
  speed?: string | null;
  footageType?: string | null;
  colorSpace?: string | null;
  colorTransfer?: string | null;
  width?: number;
  height?: number;
  originalFps?: number | null;
  maxResolution?: string;
  hdrFlag?: boolean;
  groupFlag?: boolean;
  modelRelease?: boolean;
  propertyRelease?: boolean;
  editorialOnly?: boolean;
  themeColor?: string | null;
  salesCount?: number;
  filters?: MaterialFilters;
  originalKey?: string | null;
  preview480Key?: string | null;
  thumbnailKey?: string | null;
  sampleKey?: string | null;
  previewStripKey?: string | null;
  onlineAt?: Date | null;
  createdAt?: Date;
}

/** Materials indexed per statement (and per indexing request), so a large batch never builds one huge query. */
const INDEX_CHUNK = 1000;

/** The bilingual text of a material, cleaned as stored. */
export function cleanMaterialText<T extends Partial<Pick<NewMaterial, 'titleZh' | 'titleEn' | 'keywordsZh' | 'keywordsEn' | 'descriptionZh' | 'descriptionEn'>>>(input: T): T {
  const out = { ...input };
  if (out.titleZh !== undefined) out.titleZh = cleanText(out.titleZh);
  if (out.titleEn !== undefined) out.titleEn = cleanText(out.titleEn);
  if (out.keywordsZh !== undefined) out.keywordsZh = cleanTags(out.keywordsZh);
  if (out.keywordsEn !== undefined) out.keywordsEn = cleanTags(out.keywordsEn);
  if (out.descriptionZh !== undefined) out.descriptionZh = toSimplified(out.descriptionZh.normalize('NFKC')).trim();
  if (out.descriptionEn !== undefined) out.descriptionEn = out.descriptionEn.normalize('NFKC').trim();
  return out;
}

/**
 * Writes materials and keeps the search index in step with them: in the same transaction as the
 * change when the index lives in the database, through the outbox when it does not.
 */
@Injectable()
export class MaterialWriter {
  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    @Inject(MATERIAL_SEARCH_INDEX) private readonly index: MaterialSearchIndex,
    private readonly outbox: OutboxWriter,
    private readonly readCache: MaterialReadCache,
  ) {}

  /**
   * Inserts (ids drawn first so each copy number is known up front), announces the ones created
   * on sale (material.published) and indexes them, all in `manager`'s transaction (an event
   * handler's) or in a transaction of its own.
   */
  createMany(inputs: NewMaterial[], manager?: EntityManager): Promise<MaterialEntity[]> {
    if (inputs.length === 0) return Promise.resolve([]);
    return this.inTransaction(manager, async (tx) => {
      const ids: { id: string }[] = await tx.query(
        `SELECT nextval(pg_get_serial_sequence('catalogue.materials', 'id')) AS id FROM generate_series(1, $1)`,
        [inputs.length],
      );
      const now = new Date();
      const rows = inputs.map((input, i) => {
        const id = Number(ids[i]!.id);
        const text = cleanMaterialText({
          titleZh: input.titleZh,
          titleEn: input.titleEn,
          keywordsZh: input.keywordsZh ?? [],
          keywordsEn: input.keywordsEn ?? [],
          descriptionZh: input.descriptionZh ?? '',
          descriptionEn: input.descriptionEn ?? '',
        });
        const status = input.status ?? 'draft';
        return tx.getRepository(MaterialEntity).create({
          ...input,
          ...text,
          id,
          code: materialCode(input.kind, id),
          from: input.from ?? 'own',
          status,
          filters: normalizeFilters(input.filters ?? {}),
          createdAt: input.createdAt ?? now,
          updatedAt: input.createdAt ?? now,
          onlineAt: input.onlineAt ?? (status === 'published' ? now : null),
        });
      });
      for (let start = 0; start < rows.length; start += 500) {
        await tx.createQueryBuilder().insert().into(MaterialEntity).values(rows.slice(start, start + 500)).execute();
      }
      for (const row of rows) {
        if (row.status === 'published') await this.outbox.add(tx, MaterialPublished, String(row.id), materialPublishedPayload(row));
      }
      await this.reindex(rows.map((row) => row.id), tx);
      return rows;
    });
  }

  /**
   * Brings the search index in step with the materials' current rows (and topics), in `manager`'s
   * transaction or one of its own; cached cards and details of them are forgotten once it commits.
   */
  reindex(ids: number[], manager?: EntityManager): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    return this.inTransaction(manager, async (tx) => {
      afterCommit(tx, () => this.readCache.invalidate(ids));
      for (let start = 0; start < ids.length; start += INDEX_CHUNK) {
        const chunk = ids.slice(start, start + INDEX_CHUNK);
        if (this.index.placement === 'database') await this.indexNow(chunk, tx);
        else await this.outbox.add(tx, MaterialIndexRequested, String(chunk[0]), { materialIds: chunk });
      }
    });
  }

  /** Reads the materials and hands them to the engine straight away (the outbox's handler, or the in-database index). */
  async indexNow(ids: number[], manager: EntityManager): Promise<void> {
    const rows = await manager.getRepository(MaterialEntity).createQueryBuilder('m').where('m.id IN (:...ids)', { ids }).getMany();
    const topics: { material_id: string; topic_ids: number[] }[] = await manager.query(
      `SELECT material_id, array_agg(topic_id) AS topic_ids FROM catalogue.topic_materials WHERE material_id = ANY($1::bigint[]) GROUP BY material_id`,
      [ids],
    );
    const topicsOf = new Map(topics.map((t) => [Number(t.material_id), t.topic_ids]));
    await this.index.upsert(rows.map((row) => toSearchDocument(row, topicsOf.get(row.id) ?? [])), manager);
  }

  private inTransaction<T>(manager: EntityManager | undefined, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return manager?.queryRunner?.isTransactionActive ? work(manager) : this.dataSource.transaction(work);
  }
}

export function toSearchDocument(row: MaterialEntity, topicIds: number[]): MaterialSearchDocument {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    from: row.from,
    published: row.status === 'published',
    categoryId: row.categoryId,
    topicIds,
    titleZh: row.titleZh,
    titleEn: row.titleEn,
    keywordsZh: row.keywordsZh,
    keywordsEn: row.keywordsEn,
    filters: row.filters,
    salesCount: row.salesCount,
    onlineAt: row.onlineAt,
  };
}
