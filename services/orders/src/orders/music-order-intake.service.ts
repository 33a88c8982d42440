import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MusicOrderPlaced, PayloadOf } from '@mkt/contracts';
import { newOrderNo } from '@mkt/platform';
import { OrdersRepository } from './orders.repository.js';

/**
 * Orders created from the catalogue's music licence cascade (music.order.placed): already quoted
 * at list price, waiting for the buyer's voucher. Idempotent on the order id. The number is the
 * one the catalogue gave the buyer when the order was placed (events from before numbers were
 * given there get one here).
 */
@Injectable()
export class MusicOrderIntakeService {
  private readonly logger = new Logger(MusicOrderIntakeService.name);

  constructor(private readonly repository: OrdersRepository) {}

  async createMusicOrder(manager: EntityManager, payload: PayloadOf<typeof MusicOrderPlaced>): Promise<void> {
    const placedAt = new Date(payload.placedAt);
    const orderNo = await this.repository.insertOrder(manager, {
      id: payload.orderId,
      orderNo: payload.orderNo ?? newOrderNo(placedAt),
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
    if (!orderNo) return;
    if (payload.orderNo && orderNo !== payload.orderNo) {
      // Another kind of order took the number in the same second (1 in 10,000): the order is kept
      // under a new number, which its order page shows; the buyer's confirmation showed the old one.
      this.logger.warn(`music order ${payload.orderId}: number ${payload.orderNo} was taken, stored as ${orderNo}`);
    }
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
