import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StaffActionAudited } from '@mkt/contracts';
import { Clock, OutboxWriter, type AuthenticatedStaff } from '@mkt/platform';
import { UploadsAuditLogEntity } from '../entities/upload.entity.js';

/** One uploads.audit_log row per review decision, in its transaction, announced for the console's log. */
@Injectable()
export class UploadsAuditService {
  constructor(
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
  ) {}

  async record(manager: EntityManager, staff: AuthenticatedStaff, entry: { action: 'approve' | 'reject'; resourceId: number; before: object; after: object }): Promise<void> {
    const repository = manager.getRepository(UploadsAuditLogEntity);
    const row = await repository.save(
      repository.create({
        at: this.clock.now(),
        staffId: staff.staffId,
        staffUsername: staff.username.slice(0, 64),
        action: entry.action,
        resource: 'reviews',
        resourceId: String(entry.resourceId),
        before: { ...entry.before },
        after: { ...entry.after },
      }),
    );
    await this.outbox.add(manager, StaffActionAudited, row.resourceId, {
      service: 'uploads',
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
