import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CreationForm, CreationTheme, SigningPlatformLink, SigningStatus } from '@mkt/contracts';

/**
 * One signing application. Every application is kept; a person's state is their latest row.
 * Its images are rows of signing_application_images, in the order the applicant chose.
 */
@Entity({ name: 'signing_applications' })
export class SigningApplicationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 10 })
  status: SigningStatus;

  @Column({ type: 'jsonb' })
  platforms: SigningPlatformLink[];

  @Column({ name: 'video_links', type: 'jsonb' })
  videoLinks: string[];

  @Column({ name: 'real_name', type: 'varchar', length: 50 })
  realName: string;

  /** FieldCipher text; nobody reads the number back in this service, the mask is for display. */
  @Column({ name: 'id_number_encrypted', type: 'text' })
  idNumberEncrypted: string;

  @Column({ name: 'id_number_masked', type: 'varchar', length: 18 })
  idNumberMasked: string;

  @Column({ type: 'varchar', length: 200 })
  address: string;

  @Column({ name: 'wechat_id', type: 'varchar', length: 40 })
  wechatId: string;

  @Column({ type: 'int' })
  quantity: number;

  @Column({ name: 'creation_forms', type: 'text', array: true })
  creationForms: CreationForm[];

  @Column({ type: 'text', array: true })
  themes: CreationTheme[];

  @Column({ name: 'reject_reason', type: 'varchar', length: 200, nullable: true })
  rejectReason: string | null;

  @Column({ name: 'submitted_at', type: 'timestamptz' })
  submittedAt: Date;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt: Date | null;

  /** The staff member who approved or rejected it. */
  @Column({ name: 'reviewed_by', type: 'uuid', nullable: true })
  reviewedBy: string | null;

  /** Their username at the time, as the console shows it. */
  @Column({ name: 'reviewer_username', type: 'varchar', length: 64, nullable: true })
  reviewerUsername: string | null;

  /** The upload rights staff gave on approval; null until approved. */
  @Column({ name: 'granted_video_flag', type: 'boolean', nullable: true })
  grantedVideoFlag: boolean | null;

  @Column({ name: 'granted_photo_flag', type: 'boolean', nullable: true })
  grantedPhotoFlag: boolean | null;
}
