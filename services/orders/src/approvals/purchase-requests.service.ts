import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  OrderSubmitted,
  PurchaseDecided,
  PurchaseMusicApproved,
  PurchaseRequested,
  SPECIAL_REQUEST_MAX,
  type Language,
  type PurchaseRequestPage,
  type PurchaseRequestStatus,
  type PurchaseRequestView,
} from '@mkt/contracts';
import { AppError, Clock, OutboxWriter, newOrderNo, publicRenditionPath } from '@mkt/platform';
import { assertLicensable } from '../orders/order-rules.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { ProjectsRepository } from '../projects/projects.repository.js';
import { projectLicence } from '../projects/projects.service.js';
import { decide } from './purchase-request-lifecycle.js';
import { PurchaseRequestsRepository, type MusicLicenceChoice, type PurchaseRequestRow, type SaleMaterialRow } from './purchase-requests.repository.js';

const notEnterprise = () => new AppError(ErrorCode.PURCHASE_NOT_ENTERPRISE, 'purchaseNotEnterprise');
const requestNotFound = () => new AppError(ErrorCode.PURCHASE_REQUEST_NOT_FOUND, 'purchaseRequestNotFound');
const nothingBuyable = () => new AppError(ErrorCode.PURCHASE_NOTHING_BUYABLE, 'purchaseNothingBuyable');
/** Videos and photos on sale are quoted; music and sound effects have their own licences (the music order). */
const quotable = (material: SaleMaterialRow) => material.onSale && (material.kind === 'video' || material.kind === 'photo');
const licensableMusic = (material: SaleMaterialRow) => material.onSale && (material.kind === 'music' || material.kind === 'sfx');

export interface NewPurchaseRequest {
  materialIds: number[];
  boardId?: number | undefined;
  boardName: string;
  contact: string;
  phone: string;
  note: string;
  music?: MusicLicenceChoice | undefined;
}

/**
 * Purchase approval: a member of an enterprise customer with a project asks to buy; the
 * company's administrator approves (the quote request is made then, an order under the member's
 * name with the project's licence terms, and follows the usual flow: quote, voucher, licences) or
 * declines with a reason. Both ends are told through events (identity's notification centre).
 * Another company's request is answered as missing.
 */
