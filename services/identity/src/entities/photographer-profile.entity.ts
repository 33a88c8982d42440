import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The photographer profile kept with the account (spec section 3), written with each signing application. */
@Entity({ name: 'photographer_profiles' })
export class PhotographerProfileEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'resident_area', type: 'varchar', length: 100 })
  residentArea: string;

  @Column({ type: 'varchar', length: 1000 })
  intro: string;

  @Column({ name: 'main_services', type: 'varchar', length: 300 })
  mainServices: string;

  @Column({ name: 'social_accounts', type: 'varchar', length: 300 })
  socialAccounts: string;

  /** A stored résumé PDF among the user's signing files. */
  @Column({ name: 'resume_file_id', type: 'uuid', nullable: true })
  resumeFileId: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
