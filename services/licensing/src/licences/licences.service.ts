import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ErrorCode, LicenceIssued, type Language, type LicenceVerification, type LicenceView, type OrderConfirmed, type PayloadOf } from '@mkt/contracts';
import { AppError, Clock, OBJECT_STORAGE, OutboxWriter, type ObjectStorage } from '@mkt/platform';
import { DeliveriesService, deliveryProfileOf } from '../downloads/deliveries.service.js';
import { LICENCE_FILE_RENDERER, type LicenceFileRenderer } from './licence-pdf.renderer.js';
import { newVerificationCode, termsOf, type LicenceTerms } from './licence-terms.js';

export const LICENCE_BUCKET = 'licences';

interface LicenceRow {
  id: string;
  orderId: string;
  itemId: number;
  userId: string;
  orderNo: string;
  verificationCode: string;
  terms: LicenceTerms;
  status: 'not-generated' | 'generated';
  fileKey: string | null;
  generatedAt: Date | null;
}
const COLUMNS = `"id", "order_id" AS "orderId", "item_id" AS "itemId", "user_id" AS "userId", "order_no" AS "orderNo", "verification_code" AS "verificationCode",
  "terms", "status", "file_key" AS "fileKey", "generated_at" AS "generatedAt"`;

/**
 * Authorization files: one per confirmed order item, generated as a PDF, kept in the private
 * `licences` bucket, handed to the owner through short-lived signed links, and checkable by
 * anyone through the verification code printed on it.
 */