@Injectable()
export class PurchaseRequestsService {
  constructor(
    private readonly requests: PurchaseRequestsRepository,
    private readonly orders: OrdersRepository,
    private readonly projects: ProjectsRepository,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  async request(userId: string, input: NewPurchaseRequest): Promise<{ id: string }> {
    const customer = await this.requests.enterpriseCustomer(userId);
    if (!customer?.projectId) throw notEnterprise();
    const wanted = [...new Set(input.materialIds)];
    // In the order asked (the board's); music only with the licence it is to have.
    const buyableIds = new Set(
      (await this.requests.materials(wanted)).filter((material) => quotable(material) || (input.music !== undefined && licensableMusic(material))).map((material) => material.materialId),
    );
    const buyable = wanted.filter((materialId) => buyableIds.has(materialId));
    if (buyable.length === 0) throw nothingBuyable();
    const id = randomUUID();
    const now = this.clock.now();
    await this.requests.transaction(async (manager) => {
      await this.requests.insert(manager, {
        id,
        customerId: customer.customerId,
        projectId: customer.projectId!,
        requesterId: userId,
        requester: input.contact,
        boardId: input.boardId ?? null,
        boardName: input.boardName,
        materialIds: buyable,
        contact: input.contact,
        phone: input.phone,
        note: input.note,
        musicLicence: input.music ?? null,
        createdAt: now,
      });
      await this.outbox.add(manager, PurchaseRequested, id, {
        requestId: id,
        customerId: customer.customerId,
        requesterId: userId,
        requester: input.contact,
        itemCount: buyable.length,
        boardName: input.boardName,
        requestedAt: now.toISOString(),
      });
    });
    return { id };
  }

  async mine(userId: string, pageNo: number, pageSize: number, language: Language): Promise<PurchaseRequestPage> {
    return this.viewPage(await this.requests.page({ requesterId: userId }, pageSize, (pageNo - 1) * pageSize), language);
  }

  /** The company's requests, for its administrator. */
  async company(adminId: string, status: PurchaseRequestStatus | undefined, pageNo: number, pageSize: number, language: Language): Promise<PurchaseRequestPage> {
    const customerId = await this.adminCompany(adminId);
    return this.viewPage(await this.requests.page({ customerId, status }, pageSize, (pageNo - 1) * pageSize), language);
  }

  async approve(adminId: string, id: string, language: Language): Promise<PurchaseRequestView> {
    const customerId = await this.adminCompany(adminId);
    const now = this.clock.now();
    await this.requests.transaction(async (manager) => {
      const request = await this.requests.lock(manager, id);
      if (!request || request.customerId !== customerId) throw requestNotFound();
      const status = decide(request.status, 'approve');
      const project = await this.projects.projectOf(request.requesterId);
      // The member must still be the company's, under a project, for the quote to carry its terms.
      if (!project || project.customerId !== customerId) throw notEnterprise();
      const materials = new Map((await this.requests.materials(request.materialIds, manager)).map((material) => [material.materialId, material]));
      const lines = request.materialIds.flatMap((materialId) => {
        const material = materials.get(materialId);
        return material && quotable(material) ? [material] : [];
      });
      const musicIds = request.musicLicence ? request.materialIds.filter((materialId) => materials.has(materialId) && licensableMusic(materials.get(materialId)!)) : [];
      if (lines.length === 0 && musicIds.length === 0) throw nothingBuyable();
      let order: { orderId: string; orderNo: string } | null = null;
      if (lines.length > 0) {
        const orderId = randomUUID();
        const licence = { ...projectLicence(project), contact: request.contact, phone: request.phone, specialRequest: request.note.slice(0, SPECIAL_REQUEST_MAX) };
        assertLicensable(licence.licenceType, lines);
        const orderNo = (await this.orders.insertOrder(manager, { id: orderId, orderNo: newOrderNo(now), userId: request.requesterId, kind: 'material', status: 'submitted', licence, totalFen: null, createdAt: now }))!;
        await this.orders.insertItems(manager, orderId, lines);
        await this.outbox.add(manager, OrderSubmitted, orderId, { orderId, orderNo, userId: request.requesterId, itemCount: lines.length, submittedAt: now.toISOString() });
        order = { orderId, orderNo };
      }
      // The catalogue prices music licences: it places the music order under this id (music.order.placed).
      const musicOrderId = musicIds.length > 0 ? randomUUID() : null;
      if (musicOrderId && request.musicLicence) {
        const { label: _label, ...licence } = request.musicLicence;
        await this.outbox.add(manager, PurchaseMusicApproved, id, {
          requestId: id,
          musicOrderId,
          requesterId: request.requesterId,
          musicIds,
          licence,
          licensee: { projectName: project.name, brand: project.name, licensee: project.companyName },
          approvedAt: now.toISOString(),
        });
      }
      await this.requests.decide(manager, id, { status, reason: '', decidedBy: adminId, orderId: order?.orderId ?? null, musicOrderId, at: now });
      await this.outbox.add(manager, PurchaseDecided, id, { requestId: id, requesterId: request.requesterId, approved: true, reason: '', orderId: order?.orderId ?? null, orderNo: order?.orderNo ?? null, decidedAt: now.toISOString() });
    });
    return this.view(id, language);
  }

  async decline(adminId: string, id: string, reason: string, language: Language): Promise<PurchaseRequestView> {
    const customerId = await this.adminCompany(adminId);
    const now = this.clock.now();
    await this.requests.transaction(async (manager) => {
      const request = await this.requests.lock(manager, id);
      if (!request || request.customerId !== customerId) throw requestNotFound();
      const status = decide(request.status, 'decline');
      await this.requests.decide(manager, id, { status, reason, decidedBy: adminId, orderId: null, musicOrderId: null, at: now });
      await this.outbox.add(manager, PurchaseDecided, id, { requestId: id, requesterId: request.requesterId, approved: false, reason, orderId: null, orderNo: null, decidedAt: now.toISOString() });
    });
    return this.view(id, language);
  }

  private async adminCompany(userId: string): Promise<string> {
    const customer = await this.requests.enterpriseCustomer(userId);
    if (!customer?.enterpriseAdmin) throw AppError.forbidden();
    return customer.customerId;
  }

  private async view(id: string, language: Language): Promise<PurchaseRequestView> {
    const row = await this.requests.one(id);
    if (!row) throw requestNotFound();
    return (await this.viewPage({ rows: [row], total: 1 }, language)).infos[0]!;
  }

  private async viewPage(page: { rows: PurchaseRequestRow[]; total: number }, language: Language): Promise<PurchaseRequestPage> {
    const materials = new Map((await this.requests.materials(page.rows.flatMap((row) => row.materialIds))).map((material) => [material.materialId, material]));
    return {
      total: page.total,
      infos: page.rows.map((row) => ({
        id: row.id,
        status: row.status,
        requester: row.requester,
        boardName: row.boardName,
        projectName: row.projectName,
        note: row.note,
        reason: row.reason,
        orderId: row.orderId,
        orderNo: row.orderNo,
        music: row.musicLicence ? { label: row.musicLicence.label, orderId: row.musicOrderId, orderNo: row.musicOrderNo } : null,
        createdAt: new Date(row.createdAt).toISOString(),
        decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
        items: row.materialIds.flatMap((materialId) => {
          const material = materials.get(materialId);
          if (!material) return [];
          return [{ materialId, kind: material.kind, code: material.code, title: language === 'en' ? material.titleEn || material.titleZh : material.titleZh, thumbnail: publicRenditionPath(material.thumbnailKey) }];
        }),
      })),
    };
  }
}
