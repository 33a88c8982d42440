import type { Provider } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StaffActionAudited, type PayloadOf } from '@mkt/contracts';
import type { AuthenticatedStaff } from '../auth/auth.guards.js';
import { OutboxWriter } from '../events/outbox-writer.js';
import { Clock } from '../time/clock.js';
import { StaffAuditLogEntity } from './staff-audit-log.entity.js';

/** What a staff action changed; `before` and `after` are snapshots of the record. */
export interface StaffAuditEntry {
  action: string;
  resource: string;
  resourceId: string | number;
  before: unknown;
  after: unknown;
}

export interface StaffAuditWriterOptions {
  /** The service whose schema holds the row; named in the announcement. */
  service: string;
  /**
   * Whether the row is announced as `staff.action.audited` so the collecting service (identity)
   * adds it to the console's one audit log. The collector itself writes straight to that log.
   */
  announce: boolean;
}

/** Keys of a snapshot's top level whose values never reach an audit log. */
const SECRET_KEYS = new Set(['password', 'passwordHash']);

/**
 * Writes one audit row per staff action, with the action's own EntityManager so the row exists
 * if and only if the change commits, and (outside the collector) the matching announcement in the
 * same transaction's outbox. One writer for every service: each gets it with
 * `StaffAuditWriter.provide(...)` and lists StaffAuditLogEntity in its entities.
 */
export class StaffAuditWriter {
  constructor(
    private readonly options: StaffAuditWriterOptions,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter | null,
  ) {}

  static provide(options: StaffAuditWriterOptions): Provider {
    return options.announce
      ? { provide: StaffAuditWriter, inject: [Clock, OutboxWriter], useFactory: (clock: Clock, outbox: OutboxWriter) => new StaffAuditWriter(options, clock, outbox) }
      : { provide: StaffAuditWriter, inject: [Clock], useFactory: (clock: Clock) => new StaffAuditWriter(options, clock, null) };
  }

  async record(manager: EntityManager, staff: AuthenticatedStaff, entry: StaffAuditEntry): Promise<void> {
    const repository = manager.getRepository(StaffAuditLogEntity);
    const row = await repository.save(
      repository.create({
        at: this.clock.now(),
        staffId: staff.staffId,
        staffUsername: staff.username.slice(0, 64),
        action: entry.action,
        resource: entry.resource,
        resourceId: String(entry.resourceId),
        before: auditSnapshot(entry.before),
        after: auditSnapshot(entry.after),
      }),
    );
    if (this.outbox) await this.outbox.add(manager, StaffActionAudited, row.resourceId, staffAuditAnnouncement(this.options.service, row));
  }
}

/** The announcement of a stored row, as the collector receives it. */
export function staffAuditAnnouncement(service: string, row: StaffAuditLogEntity): PayloadOf<typeof StaffActionAudited> {
  return { service, ...staffAuditFields(row) };
}

/** A row's fields as JSON carries them (the time as an ISO string): the announcement's and the console's. */
export function staffAuditFields(row: StaffAuditLogEntity): Omit<PayloadOf<typeof StaffActionAudited>, 'service'> {
  return {
    at: row.at.toISOString(),
    staffId: row.staffId,
    staffUsername: row.staffUsername,
    action: row.action,
    resource: row.resource,
    resourceId: row.resourceId,
    before: row.before,
    after: row.after,
  };
}

/** The collector's row for an announcement from another service. */
export function staffAuditRowFromAnnouncement(payload: PayloadOf<typeof StaffActionAudited>): Omit<StaffAuditLogEntity, 'id'> {
  const { service: _service, at, ...fields } = payload;
  return { ...fields, at: new Date(at) };
}

/**
 * A JSON copy of a record (dates become ISO strings, as the console shows them), with secrets
 * replaced; null for anything that is not an object.
 */
export function auditSnapshot(value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object') return null;
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  for (const key of Object.keys(copy)) if (SECRET_KEYS.has(key)) copy[key] = '[redacted]';
  return copy;
}