@Injectable()
export class LicencesService {
  constructor(
    @InjectDataSource('licensing') private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LICENCE_FILE_RENDERER) private readonly renderer: LicenceFileRenderer,
    private readonly deliveries: DeliveriesService,
  ) {}

  /**
   * order.confirmed: download rights and one licence per item (idempotent), then the files. A
   * personal licence's right waits for the reduced file, asked for here in the same transaction.
   */
  async onOrderConfirmed(manager: EntityManager, order: PayloadOf<typeof OrderConfirmed>): Promise<void> {
    if (order.kind === 'vip') return;
    const now = this.clock.now();
    for (const item of order.items) {
      const delivery = deliveryProfileOf(order.terms?.licenceType, item.kind);
      await manager.query(
        `INSERT INTO licensing.entitlements ("order_id", "item_id", "user_id", "order_no", "material_id", "kind", "code", "title_zh", "title_en", "thumbnail_key", "original_key", "purchased_at", "delivery", "project_id")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT DO NOTHING`,
        [order.orderId, item.itemId, order.userId, order.orderNo, item.materialId, item.kind, item.code, item.titleZh, item.titleEn, item.thumbnailKey, item.originalKey, order.confirmedAt, delivery, order.projectId],
      );
      if (delivery === 'personal' && item.originalKey) await this.deliveries.request(manager, item.originalKey, item.kind as 'video' | 'photo');
      await manager.query(
        `INSERT INTO licensing.licences ("id", "order_id", "item_id", "user_id", "order_no", "verification_code", "terms", "status", "created_at")
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'not-generated', $8) ON CONFLICT ("order_id", "item_id") DO NOTHING`,
        [randomUUID(), order.orderId, item.itemId, order.userId, order.orderNo, newVerificationCode(), JSON.stringify(termsOf(order, item)), now],
      );
    }
    await this.generatePending(manager, order.orderId);
  }

  /** Generates every not-generated file of an order; the "bulk generation" of /OrderMaterialList. */
  async generatePending(manager: EntityManager, orderId: string): Promise<number> {
    const pending: LicenceRow[] = await manager.query(`SELECT ${COLUMNS} FROM licensing.licences WHERE "order_id" = $1 AND "status" = 'not-generated' ORDER BY "item_id" FOR UPDATE`, [orderId]);
    for (const licence of pending) {
      const pdf = await this.renderer.render(licence.terms, licence.verificationCode);
      const key = `${licence.orderId}/${licence.itemId}-${licence.terms.materialCode}.pdf`;
      // Same key on a retry: the object is replaced, never duplicated.
      await this.storage.put(LICENCE_BUCKET, key, pdf, { contentType: 'application/pdf' });
      const at = this.clock.now();
      await manager.query(`UPDATE licensing.licences SET "status" = 'generated', "file_key" = $2, "generated_at" = $3 WHERE "id" = $1`, [licence.id, key, at]);
      await this.outbox.add(manager, LicenceIssued, licence.orderId, {
        licenceId: licence.id,
        orderId: licence.orderId,
        itemId: licence.itemId,
        userId: licence.userId,
        verificationCode: licence.verificationCode,
        fileKey: `${LICENCE_BUCKET}/${key}`,
        issuedAt: at.toISOString(),
      });
    }
    return pending.length;
  }

  async generateForOwner(userId: string, orderId: string, language: Language): Promise<LicenceView[]> {
    const [owned] = await this.dataSource.query(`SELECT 1 FROM licensing.licences WHERE "order_id" = $1 AND "user_id" = $2 LIMIT 1`, [orderId, userId]);
    if (!owned) throw new AppError(ErrorCode.LICENCE_NOT_FOUND, 'licenceNotFound');
    await this.dataSource.transaction((manager) => this.generatePending(manager, orderId));
    return this.list(userId, orderId, language);
  }

  async list(userId: string, orderId: string | undefined, language: Language): Promise<LicenceView[]> {
    const params: unknown[] = [userId];
    const rows: LicenceRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM licensing.licences WHERE "user_id" = $1 ${orderId ? `AND "order_id" = $${params.push(orderId)}` : ''} ORDER BY "created_at" DESC, "item_id"`,
      params,
    );
    return rows.map((r) => ({
      licenceId: r.id,
      orderId: r.orderId,
      orderNo: r.orderNo,
      itemId: r.itemId,
      materialId: r.terms.materialId,
      code: r.terms.materialCode,
      title: language === 'en' ? r.terms.titleEn || r.terms.titleZh : r.terms.titleZh,
      status: r.status,
      verificationCode: r.verificationCode,
      generatedAt: r.generatedAt ? new Date(r.generatedAt).toISOString() : null,
    }));
  }

  /** A signed link to the caller's own authorization file; anyone else's answers as missing. */
  async fileUrl(userId: string, licenceId: string): Promise<{ url: string }> {
    const [row]: LicenceRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM licensing.licences WHERE "id" = $1`, [licenceId]);
    if (!row || row.userId !== userId) throw new AppError(ErrorCode.LICENCE_NOT_FOUND, 'licenceNotFound');
    if (row.status !== 'generated' || !row.fileKey) throw new AppError(ErrorCode.LICENCE_NOT_GENERATED, 'licenceNotGenerated');
    return { url: await this.storage.signedGetUrl(LICENCE_BUCKET, row.fileKey, 300, { downloadName: `licence-${row.orderNo}-${row.terms.materialCode}.pdf` }) };
  }

  /** Public: whether a code belongs to a real licence and for what; only what the file itself prints. */
  async verify(code: string): Promise<LicenceVerification> {
    const [row]: LicenceRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM licensing.licences WHERE "verification_code" = $1 AND "status" = 'generated'`, [code.toUpperCase()]);
    if (!row) return { valid: false, licence: null };
    const t = row.terms;
    return {
      valid: true,
      licence: {
        verificationCode: row.verificationCode,
        orderNo: row.orderNo,
        materialCode: t.materialCode,
        title: `${t.titleZh} / ${t.titleEn}`,
        licenceType: t.licenceType,
        region: t.region,
        duration: t.duration,
        licensee: t.userCompany || t.buyerCompany,
        issuedAt: t.issuedOn,
      },
    };
  }
}
