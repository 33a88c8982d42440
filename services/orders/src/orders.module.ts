import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { DatabaseModule, EventsModule, HandledEventEntity, OBJECT_STORAGE, OutboxMessageEntity, OutboxTraceContext1765600000000, StaffAuditLogEntity, StaffAuditWriter, type ObjectStorage } from '@mkt/platform';
import { CustomerProfileChanged, CustomerProjectChanged, MaterialPublished, MaterialUnpublished, MusicOrderPlaced } from '@mkt/contracts';
import { AdminInvoicesController, AdminOrdersController, AdminRefundsController } from './admin/orders-admin.controllers.js';
import { CartRepository } from './cart/cart.repository.js';
import { CartService } from './cart/cart.service.js';
import { OrdersEventHandlers } from './events/orders-event.handlers.js';
import { InvoicesRepository } from './invoices/invoices.repository.js';
import { INVOICE_BUCKET, InvoicesService } from './invoices/invoices.service.js';
import { OrdersInit1764100000000 } from './migrations/1764100000000-orders-init.js';
import { OrdersEnterprise1764100000001 } from './migrations/1764100000001-orders-enterprise.js';
import { OrdersProjects1764200000001 } from './migrations/1764200000001-orders-projects.js';
import { OrdersShop1765200000000 } from './migrations/1765200000000-orders-shop.js';
import { OrdersAnnounceCarts1765810000001 } from './migrations/1765810000001-orders-announce-carts.js';
import { OrdersRepository } from './orders/orders.repository.js';
import { BuyerOrdersService } from './orders/buyer-orders.service.js';
import { MusicOrderIntakeService } from './orders/music-order-intake.service.js';
import { OrderViewsService } from './orders/order-views.service.js';
import { StaffOrdersService } from './orders/staff-orders.service.js';
import { VOUCHER_BUCKET } from './orders/voucher.js';
import { ReadModelsRepository } from './read-models/read-models.repository.js';
import { VipService } from './vip/vip.service.js';
import { ProjectsRepository } from './projects/projects.repository.js';
import { ProjectsService } from './projects/projects.service.js';
import { RefundsRepository } from './refunds/refunds.repository.js';
import { RefundsService } from './refunds/refunds.service.js';
import { OrdersStoreController } from './store/orders-store.controller.js';
import { ProjectsStoreController } from './store/projects-store.controller.js';
import { AdminShopProductsController } from './admin/shop-admin.controller.js';
import { ShopRepository } from './shop/shop.repository.js';
import { ShopService } from './shop/shop.service.js';
import { ShopDemoSeed } from './seed/shop-demo.seed.js';
import { ShopBuyerController, ShopCatalogueController } from './store/shop-store.controller.js';
import { PurchaseRequestsRepository } from './approvals/purchase-requests.repository.js';
import { PurchaseRequestsService } from './approvals/purchase-requests.service.js';
import { OrdersPurchaseRequests1767300000001 } from './migrations/1767300000001-purchase-requests.js';
import { PurchaseRequestsStoreController } from './store/purchase-requests-store.controller.js';
import { CompanyLicencesRepository } from './company-licences/company-licences.repository.js';
import { CompanyLicencesService } from './company-licences/company-licences.service.js';
import { OrdersCompanyLicences1767400000000 } from './migrations/1767400000000-company-licences.js';
import { OrdersPurchaseMusic1767400000001 } from './migrations/1767400000001-purchase-music.js';
import { OrdersReleases1767600000000 } from './migrations/1767600000000-orders-releases.js';
import { CompanyLicencesStoreController } from './store/company-licences-store.controller.js';

export const ORDERS_ENTITIES = [StaffAuditLogEntity, OutboxMessageEntity, HandledEventEntity];
export const ORDERS_MIGRATIONS = [OrdersInit1764100000000, OrdersEnterprise1764100000001, OrdersProjects1764200000001, OrdersShop1765200000000, OutboxTraceContext1765600000000, OrdersAnnounceCarts1765810000001, OrdersPurchaseRequests1767300000001, OrdersCompanyLicences1767400000000, OrdersPurchaseMusic1767400000001, OrdersReleases1767600000000];

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
 * Orders: cart, orders and their state machine, quotes, vouchers, invoices, VIP memberships,
 * refunds and downloads under enterprise projects, with read models of the materials on sale
 * (catalogue's events) and of customers and projects (identity's events).
 */
@Module({
  imports: [
    DatabaseModule.forService({ name: 'orders', entities: ORDERS_ENTITIES, migrations: ORDERS_MIGRATIONS }),
    EventsModule.forService({ dataSourceName: 'orders', consumerGroup: 'orders', consumes: [MaterialPublished, MaterialUnpublished, MusicOrderPlaced, CustomerProfileChanged, CustomerProjectChanged] }),
  ],
  controllers: [OrdersStoreController, ProjectsStoreController, PurchaseRequestsStoreController, CompanyLicencesStoreController, ShopCatalogueController, ShopBuyerController, AdminOrdersController, AdminInvoicesController, AdminRefundsController, AdminShopProductsController],
  providers: [
    // Purchase approval of enterprise customers (boards' selections).
    PurchaseRequestsRepository,
    PurchaseRequestsService,
    // The company licence history of enterprise administrators.
    CompanyLicencesRepository,
    CompanyLicencesService,
    OrdersRepository,
    CartRepository,
    InvoicesRepository,
    RefundsRepository,
    ReadModelsRepository,
    OrderViewsService,
    BuyerOrdersService,
    StaffOrdersService,
    MusicOrderIntakeService,
    VipService,
    ProjectsRepository,
    ProjectsService,
    ShopRepository,
    ShopService,
    ShopDemoSeed,
    CartService,
    InvoicesService,
    RefundsService,
    StaffAuditWriter.provide({ service: 'orders', announce: true }),
    OrdersEventHandlers,
    OrdersBuckets,
  ],
})
export class OrdersModule {}
