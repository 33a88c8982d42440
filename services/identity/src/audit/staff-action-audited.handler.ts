import { Injectable } from '@nestjs/common';
import { StaffActionAudited, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { AuditLogEntity } from '../entities/audit-log.entity.js';

/**
 * Staff changes made in other services join the console's audit log. The bus delivers at least
 * once; the handler runs in the transaction that records the event as handled, so each lands once.
 */
@Injectable()
export class StaffActionAuditedHandler {
  @OnEvent(StaffActionAudited)
  async record(payload: PayloadOf<typeof StaffActionAudited>, { manager }: EventHandlerContext): Promise<void> {
    const repository = manager.getRepository(AuditLogEntity);
    await repository.save(
      repository.create({
        at: new Date(payload.at),
        staffId: payload.staffId,
        staffUsername: payload.staffUsername,
        action: payload.action,
        resource: payload.resource,
        resourceId: payload.resourceId,
        before: payload.before,
        after: payload.after,
      }),
    );
  }
}
