import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MaterialFilters, MaterialKind, MaterialSource, MaterialStatus } from '@mkt/contracts';
import { numberColumn } from './column-transformers.js';

/**
 * A video, photo, music track or sound effect on sale (spec section 3 "Video", "Image",
 * "Material (from copy)"). Media keys are "<bucket>/<key>" locations in object storage.
 * The search columns are not mapped: the search index adapter maintains them.
 */
@Entity({ name: 'materials' })
export class MaterialEntity {
  /** bigserial in the table; writers draw ids with nextval first so the copy number is known on insert. */
  @PrimaryColumn({ type: 'bigint', transformer: numberColumn })
  id: number;

  @Column({ type: 'varchar', length: 20, unique: true })
  code: string;

  @Column({ type: 'varchar', length: 8 })
  kind: MaterialKind;

  @Column({ type: 'varchar', length: 10, default: 'own' })
  from: MaterialSource;

  @Column({ type: 'varchar', length: 12, default: 'draft' })
  status: MaterialStatus;

  @Column({ name: 'contributor_id', type: 'uuid', nullable: true })
  contributorId: string | null;

  @Column({ name: 'title_zh', type: 'varchar', length: 200, default: '' })
  titleZh: string;

  @Column({ name: 'title_en', type: 'varchar', length: 200, default: '' })
  titleEn: string;

  @Column({ name: 'keywords_zh', type: 'text', array: true, default: () => `'{}'` })
  keywordsZh: string[];

  @Column({ name: 'keywords_en', type: 'text', array: true, default: () => `'{}'` })
  keywordsEn: string[];

  @Column({ name: 'description_zh', type: 'text', default: '' })
  descriptionZh: string;

  @Column({ name: 'description_en', type: 'text', default: '' })
  descriptionEn: string;

  @Column({ name: 'category_id', type: 'int', nullable: true })
  categoryId: number | null;

  @Column({ type: 'numeric', precision: 10, scale: 3, nullable: true, transformer: numberColumn })
  duration: number | null;

  @Column({ name: 'frame_rate', type: 'numeric', precision: 7, scale: 3, nullable: true, transformer: numberColumn })
  frameRate: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  speed: string | null;

  @Column({ name: 'footage_type', type: 'varchar', length: 40, nullable: true })
  footageType: string | null;

  @Column({ name: 'color_space', type: 'varchar', length: 40, nullable: true })
  colorSpace: string | null;

  @Column({ name: 'color_transfer', type: 'varchar', length: 40, nullable: true })
  colorTransfer: string | null;

  @Column({ type: 'int', default: 0 })
  width: number;

  @Column({ type: 'int', default: 0 })
  height: number;

  @Column({ name: 'original_fps', type: 'numeric', precision: 7, scale: 3, nullable: true, transformer: numberColumn })
  originalFps: number | null;

  @Column({ name: 'max_resolution', type: 'varchar', length: 20, default: '' })
  maxResolution: string;

  @Column({ name: 'hdr_flag', type: 'boolean', default: false })
  hdrFlag: boolean;

  @Column({ name: 'group_flag', type: 'boolean', default: false })
  groupFlag: boolean;

  @Column({ name: 'model_release', type: 'boolean', default: false })
  modelRelease: boolean;

  @Column({ name: 'property_release', type: 'boolean', default: false })
  propertyRelease: boolean;

  /** Never licensed commercially (review approved it without the releases it needed). */
  @Column({ name: 'editorial_only', type: 'boolean', default: false })
  editorialOnly: boolean;

  @Column({ name: 'theme_color', type: 'varchar', length: 9, nullable: true })
  themeColor: string | null;

  @Column({ name: 'sales_count', type: 'int', default: 0 })
  salesCount: number;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  filters: MaterialFilters;

  @Column({ name: 'original_key', type: 'varchar', length: 400, nullable: true })
  originalKey: string | null;

  @Column({ name: 'preview480_key', type: 'varchar', length: 400, nullable: true })
  preview480Key: string | null;

  @Column({ name: 'thumbnail_key', type: 'varchar', length: 400, nullable: true })
  thumbnailKey: string | null;

  @Column({ name: 'sample_key', type: 'varchar', length: 400, nullable: true })
  sampleKey: string | null;

  @Column({ name: 'preview_strip_key', type: 'varchar', length: 400, nullable: true })
  previewStripKey: string | null;

  /** The HLS master playlist streamed from the 480p preview (PreviewStreamsJob); null until made. */
  @Column({ name: 'preview_stream_key', type: 'varchar', length: 400, nullable: true })
  previewStreamKey: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'online_at', type: 'timestamptz', nullable: true })
  onlineAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
