import { Column, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns of a service's staff audit log. Services share no tables, so each keeps its own
 * `audit_log` entity extending this one, and the rows look the same everywhere.
 */
export abstract class StaffAuditRecord {
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
