import { Injectable } from '@nestjs/common';
import { Entity, type EntityManager } from 'typeorm';
import { StaffActionAudited } from '@mkt/contracts';
import { Clock, OutboxWriter, StaffAuditRecord, type AuthenticatedStaff } from '@mkt/platform';

/** One staff change to an order, invoice, refund or VIP order, written in the change's own transaction. */
@Entity({ name: 'audit_log' })
export class OrdersAuditLogEntity extends StaffAuditRecord {}

/**
 * One orders.audit_log row per staff action, inside the action's transaction, announced through
 * the outbox so identity shows it in the console's one audit log.
 */
@Injectable()
export class OrdersAuditService {
  constructor(
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
  ) {}

  async record(
    manager: EntityManager,
    staff: AuthenticatedStaff,
    entry: { action: string; resource: 'orders' | 'invoices' | 'refunds'; resourceId: string; before: unknown; after: unknown },
  ): Promise<void> {
    const repository = manager.getRepository(OrdersAuditLogEntity);
    const row = await repository.save(
      repository.create({
        at: this.clock.now(),
        staffId: staff.staffId,
        staffUsername: staff.username.slice(0, 64),
        action: entry.action,
        resource: entry.resource,
        resourceId: entry.resourceId,
        before: asRecord(entry.before),
        after: asRecord(entry.after),
      }),
    );
    await this.outbox.add(manager, StaffActionAudited, row.resourceId, {
      service: 'orders',
      at: row.at.toISOString(),
      staffId: row.staffId,
      staffUsername: row.staffUsername,
      action: row.action,
      resource: row.resource,
      resourceId: row.resourceId,
      before: row.before,
      after: row.after,
    });
  }
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' ? (JSON.parse(JSON.stringify(value)) as Record<string, unknown>) : null;
}
