import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { numberColumn } from './column-transformers.js';

/** A video or photo category of the store's category pages (spec section 3 "Category"). */
@Entity({ name: 'categories' })
export class CategoryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 8 })
  kind: 'video' | 'photo';

  @Column({ name: 'name_zh', type: 'varchar', length: 60 })
  nameZh: string;

  @Column({ name: 'name_en', type: 'varchar', length: 60 })
  nameEn: string;

  @Column({ name: 'cover_key', type: 'varchar', length: 400, nullable: true })
  coverKey: string | null;

  @Column({ type: 'int', default: 0 })
  sort: number;
}

/** A curated topic shown on the home page (spec section 3 "Topic"). */
@Entity({ name: 'topics' })
export class TopicEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'title_zh', type: 'varchar', length: 120 })
  titleZh: string;

  @Column({ name: 'title_en', type: 'varchar', length: 120 })
  titleEn: string;

  @Column({ name: 'description_zh', type: 'text', default: '' })
  descriptionZh: string;

  @Column({ name: 'description_en', type: 'text', default: '' })
  descriptionEn: string;

  @Column({ name: 'home_cover_key', type: 'varchar', length: 400, nullable: true })
  homeCoverKey: string | null;

  @Column({ type: 'int', default: 0 })
  sort: number;

  @Column({ type: 'boolean', default: true })
  published: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

@Entity({ name: 'topic_materials' })
export class TopicMaterialEntity {
  @PrimaryColumn({ name: 'topic_id', type: 'int' })
  topicId: number;

  @PrimaryColumn({ name: 'material_id', type: 'bigint', transformer: numberColumn })
  materialId: number;

  @Column({ type: 'int', default: 0 })
  sort: number;
}

/** A suggested search word, in both languages (GET /hotword). */
@Entity({ name: 'hot_words' })
export class HotWordEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'word_zh', type: 'varchar', length: 40 })
  wordZh: string;

  @Column({ name: 'word_en', type: 'varchar', length: 60 })
  wordEn: string;

  @Column({ type: 'int', default: 0 })
  sort: number;
}
