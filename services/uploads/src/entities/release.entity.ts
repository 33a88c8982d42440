import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ReleaseContentType, ReleaseKind } from '@mkt/contracts';

export type ReleaseFileStatus = 'pending' | 'stored';

/**
 * A signed model or property release in its contributor's library, its file in the private
 * releases bucket: `pending` while the browser uploads it through a signed link, `stored` once
 * its content was checked. Attached to uploads through their `release_ids`.
 */
@Entity({ name: 'releases' })
export class ReleaseEntity {
  /** Chosen before the upload starts: it is part of the object key. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'contributor_id', type: 'uuid' })
  contributorId: string;

  @Column({ type: 'varchar', length: 10 })
  kind: ReleaseKind;

  /** The person or the property the form covers. */
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'signed_on', type: 'date' })
  signedOn: string;

  @Column({ name: 'object_key', type: 'varchar', length: 200 })
  objectKey: string;

  /** The storage's multipart upload while pending; null once stored. */
  @Column({ name: 'upload_id', type: 'varchar', length: 200, nullable: true })
  uploadId: string | null;

  /** Declared by the browser while pending, then the type the content really has. */
  @Column({ name: 'content_type', type: 'varchar', length: 40 })
  contentType: ReleaseContentType;

  @Column({ type: 'int' })
  size: number;

  @Column({ type: 'varchar', length: 10 })
  status: ReleaseFileStatus;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
