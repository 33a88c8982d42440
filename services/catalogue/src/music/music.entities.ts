import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { numberColumn } from '../entities/column-transformers.js';

/**
 * The music-only fields of a material of kind 'music' or 'sfx' (spec section 3 "Music"), keyed
 * by the material id. Titles, keywords (tags), duration, status and media keys stay on the
 * material row (cover = thumbnail_key, listen mp3 = preview480_key, sample = sample_key).
 */
@Entity({ name: 'music_details' })
export class MusicDetailEntity {
  @PrimaryColumn({ name: 'material_id', type: 'bigint', transformer: numberColumn })
  materialId: number;

  @Column({ type: 'varchar', length: 100, default: '' })
  composer: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  artist: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  mastery: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  maker: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  arranger: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  author: string;

  @Column({ type: 'int', default: 0 })
  bpm: number;

  @Column({ type: 'varchar', length: 40, default: '' })
  mood: string;

  @Column({ type: 'varchar', length: 40, default: '' })
  genre: string;

  /**
   * The track's own price as staff set it in the console, integer fen. Buyers pay the licence
   * cascade's price (music_skus), and the store shows the cheapest of those, not this.
   */
  @Column({ name: 'price_fen', type: 'int', default: 0 })
  priceFen: number;

  /** Set on a version (a shorter cut) of another track. */
  @Column({ name: 'parent_id', type: 'bigint', nullable: true, transformer: numberColumn })
  parentId: number | null;

  @Column({ name: 'version_name', type: 'varchar', length: 40, default: '' })
  versionName: string;

  @Column({ name: 'source_note', type: 'varchar', length: 400, default: '' })
  sourceNote: string;

  /** Max-abs peaks in 0..1, computed with ffmpeg at ingest. */
  @Column({ type: 'jsonb', nullable: true })
  peaks: number[] | null;
}

/** A sheet (playlist) curated by staff. */
@Entity({ name: 'music_sheets' })
export class MusicSheetEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'name_zh', type: 'varchar', length: 100 })
  nameZh: string;

  @Column({ name: 'name_en', type: 'varchar', length: 100 })
  nameEn: string;

  @Column({ name: 'description_zh', type: 'varchar', length: 500, default: '' })
  descriptionZh: string;

  @Column({ name: 'description_en', type: 'varchar', length: 500, default: '' })
  descriptionEn: string;

  @Column({ name: 'cover_key', type: 'varchar', length: 400, nullable: true })
  coverKey: string | null;

  @Column({ type: 'int', default: 0 })
  sort: number;

  @Column({ type: 'boolean', default: true })
  published: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

@Entity({ name: 'music_sheet_items' })
export class MusicSheetItemEntity {
  @PrimaryColumn({ name: 'sheet_id', type: 'int' })
  sheetId: number;

  @PrimaryColumn({ name: 'material_id', type: 'bigint', transformer: numberColumn })
  materialId: number;

  @Column({ type: 'int', default: 0 })
  sort: number;
}

/** Server-side play history of a signed-in user: at most 30 rows each, newest first. */
@Entity({ name: 'music_play_history' })
export class MusicPlayHistoryEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ name: 'material_id', type: 'bigint', transformer: numberColumn })
  materialId: number;

  @Column({ name: 'played_at', type: 'timestamptz' })
  playedAt: Date;
}

/** A node of the licence cascade (1 scene, 2 channel, 3 period, 4 area); leaves carry the price. */
@Entity({ name: 'music_skus' })
export class MusicSkuEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'parent_id', type: 'varchar', length: 64, nullable: true })
  parentId: string | null;

  @Column({ type: 'smallint' })
  level: number;

  @Column({ name: 'name_zh', type: 'varchar', length: 60 })
  nameZh: string;

  @Column({ name: 'name_en', type: 'varchar', length: 60 })
  nameEn: string;

  @Column({ type: 'int', default: 0 })
  sort: number;

  @Column({ name: 'price_fen', type: 'int', nullable: true })
  priceFen: number | null;
}

export const MUSIC_ENTITIES = [MusicDetailEntity, MusicSheetEntity, MusicSheetItemEntity, MusicPlayHistoryEntity, MusicSkuEntity];
