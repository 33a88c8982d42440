import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { DetailFilter, DuplicateRelation, UploadKind, UploadStatus } from '@mkt/contracts';

const bigintNumber = { to: (value: number | null) => value, from: (value: string | null) => (value === null ? null : Number(value)) };

export interface NearDuplicate {
  id: number;
  contributorId: string;
  fileName: string;
  distance: number;
  /** Absent on flags raised before frames were compared (they compared whole files: 'same', no time codes). */
  relation?: DuplicateRelation;
  matches?: { timeMs: number; theirTimeMs: number }[];
}

/**
 * One contributed file from its first part to its review: the upload session (multipart upload
 * id and part plan), what probing read, the renditions, and the review outcome.
 */
@Entity({ name: 'uploads' })
export class UploadEntity {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintNumber })
  id: number;

  @Column({ name: 'contributor_id', type: 'uuid' })
  contributorId: string;

  @Column({ type: 'varchar', length: 8 })
  kind: UploadKind;

  @Column({ type: 'varchar', length: 16 })
  status: UploadStatus;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ name: 'file_size', type: 'bigint', transformer: bigintNumber })
  fileSize: number;

  /** Key in the originals bucket: the spec's filePath. */
  @Column({ name: 'file_path', type: 'varchar', length: 400 })
  filePath: string;

  @Column({ name: 'multipart_upload_id', type: 'varchar', length: 200, nullable: true })
  multipartUploadId: string | null;

  @Column({ name: 'part_size', type: 'int' })
  partSize: number;

  @Column({ name: 'part_count', type: 'int' })
  partCount: number;

  /** Photos: what the browser read; checked again from the file by the worker. */
  @Column({ name: 'declared_width', type: 'int', nullable: true })
  declaredWidth: number | null;

  @Column({ name: 'declared_height', type: 'int', nullable: true })
  declaredHeight: number | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  codec: string | null;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  @Column({ name: 'duration_seconds', type: 'double precision', nullable: true })
  durationSeconds: number | null;

  @Column({ type: 'double precision', nullable: true })
  fps: number | null;

  @Column({ name: 'color_space', type: 'varchar', length: 32, nullable: true })
  colorSpace: string | null;

  @Column({ name: 'color_transfer', type: 'varchar', length: 32, nullable: true })
  colorTransfer: string | null;

  @Column({ name: 'max_resolution', type: 'varchar', length: 32, nullable: true })
  maxResolution: string | null;

  @Column({ name: 'thumbnail_key', type: 'varchar', length: 400, nullable: true })
  thumbnailKey: string | null;

  @Column({ name: 'preview480_key', type: 'varchar', length: 400, nullable: true })
  preview480Key: string | null;

  @Column({ name: 'preview_strip_key', type: 'varchar', length: 400, nullable: true })
  previewStripKey: string | null;

  @Column({ name: 'sample_key', type: 'varchar', length: 400, nullable: true })
  sampleKey: string | null;

  /** 64-bit dHashes (16 hex digits): one for a photo, one per keyframe for a video. */
  @Column({ type: 'text', array: true, nullable: true })
  phashes: string[] | null;

  @Column({ name: 'near_duplicates', type: 'jsonb', default: () => "'[]'" })
  nearDuplicates: NearDuplicate[];

  /** The catalogue material an approved upload became (from material.published). */
  @Column({ name: 'material_id', type: 'bigint', nullable: true, transformer: bigintNumber })
  materialId: number | null;

  /** A failure's message key, or the reviewer's rejection reason. */
  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ name: 'title_zh', type: 'varchar', length: 200, default: '' })
  titleZh: string;

  @Column({ name: 'title_en', type: 'varchar', length: 200, default: '' })
  titleEn: string;

  @Column({ name: 'keywords_zh', type: 'text', array: true, default: () => "'{}'" })
  keywordsZh: string[];

  @Column({ name: 'keywords_en', type: 'text', array: true, default: () => "'{}'" })
  keywordsEn: string[];

  @Column({ name: 'description_zh', type: 'text', default: '' })
  descriptionZh: string;

  @Column({ name: 'description_en', type: 'text', default: '' })
  descriptionEn: string;

  /** The catalogue category chosen in the details step. */
  @Column({ name: 'category_id', type: 'int', nullable: true })
  categoryId: number | null;

  /** The category filters chosen in the details step (FILTER_VALUES keys by filter). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  filters: Partial<Record<DetailFilter, string[]>>;

  /** When the details step was completed; a file without it cannot be approved on its file name. */
  @Column({ name: 'details_at', type: 'timestamptz', nullable: true })
  detailsAt: Date | null;

  /** Declared in the details step; null on files uploaded before releases were asked for. */
  @Column({ name: 'recognizable_people', type: 'boolean', nullable: true })
  recognizablePeople: boolean | null;

  @Column({ name: 'private_property', type: 'boolean', nullable: true })
  privateProperty: boolean | null;

  /** Releases from the contributor's library, in the order attached. */
  @Column({ name: 'release_ids', type: 'uuid', array: true, default: () => "'{}'" })
  releaseIds: string[];

  /** Review's choice when the releases a declaration calls for are missing: never licensed commercially. */
  @Column({ name: 'editorial_only', type: 'boolean', default: false })
  editorialOnly: boolean;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt: Date | null;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
