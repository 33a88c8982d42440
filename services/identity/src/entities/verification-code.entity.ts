import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One code sent to a phone or e-mail; only its keyed hash is stored. */
@Entity({ name: 'verification_codes' })
@Index(['account', 'sentAt'])
export class VerificationCodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254 })
  account: string;

  @Column({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'wrong_attempts', type: 'int', default: 0 })
  wrongAttempts: number;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt: Date | null;
}
