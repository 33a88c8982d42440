import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MusicOrderPlaced, PayloadOf } from '@mkt/contracts';
import { newOrderNo } from './order-view.js';
import { OrdersRepository } from './orders.repository.js';

/**
 * Orders created from the catalogue's music licence cascade (music.order.placed): already quoted
 * at list price, waiting for the buyer's voucher. Idempotent on the order id.
 */
@Injectable()
export class MusicOrderIntakeService {
  constructor(private readonly repository: OrdersRepository) {}

  async createMusicOrder(manager: EntityManager, payload: PayloadOf<typeof MusicOrderPlaced>): Promise<void> {
    const placedAt = new Date(payload.placedAt);
    const created = await this.repository.insertOrder(manager, {
      id: payload.orderId,
      orderNo: newOrderNo(placedAt),
      userId: payload.userId,
      kind: 'music',
      status: 'quoted',
      licence: {
        licenceType: 'commercial',
        buyerCompany: payload.licensee.licensee,
        userCompany: payload.licensee.licensee,
        projectType: 'other',
        projectName: payload.licensee.projectName,
        brand: payload.licensee.brand,
        purpose: '',
        region: '',
        duration: '',
        contact: '',
        phone: '',
        specialRequest: '',
      },
      totalFen: payload.items.reduce((sum, i) => sum + i.priceFen, 0),
      createdAt: placedAt,
    });
    if (!created) return;
    await this.repository.insertItems(
      manager,
      payload.orderId,
      payload.items.map((item) => ({
        materialId: item.musicId,
        kind: item.musicType === 1 ? 'music' : 'sfx',
        code: item.code,
        titleZh: item.titleZh,
        titleEn: item.titleEn,
        thumbnailKey: item.coverKey,
        originalKey: item.originalKey,
        listPriceFen: item.priceFen,
        priceFen: item.priceFen,
        musicLicence: item.licence,
      })),
    );
  }
}
