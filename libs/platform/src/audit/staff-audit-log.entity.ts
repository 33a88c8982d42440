import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One staff change, written in the same transaction as the change itself. Services share no
 * tables: every service that has staff actions lists this entity, and its DataSource's schema
 * puts the rows in that service's own `audit_log` (as with the outbox tables).
 */
@Entity({ name: 'audit_log' })
@Index(['at'])
@Index(['resource', 'resourceId'])
export class StaffAuditLogEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'timestamptz' })
  at: Date;

  @Column({ name: 'staff_id', type: 'uuid' })
  staffId: string;

  @Column({ name: 'staff_username', type: 'varchar', length: 64 })
  staffUsername: string;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 64 })
  resource: string;

  @Column({ name: 'resource_id', type: 'varchar', length: 64 })
  resourceId: string;

  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;
}
