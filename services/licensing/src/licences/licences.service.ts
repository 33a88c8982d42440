import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { COMPANY_LICENCE_GRANT_PURPOSE, ErrorCode, LicenceIssued, type Language, type LicenceVerification, type LicenceView, type OrderConfirmed, type PayloadOf } from '@mkt/contracts';
import { APP_CONFIG, AppError, Clock, Metrics, NoMetrics, OBJECT_STORAGE, OutboxWriter, SignedGrants, afterCommit, resolveSecrets, type AppConfig, type ObjectStorage } from '@mkt/platform';
import { DeliveriesService, deliveryProfileOf } from '../downloads/deliveries.service.js';
import { EntitlementsRepository } from '../downloads/entitlements.repository.js';
import { LICENCE_FILE_RENDERER, type LicenceFileRenderer } from './licence-pdf.renderer.js';
import { newVerificationCode, termsOf } from './licence-terms.js';
import { LicencesRepository, type LicenceRow } from './licences.repository.js';
import type { BucketName } from '@mkt/platform';

export const LICENCE_BUCKET = 'licences' satisfies BucketName;
const licenceNotFound = () => new AppError(ErrorCode.LICENCE_NOT_FOUND, 'licenceNotFound');

/**
 * Authorization files: one per confirmed order item, generated as a PDF, kept in the private
 * `licences` bucket, handed to the owner through short-lived signed links, and checkable by
 * anyone through the verification code printed on it.
 */
@Injectable()
export class LicencesService {
  private readonly issued;
  private readonly companyGrants: SignedGrants;
  private readonly logger = new Logger(LicencesService.name);

  constructor(
    private readonly licences: LicencesRepository,
    private readonly entitlements: EntitlementsRepository,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LICENCE_FILE_RENDERER) private readonly renderer: LicenceFileRenderer,
    private readonly deliveries: DeliveriesService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() metrics: Metrics = new NoMetrics(),
  ) {
    this.companyGrants = new SignedGrants(resolveSecrets(config).token, COMPANY_LICENCE_GRANT_PURPOSE);
    this.issued = metrics.counter('licences_issued_total', 'Licence files generated and announced (licence.issued), counted once committed');
  }

  /**
   * order.confirmed: download rights and one licence per item (idempotent), then the files. A
   * personal licence's right waits for the reduced file, asked for here in the same transaction.
   */
  async onOrderConfirmed(manager: EntityManager, order: PayloadOf<typeof OrderConfirmed>): Promise<void> {
    if (order.kind === 'vip') return;
    const now = this.clock.now();
    for (const item of order.items) {
      const delivery = deliveryProfileOf(order.terms?.licenceType, item.kind);
      await this.entitlements.insertIfAbsent(manager, {
        orderId: order.orderId,
        itemId: item.itemId,
        userId: order.userId,
        orderNo: order.orderNo,
        materialId: item.materialId,
        kind: item.kind,
        code: item.code,
        titleZh: item.titleZh,
        titleEn: item.titleEn,
        thumbnailKey: item.thumbnailKey,
        originalKey: item.originalKey,
        purchasedAt: order.confirmedAt,
        delivery,
        projectId: order.projectId,
      });
      if (delivery === 'personal' && item.originalKey) await this.deliveries.request(manager, item.originalKey, item.kind as 'video' | 'photo');
      await this.licences.insertIfAbsent(manager, {
        id: randomUUID(),
        orderId: order.orderId,
        itemId: item.itemId,
        userId: order.userId,
        orderNo: order.orderNo,
        verificationCode: newVerificationCode(),
        terms: termsOf(order, item),
        createdAt: now,
      });
    }
    await this.generatePending(manager, order.orderId);
  }

  /** Generates every not-generated file of an order; the "bulk generation" of /OrderMaterialList. */
  async generatePending(manager: EntityManager, orderId: string): Promise<number> {
    const pending = await this.licences.lockNotGenerated(manager, orderId);
    for (const licence of pending) {
      const pdf = await this.renderer.render(licence.terms, licence.verificationCode);
      const key = `${licence.orderId}/${licence.itemId}-${licence.terms.materialCode}.pdf`;
      // Same key on a retry: the object is replaced, never duplicated.
      await this.storage.put(LICENCE_BUCKET, key, pdf, { contentType: 'application/pdf' });
      const at = this.clock.now();
      await this.licences.markGenerated(manager, licence.id, key, at);
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
    if (pending.length > 0) {
      afterCommit(manager, () => {
        this.issued.inc({}, pending.length);
        // With the trace id of what caused it (a confirmation, a pack download, a buyer's retry).
        this.logger.log({ msg: 'licence files issued', orderId, licenceIds: pending.map((licence) => licence.id) });
      });
    }
    return pending.length;
  }

  async generateForOwner(userId: string, orderId: string, language: Language): Promise<LicenceView[]> {
    if (!(await this.licences.ownsAnyOf(userId, orderId))) throw licenceNotFound();
    await this.licences.transaction((manager) => this.generatePending(manager, orderId));
    return this.list(userId, orderId, language);
  }

  async list(userId: string, orderId: string | undefined, language: Language): Promise<LicenceView[]> {
    const rows = await this.licences.ofUser(userId, orderId);
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
    const row = await this.licences.byId(licenceId);
    if (!row || row.userId !== userId) throw licenceNotFound();
    return this.signedFileUrl(row);
  }

  /**
   * An enterprise administrator's link to a member's file, from a line of the company licence
   * history: the orders service, which knows the company, signed the grant for this caller and
   * this order line. Any other caller, a changed or an expired grant answers as missing.
   */
  async companyFileUrl(userId: string, grant: string): Promise<{ url: string }> {
    const claims = this.companyGrants.read(grant, this.clock.now());
    if (!claims || claims.userId !== userId || typeof claims.orderId !== 'string' || typeof claims.itemId !== 'number') throw licenceNotFound();
    const row = await this.licences.ofItem(claims.orderId, claims.itemId);
    if (!row) throw licenceNotFound();
    return this.signedFileUrl(row);
  }

  private async signedFileUrl(row: LicenceRow): Promise<{ url: string }> {
    if (row.status !== 'generated' || !row.fileKey) throw new AppError(ErrorCode.LICENCE_NOT_GENERATED, 'licenceNotGenerated');
    return { url: await this.storage.signedGetUrl(LICENCE_BUCKET, row.fileKey, 300, { downloadName: `licence-${row.orderNo}-${row.terms.materialCode}.pdf` }) };
  }

  /** Public: whether a code belongs to a real licence and for what; only what the file itself prints. */
  async verify(code: string): Promise<LicenceVerification> {
    const row = await this.licences.generatedByCode(code.toUpperCase());
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
