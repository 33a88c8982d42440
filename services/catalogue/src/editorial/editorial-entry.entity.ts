import type { EditorialKind } from '@mkt/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numberColumn } from '../entities/column-transformers.js';

/**
 * An editorial page of the store: original content (/OriginList) or a brand case (/CaseList,
 * /ContentList), opened at /Case?id=. Body text is plain paragraphs separated by blank lines.
 */
@Entity({ name: 'editorial_entries' })
export class EditorialEntryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 16 })
  kind: EditorialKind;

  @Column({ name: 'title_zh', type: 'varchar', length: 120 })
  titleZh: string;

  @Column({ name: 'title_en', type: 'varchar', length: 120 })
  titleEn: string;

  @Column({ name: 'body_zh', type: 'text', default: '' })
  bodyZh: string;

  @Column({ name: 'body_en', type: 'text', default: '' })
  bodyEn: string;

  /** "<bucket>/<key>" of a public rendition, like topics' home cover. */
  @Column({ name: 'cover_key', type: 'varchar', length: 400, nullable: true })
  coverKey: string | null;

  @Column({ name: 'brand_zh', type: 'varchar', length: 60, default: '' })
  brandZh: string;

  @Column({ name: 'brand_en', type: 'varchar', length: 60, default: '' })
  brandEn: string;

  @Column({ name: 'featured_material_id', type: 'bigint', nullable: true, transformer: numberColumn })
  featuredMaterialId: number | null;

  /** Display order; at most 24. */
  @Column({ name: 'related_material_ids', type: 'bigint', array: true, default: () => "'{}'", transformer: { to: (v: number[]) => v, from: (v: string[] | null) => (v ?? []).map(Number) } })
  relatedMaterialIds: number[];

  @Column({ type: 'boolean', default: false })
  published: boolean;

  @Column({ type: 'int', default: 0 })
  sort: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
