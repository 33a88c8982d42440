import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { DatabaseModule, EventsModule, HandledEventEntity, OBJECT_STORAGE, OutboxMessageEntity, type ObjectStorage } from '@mkt/platform';
import { CustomerProfileChanged, MaterialPublished, MaterialUnpublished, MusicOrderPlaced } from '@mkt/contracts';
import { AdminInvoicesController, AdminOrdersController, AdminRefundsController } from './admin/orders-admin.controllers.js';
import { OrdersAuditLogEntity, OrdersAuditService } from './audit/orders-audit.service.js';
import { CartService } from './cart/cart.service.js';
import { OrdersEventHandlers } from './events/orders-event.handlers.js';
import { INVOICE_BUCKET, InvoicesService } from './invoices/invoices.service.js';
import { OrdersInit1764100000000 } from './migrations/1764100000000-orders-init.js';
import { OrdersEnterprise1764100000001 } from './migrations/1764100000001-orders-enterprise.js';
import { OrdersRepository } from './orders/orders.repository.js';
import { OrdersService, VOUCHER_BUCKET } from './orders/orders.service.js';
import { RefundsService } from './refunds/refunds.service.js';
import { OrdersStoreController } from './store/orders-store.controller.js';

export const ORDERS_ENTITIES = [OrdersAuditLogEntity, OutboxMessageEntity, HandledEventEntity];
export const ORDERS_MIGRATIONS = [OrdersInit1764100000000, OrdersEnterprise1764100000001];

/** Creates the private buckets of vouchers and issued invoices on start. */
@Injectable()
class OrdersBuckets implements OnModuleInit {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}
  async onModuleInit(): Promise<void> {
    await this.storage.ensureBucket(VOUCHER_BUCKET);
    await this.storage.ensureBucket(INVOICE_BUCKET);
  }
}

/**
 * Orders: cart, orders and their state machine, quotes, vouchers, invoices, VIP memberships and
 * refunds, with a read model of the materials on sale fed by the catalogue's events.
 */
@Module({
  imports: [
    DatabaseModule.forService({ name: 'orders', entities: ORDERS_ENTITIES, migrations: ORDERS_MIGRATIONS }),
    EventsModule.forService({ dataSourceName: 'orders', consumerGroup: 'orders', consumes: [MaterialPublished, MaterialUnpublished, MusicOrderPlaced, CustomerProfileChanged] }),
  ],
  controllers: [OrdersStoreController, AdminOrdersController, AdminInvoicesController, AdminRefundsController],
  providers: [OrdersRepository, OrdersService, CartService, InvoicesService, RefundsService, OrdersAuditService, OrdersEventHandlers, OrdersBuckets],
})
export class OrdersModule {}
