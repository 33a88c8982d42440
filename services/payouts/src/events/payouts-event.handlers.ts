import { Injectable } from '@nestjs/common';
import { ContributorProtocolAnswered, MaterialPublished, OrderClosed, OrderConfirmed, RealNameVerified, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { BankInfoService } from '../bank/bank-info.service.js';
import { ContributorsRepository } from '../contributors/contributors.repository.js';
import { LedgerService } from '../ledger/ledger.service.js';

/**
 * What payouts learns from other services: who owns each material, confirmed sales and refunds,
 * verified real names, and from those and the contributor agreement, which contributors exist.
 */
@Injectable()
export class PayoutsEventHandlers {
  constructor(
    private readonly ledger: LedgerService,
    private readonly bank: BankInfoService,
    private readonly contributors: ContributorsRepository,
  ) {}

  @OnEvent(MaterialPublished)
  async onMaterialPublished(payload: PayloadOf<typeof MaterialPublished>, { manager }: EventHandlerContext): Promise<void> {
    await this.ledger.onMaterialPublished(manager, payload);
    if (payload.contributorId) await this.contributors.seen(manager, payload.contributorId);
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
    await this.contributors.seen(manager, payload.userId);
  }

  /** Only a signed contributor (gid 2 or 3) is asked the agreement; either answer makes them known. */
  @OnEvent(ContributorProtocolAnswered)
  async onContributorProtocolAnswered(payload: PayloadOf<typeof ContributorProtocolAnswered>, { manager }: EventHandlerContext): Promise<void> {
    await this.contributors.seen(manager, payload.userId);
  }
}
