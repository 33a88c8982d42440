import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  OrderConfirmed,
  OrderQuoted,
  VIP_DAYS,
  VIP_PRICE_FEN,
  VIP_PRICE_PERCENT,
  type DownloadPacksResponse,
  type Language,
  type ShopListResponse,
  type ShopOrderRequest,
  type ShopPackDownloadResult,
  type ShopProductInput,
  type ShopProductRecord,
  type ShopProductUpdate,
  type ShopProductView,
} from '@mkt/contracts';
import { AppError, Clock, OutboxWriter, StaffAuditWriter, newOrderNo, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import type { EntityManager } from 'typeorm';
import { assertLicensable, confirmedPayload } from '../orders/order-rules.js';
import { OrdersRepository, type OrderRow } from '../orders/orders.repository.js';
import { choosePack, packLicence, packValidUntil, packsView, productRecord, productView, unitFen } from './shop-rules.js';
import { ShopRepository, type ShopProductRow } from './shop.repository.js';

const productNotFound = () => new AppError(ErrorCode.SHOP_PRODUCT_NOT_FOUND, 'shopProductNotFound');

/**
 * The shop (ADR 0018): fixed-price products bought through the ordinary order flow, and the
 * download packs they grant. A purchase is a 'product' order born quoted at the product's price,
 * paid by voucher and confirmed by staff like any other; confirming it grants the pack. Each
 * download drawn from a pack is a 'pack' order born confirmed, so licensing issues its file and
 * download right exactly as for a paid order.
 */
@Injectable()
export class ShopService {
  constructor(
    private readonly shop: ShopRepository,
    private readonly orders: OrdersRepository,
    private readonly outbox: OutboxWriter,
    private readonly audit: StaffAuditWriter,
    private readonly clock: Clock,
  ) {}

  async list(language: Language): Promise<ShopListResponse> {
    const products = await this.shop.enabledProducts();
    return { products: products.map((row) => productView(row, language)), vip: { priceFen: VIP_PRICE_FEN, days: VIP_DAYS, pricePercent: VIP_PRICE_PERCENT } };
  }

  /** A disabled product answers like a missing one: the store only ever links enabled ones. */
  async detail(id: number, language: Language): Promise<ShopProductView> {
    const row = await this.shop.product(id);
    if (!row || !row.enabled) throw productNotFound();
    return productView(row, language);
  }

  async createOrder(userId: string, request: ShopOrderRequest): Promise<{ orderId: string; orderNo: string }> {
    const now = this.clock.now();
    return this.shop.transaction(async (manager) => {
      // Locked so a product disabled or repriced at this moment is either bought as it was or refused.
      const product = await this.shop.lockProduct(manager, request.productId);
      if (!product) throw productNotFound();
      if (!product.enabled) throw new AppError(ErrorCode.SHOP_PRODUCT_UNAVAILABLE, 'shopProductUnavailable');
      const orderId = randomUUID();
      const licence = packLicence(product, request.licensee);
      const orderNo = (await this.orders.insertOrder(manager, { id: orderId, orderNo: newOrderNo(now), userId, kind: 'product', status: 'quoted', licence, totalFen: product.priceFen, createdAt: now }))!;
      await this.shop.setOrderProduct(manager, orderId, {
        productId: product.id,
        nameZh: product.nameZh,
        nameEn: product.nameEn,
        videoCount: product.videoCount,
        photoCount: product.photoCount,
        validDays: product.validDays,
      });
      await this.outbox.add(manager, OrderQuoted, orderId, { orderId, orderNo, userId, totalFen: product.priceFen, validUntil: null });
      return { orderId, orderNo };
    });
  }

  /** Called by the staff confirmation, inside its transaction: the pack starts the moment it is paid for. */
  async grantPack(manager: EntityManager, order: OrderRow, now: Date): Promise<void> {
    const bought = order.shopProduct;
    if (order.kind !== 'product' || !bought || !order.licence) return;
    await this.shop.grantPack(manager, {
      id: randomUUID(),
      userId: order.userId,
      orderId: order.id,
      productId: bought.productId,
      nameZh: bought.nameZh,
      nameEn: bought.nameEn,
      videoTotal: bought.videoCount,
      photoTotal: bought.photoCount,
      unitFen: unitFen(order.totalFen ?? 0, bought.videoCount + bought.photoCount),
      licence: order.licence,
      validUntil: packValidUntil(now, bought.validDays),
      at: now,
    });
  }

  async packs(userId: string, language: Language): Promise<DownloadPacksResponse> {
    return packsView(await this.shop.packsOf(userId), language, this.clock.now());
  }

  async download(userId: string, materialId: number): Promise<ShopPackDownloadResult> {
    const now = this.clock.now();
    return this.shop.transaction(async (manager) => {
      await this.shop.lockPacksOf(manager, userId);
      const left = async () => {
        const view = packsView(await this.shop.packsOf(userId, manager), 'zh-CN', now);
        return { videoLeft: view.videoLeft, photoLeft: view.photoLeft };
      };
      // Licensed from a pack before: the file and the right exist, nothing more is counted.
      const earlier = await this.shop.earlierDownload(manager, userId, materialId);
      if (earlier) return { ...earlier, alreadyLicensed: true, ...(await left()) };

      const material = await this.orders.material(materialId, manager);
      if (!material || !material.onSale) throw new AppError(ErrorCode.NOT_FOUND, 'materialNotFound');
      if ((material.kind !== 'video' && material.kind !== 'photo') || !material.originalKey) {
        throw new AppError(ErrorCode.SHOP_MATERIAL_NOT_DOWNLOADABLE, 'shopMaterialNotDownloadable');
      }
      const kind = material.kind;
      const pack = choosePack(await this.shop.packsOf(userId, manager), kind, now);
      if (!pack) throw new AppError(ErrorCode.SHOP_PACK_NONE_LEFT, kind === 'video' ? 'shopPackNoneLeftVideo' : 'shopPackNoneLeftPhoto');
      assertLicensable(pack.licence.licenceType, [material]);

      const orderId = randomUUID();
      const itemId = await this.shop.insertPackOrder(
        manager,
        { id: orderId, orderNo: newOrderNo(now), userId, licence: pack.licence, unitFen: pack.unitFen, at: now },
        { materialId, kind, code: material.code, titleZh: material.titleZh, titleEn: material.titleEn, thumbnailKey: material.thumbnailKey, originalKey: material.originalKey, releases: material.releases },
      );
      await this.shop.recordDownload(manager, { packId: pack.id, userId, materialId, kind, orderId, itemId, at: now });
      const order = (await this.orders.order(orderId, manager))!;
      await this.outbox.add(manager, OrderConfirmed, orderId, confirmedPayload(order, await this.orders.items([orderId], manager), now));
      return { orderId, itemId, packId: pack.id, alreadyLicensed: false, ...(await left()) };
    });
  }

  // ---- console ----

  async listRecords(query: ListQuery<{ q?: string; enabled?: boolean; id?: number[] }>): Promise<{ rows: ShopProductRecord[]; total: number }> {
    const { rows, total } = await this.shop.listProducts({ q: query.filter.q, enabled: query.filter.enabled, ids: query.filter.id }, { field: query.sortField, order: query.sortOrder }, query.skip, query.take);
    return { rows: rows.map(productRecord), total };
  }

  async record(id: string): Promise<ShopProductRecord> {
    const row = await this.shop.product(Number(id));
    if (!row) throw productNotFound();
    return productRecord(row);
  }

  async create(staff: AuthenticatedStaff, input: ShopProductInput): Promise<ShopProductRecord> {
    const now = this.clock.now();
    return this.shop.transaction(async (manager) => {
      const id = await this.shop.insertProduct(manager, input, now);
      const after = (await this.shop.product(id, manager))!;
      await this.audit.record(manager, staff, { action: 'create', resource: 'shop-products', resourceId: String(id), before: null, after: auditSummary(after) });
      return productRecord(after);
    });
  }

  /** Edits, enabling and disabling; orders already placed keep what they bought. */
  async update(staff: AuthenticatedStaff, id: string, changes: ShopProductUpdate): Promise<ShopProductRecord> {
    const now = this.clock.now();
    return this.shop.transaction(async (manager) => {
      const before = await this.shop.lockProduct(manager, Number(id));
      if (!before) throw productNotFound();
      const merged = { ...before, ...changes };
      if (merged.videoCount + merged.photoCount <= 0) throw new AppError(ErrorCode.SHOP_PRODUCT_INVALID, 'shopProductNothingToDownload');
      await this.shop.updateProduct(manager, before.id, changes, now);
      const after = (await this.shop.product(before.id, manager))!;
      const action = changes.enabled === false && before.enabled ? 'disable' : changes.enabled === true && !before.enabled ? 'enable' : 'update';
      await this.audit.record(manager, staff, { action, resource: 'shop-products', resourceId: id, before: auditSummary(before), after: auditSummary(after) });
      return productRecord(after);
    });
  }
}

const auditSummary = (row: ShopProductRow) => ({
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  priceFen: row.priceFen,
  videoCount: row.videoCount,
  photoCount: row.photoCount,
  validDays: row.validDays,
  licenceType: row.licenceType,
  enabled: row.enabled,
});
