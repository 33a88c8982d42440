import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { SigningFileKind } from '@mkt/contracts';

export type SigningFileStatus = 'pending' | 'stored';

/**
 * A file of a signing application in the private documents bucket: a representative image or
 * the résumé PDF. `pending` while the browser uploads it through a signed link, `stored` once its
 * content was checked. Images keep a small preview beside them for the console.
 */
@Entity({ name: 'signing_files' })
export class SigningFileEntity {
  /** Chosen before the upload starts: it is part of the object key. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 10 })
  kind: SigningFileKind;

  @Column({ name: 'object_key', type: 'varchar', length: 200 })
  objectKey: string;

  @Column({ name: 'preview_key', type: 'varchar', length: 200, nullable: true })
  previewKey: string | null;

  /** The storage's multipart upload while pending; null once stored. */
  @Column({ name: 'upload_id', type: 'varchar', length: 200, nullable: true })
  uploadId: string | null;

  /** Declared by the browser while pending, then the type the content really has. */
  @Column({ name: 'content_type', type: 'varchar', length: 40 })
  contentType: string;

  @Column({ type: 'int' })
  size: number;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  @Column({ type: 'varchar', length: 10 })
  status: SigningFileStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
