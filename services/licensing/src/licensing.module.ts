import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { DeliveryPrepared, OrderConfirmed } from '@mkt/contracts';
import { DatabaseModule, EventsModule, HandledEventEntity, OBJECT_STORAGE, OutboxMessageEntity, OutboxTraceContext1765600000000, type ObjectStorage } from '@mkt/platform';
import { DeliveriesRepository } from './downloads/deliveries.repository.js';
import { DeliveriesService } from './downloads/deliveries.service.js';
import { DownloadsService } from './downloads/downloads.service.js';
import { EntitlementsRepository } from './downloads/entitlements.repository.js';
import { LicensingEventHandlers } from './events/licensing-event.handlers.js';
import { LICENCE_FILE_RENDERER, PdfkitLicenceRenderer } from './licences/licence-pdf.renderer.js';
import { LicencesRepository } from './licences/licences.repository.js';
import { LICENCE_BUCKET, LicencesService } from './licences/licences.service.js';
import { LicensingInit1764100000100 } from './migrations/1764100000100-licensing-init.js';
import { LicensingDeliveries1764200000100 } from './migrations/1764200000100-licensing-deliveries.js';
import { LicensingStoreController } from './store/licensing-store.controller.js';

export const LICENSING_ENTITIES = [OutboxMessageEntity, HandledEventEntity];
export const LICENSING_MIGRATIONS = [LicensingInit1764100000100, LicensingDeliveries1764200000100, OutboxTraceContext1765600000000];

@Injectable()
class LicensingBuckets implements OnModuleInit {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}
  async onModuleInit(): Promise<void> {
    await this.storage.ensureBucket(LICENCE_BUCKET);
  }
}

/**
 * Licensing: authorization files (PDF), their public verification, download rights (originals, or
 * files reduced for personal licences) and signed download links.
 */
@Module({
  imports: [
    DatabaseModule.forService({ name: 'licensing', entities: LICENSING_ENTITIES, migrations: LICENSING_MIGRATIONS }),
    EventsModule.forService({ dataSourceName: 'licensing', consumerGroup: 'licensing', consumes: [OrderConfirmed, DeliveryPrepared] }),
  ],
  controllers: [LicensingStoreController],
  providers: [
    { provide: LICENCE_FILE_RENDERER, useClass: PdfkitLicenceRenderer },
    LicencesRepository,
    EntitlementsRepository,
    DeliveriesRepository,
    LicencesService,
    DownloadsService,
    DeliveriesService,
    LicensingEventHandlers,
    LicensingBuckets,
  ],
})
export class LicensingModule {}
