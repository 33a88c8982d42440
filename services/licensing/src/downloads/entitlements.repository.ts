import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { DeliveryProfile } from './deliveries.service.js';

export interface EntitlementRow {
  orderId: string;
  itemId: number;
  userId: string;
  orderNo: string;
  materialId: number;
  kind: string;
  code: string;
  titleZh: string;
  titleEn: string;
  thumbnailKey: string | null;
  originalKey: string | null;
  purchasedAt: Date;
  delivery: DeliveryProfile;
  projectId: string | null;
  /** The reduced file of a personal licence, once the uploads service made it. */
  deliveryKey: string | null;
}

/** As order.confirmed carries it: the purchase time is the order's ISO confirmation time. */
export type NewEntitlementRow = Omit<EntitlementRow, 'deliveryKey' | 'purchasedAt'> & { purchasedAt: string };

// A personal right hands out the reduced file, and only once it is ready; every other right the original.
const SELECT = `SELECT e."order_id" AS "orderId", e."item_id" AS "itemId", e."user_id" AS "userId", e."order_no" AS "orderNo", e."material_id"::float8 AS "materialId",
  e."kind", e."code", e."title_zh" AS "titleZh", e."title_en" AS "titleEn", e."thumbnail_key" AS "thumbnailKey", e."original_key" AS "originalKey",
  e."purchased_at" AS "purchasedAt", e."delivery", e."project_id" AS "projectId", d."delivery_key" AS "deliveryKey"
  FROM licensing.entitlements e
  LEFT JOIN licensing.deliveries d ON e."delivery" = 'personal' AND d."source_key" = e."original_key" AND d."profile" = 'personal' AND d."status" = 'ready'`;

/** SQL of download rights (licensing.entitlements), read with the reduced file they may wait for. */
@Injectable()
export class EntitlementsRepository {
  constructor(@InjectDataSource('licensing') private readonly dataSource: DataSource) {}

  /** One right per order item: a redelivered order.confirmed changes nothing. */
  async insertIfAbsent(manager: EntityManager, row: NewEntitlementRow): Promise<void> {
    await manager.query(
      `INSERT INTO licensing.entitlements ("order_id", "item_id", "user_id", "order_no", "material_id", "kind", "code", "title_zh", "title_en", "thumbnail_key", "original_key", "purchased_at", "delivery", "project_id")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT DO NOTHING`,
      [
        row.orderId,
        row.itemId,
        row.userId,
        row.orderNo,
        row.materialId,
        row.kind,
        row.code,
        row.titleZh,
        row.titleEn,
        row.thumbnailKey,
        row.originalKey,
        row.purchasedAt,
        row.delivery,
        row.projectId,
      ],
    );
  }

  /** Newest first, at most 500; with `projectOnly`, those downloaded under an enterprise project. */
  async ofUser(userId: string, projectOnly: boolean): Promise<EntitlementRow[]> {
    return this.dataSource.query(
      `${SELECT} WHERE e."user_id" = $1 ${projectOnly ? `AND e."project_id" IS NOT NULL` : ''} ORDER BY e."purchased_at" DESC, e."item_id" LIMIT 500`,
      [userId],
    );
  }

  async byItem(orderId: string, itemId: number): Promise<EntitlementRow | null> {
    const [row]: EntitlementRow[] = await this.dataSource.query(`${SELECT} WHERE e."order_id" = $1 AND e."item_id" = $2`, [orderId, itemId]);
    return row ?? null;
  }
}
