import { Entity, Index } from 'typeorm';
import { StaffAuditRecord } from '@mkt/platform';

/** One staff change, written in the same transaction as the change itself. */
@Entity({ name: 'audit_log' })
@Index(['at'])
export class AuditLogEntity extends StaffAuditRecord {}
