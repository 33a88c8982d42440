import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EarningsCredited, type MaterialPublished, type OrderClosed, type OrderConfirmed, type PayloadOf } from '@mkt/contracts';
import { OutboxWriter } from '@mkt/platform';
import { PAYOUT_SETTINGS, type PayoutSettings } from '../payouts.settings.js';
import { LedgerRepository, type NewLedgerEntry } from './ledger.repository.js';

/** Refunds close a confirmed order with this reason (orders' RefundsService). */
const REFUNDED = 'refunded';

/**
 * The earnings ledger: every confirmed sale of a contributor's material credits their share,
 * a refund reverses it. Each entry is unique per order item and entry type, so an event delivered
 * twice credits once.
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly repository: LedgerRepository,
    @Inject(PAYOUT_SETTINGS) private readonly settings: PayoutSettings,
    private readonly outbox: OutboxWriter,
  ) {}

  /** Who owns a material on sale; re-announcements keep it current. */
  async onMaterialPublished(manager: EntityManager, payload: PayloadOf<typeof MaterialPublished>): Promise<void> {
    await this.repository.setMaterialOwner(manager, payload.materialId, payload.contributorId);
  }

  async onOrderConfirmed(manager: EntityManager, order: PayloadOf<typeof OrderConfirmed>): Promise<void> {
    const owners = await this.repository.owners(manager, order.items.map((i) => i.materialId));
    const contributors = [...new Set(owners.values())];
    const shares = await this.repository.sharePercents(manager, contributors);
    const soldAt = new Date(order.confirmedAt);
    const licenceType = order.terms?.licenceType ?? order.kind;
    const entries: NewLedgerEntry[] = [];
    for (const item of order.items) {
      const contributorId = owners.get(item.materialId);
      if (!contributorId) continue; // the platform's own material: nobody to credit
      // A download under an enterprise project is sold at 0 per item; it earns a set amount.
      const amountFen = order.kind === 'project' ? this.settings.projectDownloadFen : item.priceFen;
      const sharePercent = shares.get(contributorId) ?? this.settings.defaultSharePercent;
      entries.push({
        contributorId,
        entryType: 'sale',
        orderId: order.orderId,
        orderNo: order.orderNo,
        itemId: item.itemId,
        materialId: item.materialId,
        code: item.code,
        kind: item.kind,
        titleZh: item.titleZh,
        titleEn: item.titleEn,
        licenceType,
        soldAt,
        amountFen,
        sharePercent,
        earningFen: shareOf(amountFen, sharePercent),
      });
    }
    await this.repository.insertEntries(manager, entries);
    await this.announce(manager, order.orderId, entries);
  }

  /** A refunded order takes back every share it credited, in the quarter of the refund. */
  async onOrderClosed(manager: EntityManager, order: PayloadOf<typeof OrderClosed>): Promise<void> {
    if (order.reason !== REFUNDED) return;
    const sales = await this.repository.saleEntriesOf(manager, order.orderId);
    const reversals: NewLedgerEntry[] = sales.map((sale) => ({ ...sale, entryType: 'reversal', soldAt: new Date(order.closedAt), earningFen: -sale.earningFen }));
    await this.repository.insertEntries(manager, reversals);
    await this.announce(manager, order.orderId, reversals);
  }

  /** Tells the catalogue's sales analytics, in the ledger's transaction (the handler runs once per event, so once per entry). */
  private async announce(manager: EntityManager, orderId: string, entries: NewLedgerEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.outbox.add(manager, EarningsCredited, orderId, {
      orderId,
      entries: entries.map((e) => ({ materialId: e.materialId, contributorId: e.contributorId, entryType: e.entryType, earningFen: e.earningFen, at: e.soldAt.toISOString() })),
    });
  }
}

/** The contributor's share of a price, rounded down to the fen (the platform keeps the remainder). */
export function shareOf(amountFen: number, sharePercent: number): number {
  return Math.floor((amountFen * sharePercent) / 100);
}
