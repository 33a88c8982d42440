import { Injectable } from '@nestjs/common';
import { MaterialPublished, OrderClosed, OrderConfirmed, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { LedgerService } from '../ledger/ledger.service.js';

/** What payouts learns from other services: who owns each material, confirmed sales and refunds. */
@Injectable()
export class PayoutsEventHandlers {
  constructor(private readonly ledger: LedgerService) {}

  @OnEvent(MaterialPublished)
  async onMaterialPublished(payload: PayloadOf<typeof MaterialPublished>, { manager }: EventHandlerContext): Promise<void> {
    await this.ledger.onMaterialPublished(manager, payload);
  }

  @OnEvent(OrderConfirmed)
  async onOrderConfirmed(payload: PayloadOf<typeof OrderConfirmed>, { manager }: EventHandlerContext): Promise<void> {
    await this.ledger.onOrderConfirmed(manager, payload);
  }

  @OnEvent(OrderClosed)
  async onOrderClosed(payload: PayloadOf<typeof OrderClosed>, { manager }: EventHandlerContext): Promise<void> {
    await this.ledger.onOrderClosed(manager, payload);
  }
}
