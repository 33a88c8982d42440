import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { IdPhotoSide } from '@mkt/contracts';

export type IdPhotoStatus = 'pending' | 'stored';

/**
 * One side of a contributor's identity card in the private documents bucket. `pending` while
 * the browser uploads it through a signed link, `stored` once its content was checked.
 */
@Entity({ name: 'id_photos' })
export class IdPhotoEntity {
  /** Chosen before the upload starts: it is part of the object key. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 10 })
  side: IdPhotoSide;

  @Column({ name: 'object_key', type: 'varchar', length: 200 })
  objectKey: string;

  /** The storage's multipart upload while pending; null once stored. */
  @Column({ name: 'upload_id', type: 'varchar', length: 200, nullable: true })
  uploadId: string | null;

  /** Declared by the browser while pending, then the type the content really has. */
  @Column({ name: 'content_type', type: 'varchar', length: 40 })
  contentType: string;

  @Column({ type: 'int' })
  size: number;

  @Column({ type: 'varchar', length: 10 })
  status: IdPhotoStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
