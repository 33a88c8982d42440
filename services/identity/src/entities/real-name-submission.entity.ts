import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { RealNameStatus } from '@mkt/contracts';

export type RealNameSubmissionStatus = Exclude<RealNameStatus, 'none'>;

/**
 * One real-name submission of a contributor. Every submission is kept; the contributor's check
 * is their latest row (none without any). The identity number is stored encrypted only.
 */
@Entity({ name: 'real_name_submissions' })
export class RealNameSubmissionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 10 })
  status: RealNameSubmissionStatus;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  /** FieldCipher text; nobody reads the number back in this service, the mask is for display. */
  @Column({ name: 'id_number_encrypted', type: 'text' })
  idNumberEncrypted: string;

  @Column({ name: 'id_number_masked', type: 'varchar', length: 18 })
  idNumberMasked: string;

  @Column({ name: 'portrait_photo_id', type: 'uuid' })
  portraitPhotoId: string;

  @Column({ name: 'emblem_photo_id', type: 'uuid' })
  emblemPhotoId: string;

  @Column({ name: 'reject_reason', type: 'varchar', length: 200, nullable: true })
  rejectReason: string | null;

  @Column({ name: 'submitted_at', type: 'timestamptz' })
  submittedAt: Date;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt: Date | null;

  /** The staff member who verified or rejected it. */
  @Column({ name: 'reviewed_by', type: 'uuid', nullable: true })
  reviewedBy: string | null;

  /** Their username at the time, as the console shows it. */
  @Column({ name: 'reviewer_username', type: 'varchar', length: 64, nullable: true })
  reviewerUsername: string | null;
}
