import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { MaterialReleases } from '@mkt/contracts';
import { MAX_ORDER_NO_DRAWS, newOrderNo } from '@mkt/platform';

/** An enterprise project as orders keeps it (from identity's customer.project.changed). */
export interface ProjectRow {
  projectId: string;
  customerId: string;
  name: string;
  companyName: string;
  status: number;
  videoBranches: number;
  photoBranches: number;
  projectType: string;
  region: string;
  duration: string;
  purpose: string;
  validUntil: Date | null;
}

export interface ProjectDownloadRow {
  orderId: string;
  itemId: number;
}

export type ProjectUsage = Record<'video' | 'photo', number>;

const PROJECT_COLUMNS = `p."project_id" AS "projectId", p."customer_id" AS "customerId", p."name", p."company_name" AS "companyName", p."status",
  p."video_branches" AS "videoBranches", p."photo_branches" AS "photoBranches", p."project_type" AS "projectType", p."region", p."duration", p."purpose",
  p."valid_until" AS "validUntil"`;

/**
 * The project of an enterprise customer: the user must be an active enterprise customer
 * (customerId, customerStatus 1, customerType 1) whose projectId names a project of the same company.
 */
const PROJECT_OF_USER = `FROM orders.customers c JOIN orders.projects p ON p."project_id" = c."project_id" AND p."customer_id" = c."customer_id"
  WHERE c."user_id" = $1 AND c."customer_status" = 1 AND c."customer_type" = 1`;

/** SQL of enterprise projects and the downloads made under them. */
@Injectable()
export class ProjectsRepository {
  constructor(@InjectDataSource('orders') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async projectOf(userId: string): Promise<ProjectRow | null> {
    const [row] = await this.dataSource.query(`SELECT ${PROJECT_COLUMNS} ${PROJECT_OF_USER}`, [userId]);
    return (row as ProjectRow | undefined) ?? null;
  }

  /** The same, with the project row locked: downloads of one project are counted one at a time. */
  async lockProjectOf(manager: EntityManager, userId: string): Promise<ProjectRow | null> {
    const [row] = await manager.query(`SELECT ${PROJECT_COLUMNS} ${PROJECT_OF_USER} FOR UPDATE OF p`, [userId]);
    return (row as ProjectRow | undefined) ?? null;
  }

  /** Distinct materials licensed to the project, per kind: what its allowances count. */
  async usage(projectId: string, manager?: EntityManager): Promise<ProjectUsage> {
    const rows: { kind: 'video' | 'photo'; used: number }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT "kind", count(DISTINCT "material_id")::int AS "used" FROM orders.project_downloads WHERE "project_id" = $1 GROUP BY "kind"`,
      [projectId],
    );
    const usage: ProjectUsage = { video: 0, photo: 0 };
    for (const row of rows) usage[row.kind] = row.used;
    return usage;
  }

  async downloadOf(manager: EntityManager, projectId: string, userId: string, materialId: number): Promise<ProjectDownloadRow | null> {
    const [row] = await manager.query(
      `SELECT "order_id" AS "orderId", "item_id" AS "itemId" FROM orders.project_downloads WHERE "project_id" = $1 AND "user_id" = $2 AND "material_id" = $3`,
      [projectId, userId, materialId],
    );
    return (row as ProjectDownloadRow | undefined) ?? null;
  }

  async licensedToProject(manager: EntityManager, projectId: string, materialId: number): Promise<boolean> {
    const [row] = await manager.query(`SELECT 1 FROM orders.project_downloads WHERE "project_id" = $1 AND "material_id" = $2 LIMIT 1`, [projectId, materialId]);
    return !!row;
  }

  /** A 'project' order: born confirmed (the project's contract is its payment), never priced. */
  async insertProjectOrder(
    manager: EntityManager,
    order: { id: string; orderNo: string; userId: string; projectId: string; licence: unknown; at: Date },
    item: { materialId: number; kind: 'video' | 'photo'; code: string; titleZh: string; titleEn: string; thumbnailKey: string | null; originalKey: string | null; releases: MaterialReleases },
  ): Promise<number> {
    // A number another order holds is drawn again (numbers are random within their second).
    for (let draw = 1, orderNo = order.orderNo; ; draw += 1, orderNo = newOrderNo(order.at)) {
      const stored: unknown[] = await manager.query(
        `INSERT INTO orders.orders ("id", "order_no", "user_id", "kind", "status", "licence", "total_fen", "confirmed_at", "project_id", "created_at", "updated_at")
         VALUES ($1, $2, $3, 'project', 'confirmed', $4, 0, $5, $6, $5, $5) ON CONFLICT ("order_no") DO NOTHING RETURNING "id"`,
        [order.id, orderNo, order.userId, JSON.stringify(order.licence), order.at, order.projectId],
      );
      if (stored.length > 0) break;
      if (draw >= MAX_ORDER_NO_DRAWS) throw new Error(`no free order number for order ${order.id} after ${draw} draws`);
    }
    const [inserted] = await manager.query(
      `INSERT INTO orders.order_items ("order_id", "material_id", "kind", "code", "title_zh", "title_en", "thumbnail_key", "original_key", "list_price_fen", "price_fen", "sort", "releases")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, 0, $9) RETURNING "id"`,
      [order.id, item.materialId, item.kind, item.code, item.titleZh, item.titleEn, item.thumbnailKey, item.originalKey, JSON.stringify(item.releases)],
    );
    return Number(inserted.id);
  }

  async recordDownload(manager: EntityManager, row: { projectId: string; userId: string; materialId: number; kind: 'video' | 'photo'; orderId: string; itemId: number; at: Date }): Promise<void> {
    await manager.query(
      `INSERT INTO orders.project_downloads ("project_id", "user_id", "material_id", "kind", "order_id", "item_id", "downloaded_at") VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.projectId, row.userId, row.materialId, row.kind, row.orderId, row.itemId, row.at],
    );
  }
}
