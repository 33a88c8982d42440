import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A buyer or contributor of the store (spec section 3, "User"). */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 20, nullable: true, unique: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true, unique: true })
  email: string | null;

  @Column({ type: 'varchar', length: 60 })
  nickname: string;

  /** 0 buyer, 2 contributor signed before 2019-12-17, 3 signed after, 35 also has the material centre. */
  @Column({ type: 'int', default: 0 })
  gid: number;

  @Column({ name: 'sign_flag', type: 'boolean', default: false })
  signFlag: boolean;

  @Column({ type: 'boolean', default: true })
  verity: boolean;

  @Column({ name: 'video_flag', type: 'boolean', default: false })
  videoFlag: boolean;

  @Column({ name: 'photo_flag', type: 'boolean', default: false })
  photoFlag: boolean;

  @Column({ name: 'customer_id', type: 'varchar', length: 64, nullable: true })
  customerId: string | null;

  @Column({ name: 'customer_status', type: 'int', nullable: true })
  customerStatus: number | null;

  @Column({ name: 'customer_type', type: 'int', nullable: true })
  customerType: number | null;

  @Column({ name: 'project_id', type: 'varchar', length: 64, nullable: true })
  projectId: string | null;

  /** Sees every completed order of the company (customerId); set by staff. */
  @Column({ name: 'enterprise_admin', type: 'boolean', default: false })
  enterpriseAdmin: boolean;

  /** The contributor's answer to the supplementary agreement; null until answered. */
  @Column({ name: 'protocol_agreed', type: 'boolean', nullable: true })
  protocolAgreed: boolean | null;

  @Column({ name: 'protocol_answered_at', type: 'timestamptz', nullable: true })
  protocolAnsweredAt: Date | null;

  @Column({ type: 'boolean', default: false })
  disabled: boolean;

  /** Where the user's chosen 256 px profile picture is ("<bucket>/<key>"); null: none chosen. */
  @Column({ name: 'avatar_key', type: 'varchar', length: 200, nullable: true })
  avatarKey: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;
}
