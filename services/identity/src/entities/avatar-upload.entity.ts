import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A profile picture the browser is uploading through a signed link; gone once checked or refused. */
@Entity({ name: 'avatar_uploads' })
export class AvatarUploadEntity {
  /** Chosen before the upload starts: it is part of the object key. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'object_key', type: 'varchar', length: 200 })
  objectKey: string;

  @Column({ name: 'upload_id', type: 'varchar', length: 200 })
  uploadId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
