import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ContributorShareView } from '@mkt/contracts';

const COLUMNS = `"contributor_id" AS "id", "share_percent" AS "sharePercent", "company_name" AS "companyName", to_char("updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

/** A stored setting; a null share means "the configured default". */
export type StoredShare = Omit<ContributorShareView, 'sharePercent'> & { sharePercent: number | null };

/** SQL of the settings finance keeps per contributor: the share and the contract's company name. */
@Injectable()
export class SharesRepository {
  constructor(@InjectDataSource('payouts') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async list(ids: string[] | undefined, skip: number, take: number): Promise<{ rows: StoredShare[]; total: number }> {
    const where = ids ? `WHERE "contributor_id" = ANY($1::uuid[])` : '';
    const params = ids ? [ids] : [];
    const rows: StoredShare[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM payouts.shares ${where} ORDER BY "updated_at" DESC, "contributor_id" LIMIT ${take} OFFSET ${skip}`, params);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM payouts.shares ${where}`, params);
    return { rows, total };
  }

  async get(id: string, manager?: EntityManager): Promise<StoredShare | null> {
    const [row] = await (manager ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM payouts.shares WHERE "contributor_id" = $1`, [id]);
    return (row as StoredShare | undefined) ?? null;
  }

  /** `companyName` undefined keeps the stored one. */
  async upsert(manager: EntityManager, id: string, change: { sharePercent: number; companyName?: string | null }, now: Date): Promise<void> {
    await manager.query(
      `INSERT INTO payouts.shares ("contributor_id", "share_percent", "company_name", "updated_at") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("contributor_id") DO UPDATE SET "share_percent" = EXCLUDED."share_percent", "updated_at" = EXCLUDED."updated_at",
         "company_name" = CASE WHEN $5 THEN EXCLUDED."company_name" ELSE payouts.shares."company_name" END`,
      [id, change.sharePercent, change.companyName ?? null, now, change.companyName !== undefined],
    );
  }

  async companyName(id: string, manager?: EntityManager): Promise<string | null> {
    const [row] = await (manager ?? this.dataSource.manager).query(`SELECT "company_name" AS "companyName" FROM payouts.shares WHERE "contributor_id" = $1`, [id]);
    return (row?.companyName as string | null | undefined) ?? null;
  }
}
