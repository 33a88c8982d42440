import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { MaterialKind, MaterialReleases, PurchaseRequestStatus } from '@mkt/contracts';

export interface PurchaseRequestRow {
  id: string;
  customerId: string;
  projectId: string;
  requesterId: string;
  requester: string;
  boardName: string;
  materialIds: number[];
  contact: string;
  phone: string;
  note: string;
  status: PurchaseRequestStatus;
  reason: string;
  orderId: string | null;
  orderNo: string | null;
  /** The licence asked for the music among the items (null: none asked, music left out). */
  musicLicence: MusicLicenceChoice | null;
  musicOrderId: string | null;
  musicOrderNo: string | null;
  projectName: string;
  createdAt: Date;
  decidedAt: Date | null;
}

export interface MusicLicenceChoice {
  sceneId: string;
  channelId: string;
  periodId: string;
  authAreaId: string;
  label: string;
}

/** A material as orders keeps it (from material.published), for a request's items and the quote's lines. */
export interface SaleMaterialRow {
  materialId: number;
  onSale: boolean;
  kind: MaterialKind;
  code: string;
  titleZh: string;
  titleEn: string;
  thumbnailKey: string | null;
  originalKey: string | null;
  releases: MaterialReleases;
}

/** An enterprise customer as orders keeps it (customer.profile.changed), with their project's name. */
export interface EnterpriseCustomerRow {
  customerId: string;
  projectId: string | null;
  enterpriseAdmin: boolean;
}

const REQUEST_COLUMNS = `r."id", r."customer_id" AS "customerId", r."project_id" AS "projectId", r."requester_id" AS "requesterId", r."requester",
  r."board_name" AS "boardName", r."material_ids"::float8[] AS "materialIds", r."contact", r."phone", r."note", r."status", r."reason",
  r."order_id" AS "orderId", o."order_no" AS "orderNo", r."music_licence" AS "musicLicence", r."music_order_id" AS "musicOrderId", mo."order_no" AS "musicOrderNo", COALESCE(p."name", r."project_id") AS "projectName", r."created_at" AS "createdAt", r."decided_at" AS "decidedAt"`;
const REQUEST_FROM = `FROM orders.purchase_requests r LEFT JOIN orders.orders o ON o."id" = r."order_id" LEFT JOIN orders.orders mo ON mo."id" = r."music_order_id"
  LEFT JOIN orders.projects p ON p."project_id" = r."project_id"`;

/** The queries of purchase requests. */
@Injectable()
export class PurchaseRequestsRepository {
  constructor(@InjectDataSource('orders') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The caller as an active enterprise customer (status 1, type 1), or null. */
  async enterpriseCustomer(userId: string): Promise<EnterpriseCustomerRow | null> {
    const [row] = (await this.dataSource.query(
      `SELECT "customer_id" AS "customerId", "project_id" AS "projectId", "enterprise_admin" AS "enterpriseAdmin" FROM orders.customers
        WHERE "user_id" = $1 AND "customer_id" IS NOT NULL AND "customer_status" = 1 AND "customer_type" = 1`,
      [userId],
    )) as EnterpriseCustomerRow[];
    return row ?? null;
  }

  async materials(ids: readonly number[], manager?: EntityManager): Promise<SaleMaterialRow[]> {
    return (manager ?? this.dataSource).query(
      `SELECT "material_id"::float8 AS "materialId", "on_sale" AS "onSale", "kind", "code", "title_zh" AS "titleZh", "title_en" AS "titleEn",
              "thumbnail_key" AS "thumbnailKey", "original_key" AS "originalKey", "releases"
         FROM orders.materials WHERE "material_id" = ANY($1::bigint[])`,
      [ids],
    );
  }

  async insert(
    manager: EntityManager,
    request: Omit<PurchaseRequestRow, 'status' | 'reason' | 'orderId' | 'orderNo' | 'musicOrderId' | 'musicOrderNo' | 'projectName' | 'decidedAt'> & { boardId: number | null },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO orders.purchase_requests ("id", "customer_id", "project_id", "requester_id", "requester", "board_id", "board_name", "material_ids", "contact", "phone", "note", "music_licence", "status", "created_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'pending', $13)`,
      [
        request.id,
        request.customerId,
        request.projectId,
        request.requesterId,
        request.requester,
        request.boardId,
        request.boardName,
        request.materialIds,
        request.contact,
        request.phone,
        request.note,
        request.musicLicence === null ? null : JSON.stringify(request.musicLicence),
        request.createdAt,
      ],
    );
  }

  async lock(manager: EntityManager, id: string): Promise<PurchaseRequestRow | null> {
    const [row] = (await manager.query(`SELECT ${REQUEST_COLUMNS} ${REQUEST_FROM} WHERE r."id" = $1 FOR UPDATE OF r`, [id])) as PurchaseRequestRow[];
    return row ?? null;
  }

  async decide(
    manager: EntityManager,
    id: string,
    decision: { status: PurchaseRequestStatus; reason: string; decidedBy: string; orderId: string | null; musicOrderId: string | null; at: Date },
  ): Promise<void> {
    await manager.query(
      `UPDATE orders.purchase_requests SET "status" = $2, "reason" = $3, "decided_by" = $4, "order_id" = $5, "music_order_id" = $6, "decided_at" = $7 WHERE "id" = $1`,
      [id, decision.status, decision.reason, decision.decidedBy, decision.orderId, decision.musicOrderId, decision.at],
    );
  }

  async one(id: string): Promise<PurchaseRequestRow | null> {
    const [row] = (await this.dataSource.query(`SELECT ${REQUEST_COLUMNS} ${REQUEST_FROM} WHERE r."id" = $1`, [id])) as PurchaseRequestRow[];
    return row ?? null;
  }

  async page(where: { requesterId?: string; customerId?: string; status?: PurchaseRequestStatus }, limit: number, offset: number): Promise<{ rows: PurchaseRequestRow[]; total: number }> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (where.requesterId) conditions.push(`r."requester_id" = $${params.push(where.requesterId)}`);
    if (where.customerId) conditions.push(`r."customer_id" = $${params.push(where.customerId)}`);
    if (where.status) conditions.push(`r."status" = $${params.push(where.status)}`);
    const filter = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows: (PurchaseRequestRow & { total: string })[] = await this.dataSource.query(
      `SELECT ${REQUEST_COLUMNS}, count(*) OVER () AS "total" ${REQUEST_FROM} ${filter} ORDER BY r."created_at" DESC, r."id" LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
    return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
  }
}
