import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { ContributorProtocolAnswered, MaterialPublished, OrderClosed, OrderConfirmed, RealNameVerified } from '@mkt/contracts';
import { DatabaseModule, EventsModule, HandledEventEntity, OBJECT_STORAGE, OutboxMessageEntity, OutboxTraceContext1765600000000, StaffAuditLogEntity, StaffAuditWriter, type ObjectStorage } from '@mkt/platform';
import {
  AdminBankInfoActionsController,
  AdminBankInfosController,
  AdminContributorSharesController,
  AdminStatementActionsController,
  AdminStatementsController,
} from './admin/payouts-admin.controllers.js';
import { BankInfoRepository } from './bank/bank-info.repository.js';
import { BankInfoService } from './bank/bank-info.service.js';
import { ContributorsRepository } from './contributors/contributors.repository.js';
import { PayoutsEventHandlers } from './events/payouts-event.handlers.js';
import { LedgerRepository } from './ledger/ledger.repository.js';
import { LedgerService } from './ledger/ledger.service.js';
import { PayoutsInit1764400000000 } from './migrations/1764400000000-payouts-init.js';
import { PayoutsBankInfo1764500000000 } from './migrations/1764500000000-payouts-bank-info.js';
import { PayoutsContributors1766500000000 } from './migrations/1766500000000-payouts-contributors.js';
import { PAYOUT_SETTINGS, payoutSettings } from './payouts.settings.js';
import { shiftedClockProviders } from './shifted-clock.js';
import { ContributorSharesService } from './shares/contributor-shares.service.js';
import { SharesRepository } from './shares/shares.repository.js';
import { StatementsRepository } from './statements/statements.repository.js';
import { PdfkitStatementRenderer, STATEMENT_FILE_RENDERER } from './statements/statement-pdf.renderer.js';
import { STATEMENT_BUCKET, StatementsService } from './statements/statements.service.js';
import { BankInfoStoreController } from './store/bank-info-store.controller.js';
import { PayoutsStoreController } from './store/payouts-store.controller.js';

export const PAYOUTS_ENTITIES = [StaffAuditLogEntity, OutboxMessageEntity, HandledEventEntity];
export const PAYOUTS_MIGRATIONS = [PayoutsInit1764400000000, PayoutsBankInfo1764500000000, OutboxTraceContext1765600000000, PayoutsContributors1766500000000];

/** Creates the private bucket of statement PDFs on start. */
@Injectable()
class PayoutsBuckets implements OnModuleInit {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}
  async onModuleInit(): Promise<void> {
    await this.storage.ensureBucket(STATEMENT_BUCKET);
  }
}

/**
 * Payouts: who owns each material on sale (catalogue's events), the earnings ledger from confirmed
 * sales and refunds (orders' events), contributors' share settings, quarterly statements, and the
 * bank info they are paid to, matched against the real names identity verified.
 */
@Module({
  imports: [
    DatabaseModule.forService({ name: 'payouts', entities: PAYOUTS_ENTITIES, migrations: PAYOUTS_MIGRATIONS }),
    EventsModule.forService({ dataSourceName: 'payouts', consumerGroup: 'payouts', consumes: [MaterialPublished, OrderConfirmed, OrderClosed, RealNameVerified, ContributorProtocolAnswered] }),
  ],
  controllers: [
    PayoutsStoreController,
    BankInfoStoreController,
    AdminStatementActionsController,
    AdminStatementsController,
    AdminContributorSharesController,
    AdminBankInfoActionsController,
    AdminBankInfosController,
  ],
  providers: [
    { provide: PAYOUT_SETTINGS, useFactory: () => payoutSettings() },
    ...shiftedClockProviders(),
    LedgerRepository,
    StatementsRepository,
    SharesRepository,
    BankInfoRepository,
    ContributorsRepository,
    LedgerService,
    BankInfoService,
    StatementsService,
    ContributorSharesService,
    StaffAuditWriter.provide({ service: 'payouts', announce: true }),
    { provide: STATEMENT_FILE_RENDERER, useClass: PdfkitStatementRenderer },
    PayoutsEventHandlers,
    PayoutsBuckets,
  ],
})
export class PayoutsModule {}
