import { Injectable } from '@nestjs/common';
import { CustomerProfileChanged, CustomerProjectChanged, MaterialPublished, MaterialUnpublished, MusicOrderPlaced, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { MusicOrderIntakeService } from '../orders/music-order-intake.service.js';
import { ReadModelsRepository } from '../read-models/read-models.repository.js';

/**
 * What orders learns from other services: the sale snapshot of every published material (a read
 * model upserted on every delivery, so order does not matter), music orders placed through the
 * licence cascade, and identity's customer fields and enterprise projects.
 */
@Injectable()
export class OrdersEventHandlers {
  constructor(
    private readonly readModels: ReadModelsRepository,
    private readonly musicOrders: MusicOrderIntakeService,
  ) {}

  @OnEvent(MaterialPublished)
  async onMaterialPublished(payload: PayloadOf<typeof MaterialPublished>, { manager }: EventHandlerContext): Promise<void> {
    await this.readModels.upsertMaterial(manager, payload);
  }

  @OnEvent(MaterialUnpublished)
  async onMaterialUnpublished(payload: PayloadOf<typeof MaterialUnpublished>, { manager }: EventHandlerContext): Promise<void> {
    await this.readModels.takeMaterialOffSale(manager, payload.materialId);
  }

  @OnEvent(MusicOrderPlaced)
  async onMusicOrderPlaced(payload: PayloadOf<typeof MusicOrderPlaced>, { manager }: EventHandlerContext): Promise<void> {
    await this.musicOrders.createMusicOrder(manager, payload);
  }

  /** Identity's customer fields, kept for the enterprise views. */
  @OnEvent(CustomerProfileChanged)
  async onCustomerProfileChanged(payload: PayloadOf<typeof CustomerProfileChanged>, { manager }: EventHandlerContext): Promise<void> {
    await this.readModels.upsertCustomer(manager, payload);
  }

  /** Identity's enterprise projects, kept to count and license the downloads made under them. */
  @OnEvent(CustomerProjectChanged)
  async onCustomerProjectChanged(payload: PayloadOf<typeof CustomerProjectChanged>, { manager }: EventHandlerContext): Promise<void> {
    await this.readModels.upsertProject(manager, payload);
  }
}
