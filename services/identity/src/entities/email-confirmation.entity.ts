import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A link mailed to bind an e-mail address to a user; the token itself is never stored. */
@Entity({ name: 'email_confirmations' })
export class EmailConfirmationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** SHA-256 of the link's token, hex. */
  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  tokenHash: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
