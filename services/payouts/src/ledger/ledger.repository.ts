import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { LedgerEntryType } from '@mkt/contracts';

export interface NewLedgerEntry {
  contributorId: string;
  entryType: LedgerEntryType;
  orderId: string;
  orderNo: string;
  itemId: number;
  materialId: number;
  code: string;
  kind: string;
  titleZh: string;
  titleEn: string;
  licenceType: string;
  soldAt: Date;
  amountFen: number;
  sharePercent: number;
  earningFen: number;
}

export interface LedgerRow extends NewLedgerEntry {
  id: number;
  statementId: string | null;
}

const COLUMNS = `"id"::float8 AS "id", "contributor_id" AS "contributorId", "entry_type" AS "entryType", "order_id" AS "orderId", "order_no" AS "orderNo",
  "item_id" AS "itemId", "material_id"::float8 AS "materialId", "code", "kind", "title_zh" AS "titleZh", "title_en" AS "titleEn", "licence_type" AS "licenceType",
  "sold_at" AS "soldAt", "amount_fen"::float8 AS "amountFen", "share_percent" AS "sharePercent", "earning_fen"::float8 AS "earningFen", "statement_id" AS "statementId"`;

/** SQL of the materials' owners, the share settings and the earnings ledger; writes take the caller's transaction. */
@Injectable()
export class LedgerRepository {
  constructor(@InjectDataSource('payouts') readonly dataSource: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  async setMaterialOwner(manager: EntityManager, materialId: number, contributorId: string | null): Promise<void> {
    await manager.query(
      `INSERT INTO payouts.materials ("material_id", "contributor_id", "updated_at") VALUES ($1, $2, now())
       ON CONFLICT ("material_id") DO UPDATE SET "contributor_id" = EXCLUDED."contributor_id", "updated_at" = now()`,
      [materialId, contributorId],
    );
  }

  async owners(manager: EntityManager, materialIds: number[]): Promise<Map<number, string>> {
    if (materialIds.length === 0) return new Map();
    const rows: { materialId: number; contributorId: string }[] = await manager.query(
      `SELECT "material_id"::float8 AS "materialId", "contributor_id" AS "contributorId" FROM payouts.materials WHERE "material_id" = ANY($1::bigint[]) AND "contributor_id" IS NOT NULL`,
      [materialIds],
    );
    return new Map(rows.map((r) => [r.materialId, r.contributorId]));
  }

  async sharePercents(manager: EntityManager, contributorIds: string[]): Promise<Map<string, number>> {
    if (contributorIds.length === 0) return new Map();
    const rows: { contributorId: string; sharePercent: number }[] = await manager.query(
      `SELECT "contributor_id" AS "contributorId", "share_percent" AS "sharePercent" FROM payouts.shares WHERE "contributor_id" = ANY($1::uuid[]) AND "share_percent" IS NOT NULL`,
      [contributorIds],
    );
    return new Map(rows.map((r) => [r.contributorId, r.sharePercent]));
  }

  /** Entries already written (the same event delivered again) are left as they are. */
  async insertEntries(manager: EntityManager, entries: NewLedgerEntry[]): Promise<void> {
    for (const e of entries) {
      await manager.query(
        `INSERT INTO payouts.ledger ("contributor_id", "entry_type", "order_id", "order_no", "item_id", "material_id", "code", "kind", "title_zh", "title_en", "licence_type", "sold_at", "amount_fen", "share_percent", "earning_fen")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT ("order_id", "item_id", "entry_type") DO NOTHING`,
        [e.contributorId, e.entryType, e.orderId, e.orderNo, e.itemId, e.materialId, e.code, e.kind, e.titleZh, e.titleEn, e.licenceType, e.soldAt, e.amountFen, e.sharePercent, e.earningFen],
      );
    }
  }

  saleEntriesOf(manager: EntityManager, orderId: string): Promise<LedgerRow[]> {
    return manager.query(`SELECT ${COLUMNS} FROM payouts.ledger WHERE "order_id" = $1 AND "entry_type" = 'sale' ORDER BY "item_id"`, [orderId]);
  }

  /** The contributor's earnings per quarter (UTC+8), oldest first. */
  quarterTotals(contributorId: string): Promise<{ year: number; quarter: number; earningFen: number; saleCount: number }[]> {
    return this.dataSource.query(
      `SELECT extract(year FROM "sold_at" AT TIME ZONE 'Asia/Shanghai')::int AS "year", extract(quarter FROM "sold_at" AT TIME ZONE 'Asia/Shanghai')::int AS "quarter",
         sum("earning_fen")::float8 AS "earningFen", count(*) FILTER (WHERE "entry_type" = 'sale')::int AS "saleCount"
       FROM payouts.ledger WHERE "contributor_id" = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [contributorId],
    );
  }

  bestSellers(contributorId: string, limit: number): Promise<{ materialId: number; code: string; titleZh: string; titleEn: string; saleCount: number; earningFen: number }[]> {
    return this.dataSource.query(
      `SELECT "material_id"::float8 AS "materialId", max("code") AS "code", max("title_zh") AS "titleZh", max("title_en") AS "titleEn",
         count(*) FILTER (WHERE "entry_type" = 'sale')::int - count(*) FILTER (WHERE "entry_type" = 'reversal')::int AS "saleCount", sum("earning_fen")::float8 AS "earningFen"
       FROM payouts.ledger WHERE "contributor_id" = $1 GROUP BY "material_id" HAVING sum("earning_fen") > 0 ORDER BY "earningFen" DESC, "materialId" LIMIT $2`,
      [contributorId, limit],
    );
  }

  /** Each listed material's earnings per UTC+8 quarter, oldest first. */
  materialQuarterTotals(contributorId: string, materialIds: number[]): Promise<{ materialId: number; year: number; quarter: number; earningFen: number }[]> {
    if (materialIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT "material_id"::float8 AS "materialId", extract(year FROM "sold_at" AT TIME ZONE 'Asia/Shanghai')::int AS "year",
         extract(quarter FROM "sold_at" AT TIME ZONE 'Asia/Shanghai')::int AS "quarter", sum("earning_fen")::float8 AS "earningFen"
       FROM payouts.ledger WHERE "contributor_id" = $1 AND "material_id" = ANY($2::bigint[]) GROUP BY 1, 2, 3 ORDER BY 2, 3`,
      [contributorId, materialIds],
    );
  }

  async totals(contributorId: string, manager?: EntityManager): Promise<{ totalFen: number; unstatedFen: number }> {
    const [row] = await this.m(manager).query(
      `SELECT coalesce(sum("earning_fen"), 0)::float8 AS "totalFen", coalesce(sum("earning_fen") FILTER (WHERE "statement_id" IS NULL), 0)::float8 AS "unstatedFen"
       FROM payouts.ledger WHERE "contributor_id" = $1`,
      [contributorId],
    );
    return row as { totalFen: number; unstatedFen: number };
  }
}
