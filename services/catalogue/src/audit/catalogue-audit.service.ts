import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StaffActionAudited } from '@mkt/contracts';
import { Clock, OutboxWriter, type AuthenticatedStaff } from '@mkt/platform';
import { CatalogueAuditLogEntity } from '../entities/activity.entities.js';

/**
 * One catalogue.audit_log row per staff change, inside the change's transaction (services share no
 * tables, so each keeps its own), and the same entry announced through the outbox so identity can
 * show it in the console's one audit log.
 */
@Injectable()
export class CatalogueAuditService {
  constructor(
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
  ) {}

  async record(
    manager: EntityManager,
    staff: AuthenticatedStaff,
    entry: { action: 'create' | 'update' | 'delete' | 'publish' | 'unpublish'; resource: string; resourceId: string | number; before: unknown; after: unknown },
  ): Promise<void> {
    const repository = manager.getRepository(CatalogueAuditLogEntity);
    const row = await repository.save(
      repository.create({
        at: this.clock.now(),
        staffId: staff.staffId,
        staffUsername: staff.username.slice(0, 64),
        action: entry.action,
        resource: entry.resource,
        resourceId: String(entry.resourceId),
        before: asRecord(entry.before),
        after: asRecord(entry.after),
      }),
    );
    await this.outbox.add(manager, StaffActionAudited, row.resourceId, {
      service: 'catalogue',
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
