import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock, type AuthenticatedStaff } from '@mkt/platform';
import { CatalogueAuditLogEntity } from '../entities/activity.entities.js';

/**
 * One catalogue.audit_log row per staff change, inside the change's transaction (the same shape
 * as identity's audit log: services share no tables, so each keeps its own).
 */
@Injectable()
export class CatalogueAuditService {
  constructor(private readonly clock: Clock) {}

  async record(
    manager: EntityManager,
    staff: AuthenticatedStaff,
    entry: { action: 'create' | 'update' | 'delete' | 'publish' | 'unpublish'; resource: string; resourceId: string | number; before: unknown; after: unknown },
  ): Promise<void> {
    const repository = manager.getRepository(CatalogueAuditLogEntity);
    await repository.save(repository.create({
      at: this.clock.now(),
      staffId: staff.staffId,
      staffUsername: staff.username.slice(0, 64),
      action: entry.action,
      resource: entry.resource,
      resourceId: String(entry.resourceId),
      before: asRecord(entry.before),
      after: asRecord(entry.after),
    }));
  }
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' ? (JSON.parse(JSON.stringify(value)) as Record<string, unknown>) : null;
}
