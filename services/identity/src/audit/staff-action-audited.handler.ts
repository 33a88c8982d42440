import { Injectable } from '@nestjs/common';
import { StaffActionAudited, type PayloadOf } from '@mkt/contracts';
import { OnEvent, StaffAuditLogEntity, staffAuditRowFromAnnouncement, type EventHandlerContext } from '@mkt/platform';

/**
 * Staff changes made in other services join the console's audit log. The bus delivers at least
 * once; the handler runs in the transaction that records the event as handled, so each lands once.
 */
@Injectable()
export class StaffActionAuditedHandler {
  @OnEvent(StaffActionAudited)
  async record(payload: PayloadOf<typeof StaffActionAudited>, { manager }: EventHandlerContext): Promise<void> {
    const repository = manager.getRepository(StaffAuditLogEntity);
    await repository.save(repository.create(staffAuditRowFromAnnouncement(payload)));
  }
}
