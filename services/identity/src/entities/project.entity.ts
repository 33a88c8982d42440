import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * An enterprise project: the contract under which the customers of one company (customerId)
 * download materials without ordering each one, up to its video and photo allowances.
 */
@Entity({ name: 'projects' })
export class ProjectEntity {
  /** The project number staff give it (e.g. PRJ-2026-01); users point at it with projectId. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 64 })
  customerId: string;

  /** The licensee printed on the authorization files of the project's downloads. */
  @Column({ name: 'company_name', type: 'varchar', length: 100 })
  companyName: string;

  /** 0 not started, 1 in progress, 2 ended. */
  @Column({ type: 'int' })
  status: number;

  @Column({ name: 'video_branches', type: 'int' })
  videoBranches: number;

  @Column({ name: 'photo_branches', type: 'int' })
  photoBranches: number;

  @Column({ name: 'project_type', type: 'varchar', length: 20 })
  projectType: 'advertising' | 'film-tv' | 'online-video' | 'corporate' | 'news' | 'education' | 'other';

  @Column({ type: 'varchar', length: 20 })
  region: 'mainland' | 'greater-china' | 'global';

  @Column({ type: 'varchar', length: 10 })
  duration: '1m' | '1y' | '3y' | '5y' | 'permanent' | 'buyout';

  @Column({ type: 'varchar', length: 200 })
  purpose: string;

  @Column({ name: 'valid_until', type: 'timestamptz', nullable: true })
  validUntil: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
