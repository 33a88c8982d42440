import { Injectable } from '@nestjs/common';
import { MaterialPublished, OrderClosed, OrderConfirmed, RealNameVerified, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { BankInfoService } from '../bank/bank-info.service.js';
import { LedgerService } from '../ledger/ledger.service.js';

/** What payouts learns from other services: who owns each material, confirmed sales and refunds, verified real names. */
@Injectable()
export class PayoutsEventHandlers {
  constructor(
    private readonly ledger: LedgerService,
    private readonly bank: BankInfoService,
  ) {}

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

  @OnEvent(RealNameVerified)
  async onRealNameVerified(payload: PayloadOf<typeof RealNameVerified>, { manager }: EventHandlerContext): Promise<void> {
    await this.bank.onRealNameVerified(manager, payload.userId, payload.realName, payload.verifiedAt);
  }
}
