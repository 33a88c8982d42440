import { Injectable } from '@nestjs/common';
import { OrderConfirmed, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { LicencesService } from '../licences/licences.service.js';

/** order.confirmed → download rights and authorization files, in the handler's transaction (idempotent). */
@Injectable()
export class LicensingEventHandlers {
  constructor(private readonly licences: LicencesService) {}

  @OnEvent(OrderConfirmed)
  async onOrderConfirmed(payload: PayloadOf<typeof OrderConfirmed>, { manager }: EventHandlerContext): Promise<void> {
    await this.licences.onOrderConfirmed(manager, payload);
  }
}
