import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { LicenceType, MaterialKind } from '@mkt/contracts';

export interface CompanyLicenceRow {
  orderId: string;
  orderNo: string;
  userId: string;
  confirmedAt: Date;
  itemId: number;
  materialId: number;
  kind: MaterialKind;
  code: string;
  titleZh: string;
  titleEn: string;
  priceFen: number;
  projectName: string | null;
  licenceType: LicenceType | null;
  purpose: string | null;
  musicScene: string | null;
}

export interface CompanyLicenceFilter {
  customerId: string;
  projectId?: string | undefined;
  /** Part of a material's code or title. */
  q: string;
}

/**
 * Licences are order lines: every line of a confirmed order of the company's accounts (orders
 * the buyer kept from the company excepted). The enterprise project is the order's own (a
 * project download) or the one its purchase request was approved under; otherwise the licence
 * form's project name stands.
 */
const FROM = `FROM orders.orders o
  JOIN orders.order_items i ON i."order_id" = o."id"
  LEFT JOIN orders.purchase_requests r ON r."order_id" = o."id"
  LEFT JOIN orders.projects p ON p."project_id" = COALESCE(o."project_id", r."project_id")
  WHERE o."status" = 'confirmed' AND o."kind" <> 'vip' AND NOT o."hidden_from_company"
    AND o."user_id" IN (SELECT "user_id" FROM orders.customers WHERE "customer_id" = $1)
    AND ($2::varchar IS NULL OR COALESCE(o."project_id", r."project_id") = $2)
    AND ($3 = '' OR i."code" ILIKE $3 OR i."title_zh" ILIKE $3 OR i."title_en" ILIKE $3)`;

const COLUMNS = `o."id" AS "orderId", o."order_no" AS "orderNo", o."user_id" AS "userId", o."confirmed_at" AS "confirmedAt",
  i."id" AS "itemId", i."material_id"::float8 AS "materialId", i."kind", i."code", i."title_zh" AS "titleZh", i."title_en" AS "titleEn",
  COALESCE(i."price_fen", 0)::float8 AS "priceFen", COALESCE(p."name", o."licence"->>'projectName') AS "projectName",
  o."licence"->>'licenceType' AS "licenceType", o."licence"->>'purpose' AS "purpose", i."music_licence"->>'scene' AS "musicScene"`;

/** The queries of the company licence history. */
@Injectable()
export class CompanyLicencesRepository {
  constructor(@InjectDataSource('orders') private readonly dataSource: DataSource) {}

  async page(filter: CompanyLicenceFilter, limit: number, offset: number): Promise<{ rows: CompanyLicenceRow[]; total: number }> {
    const params = this.params(filter);
    const [rows, [count]] = await Promise.all([
      this.dataSource.query(`SELECT ${COLUMNS} ${FROM} ORDER BY o."confirmed_at" DESC, o."id", i."sort", i."id" LIMIT $4 OFFSET $5`, [...params, limit, offset]) as Promise<CompanyLicenceRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS "total" ${FROM}`, params) as Promise<{ total: number }[]>,
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  async projects(customerId: string): Promise<{ projectId: string; name: string }[]> {
    return this.dataSource.query(`SELECT "project_id" AS "projectId", "name" FROM orders.projects WHERE "customer_id" = $1 ORDER BY "name", "project_id"`, [customerId]);
  }

  private params(filter: CompanyLicenceFilter): [string, string | null, string] {
    const q = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '';
    return [filter.customerId, filter.projectId ?? null, q];
  }
}
