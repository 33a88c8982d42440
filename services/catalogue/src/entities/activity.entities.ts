import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numberColumn } from './column-transformers.js';

/** A user's favourite (spec section 3 "Bookmark item"); one per user and target. */
@Entity({ name: 'bookmarks' })
export class BookmarkEntity {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numberColumn })
  id: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'target_type', type: 'smallint' })
  targetType: number;

  @Column({ name: 'target_id', type: 'bigint', transformer: numberColumn })
  targetId: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

/** One tracked action of /material/click (spec section 7 "Tracking"). */
@Entity({ name: 'clicks' })
export class ClickEntity {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: numberColumn })
  id: number;

  @Column({ type: 'timestamptz' })
  at: Date;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ name: 'biz_type', type: 'smallint' })
  bizType: number;

  @Column({ name: 'rule_id', type: 'int' })
  ruleId: number;

  @Column({ name: 'target_id', type: 'bigint', nullable: true, transformer: numberColumn })
  targetId: number | null;

  @Column({ type: 'varchar', length: 300, default: '' })
  title: string;

  @Column({ type: 'varchar', length: 2000, default: '' })
  referer: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  navigator: string;
}
