import { Injectable } from '@nestjs/common';
import { DeliveryPrepared, OrderConfirmed, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { DeliveriesService } from '../downloads/deliveries.service.js';
import { LicencesService } from '../licences/licences.service.js';

/**
 * order.confirmed → download rights and authorization files; delivery.prepared → the reduced file
 * of personal licences. Each in the handler's transaction (idempotent).
 */
@Injectable()
export class LicensingEventHandlers {
  constructor(
    private readonly licences: LicencesService,
    private readonly deliveries: DeliveriesService,
  ) {}

  @OnEvent(DeliveryPrepared)
  async onDeliveryPrepared(payload: PayloadOf<typeof DeliveryPrepared>, { manager }: EventHandlerContext): Promise<void> {
    await this.deliveries.onPrepared(manager, payload);
  }

  @OnEvent(OrderConfirmed)
  async onOrderConfirmed(payload: PayloadOf<typeof OrderConfirmed>, { manager }: EventHandlerContext): Promise<void> {
    await this.licences.onOrderConfirmed(manager, payload);
  }
}
