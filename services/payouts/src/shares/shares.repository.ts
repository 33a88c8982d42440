import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ContributorShareView } from '@mkt/contracts';

const COLUMNS = `"contributor_id" AS "id", "share_percent" AS "sharePercent", to_char("updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

/** SQL of the share settings finance keeps per contributor. */
@Injectable()
export class SharesRepository {
  constructor(@InjectDataSource('payouts') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async list(ids: string[] | undefined, skip: number, take: number): Promise<{ rows: ContributorShareView[]; total: number }> {
    const where = ids ? `WHERE "contributor_id" = ANY($1::uuid[])` : '';
    const params = ids ? [ids] : [];
    const rows: ContributorShareView[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM payouts.shares ${where} ORDER BY "updated_at" DESC, "contributor_id" LIMIT ${take} OFFSET ${skip}`, params);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM payouts.shares ${where}`, params);
    return { rows, total };
  }

  async get(id: string, manager?: EntityManager): Promise<ContributorShareView | null> {
    const [row] = await (manager ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM payouts.shares WHERE "contributor_id" = $1`, [id]);
    return (row as ContributorShareView | undefined) ?? null;
  }

  async upsert(manager: EntityManager, id: string, sharePercent: number, now: Date): Promise<void> {
    await manager.query(
      `INSERT INTO payouts.shares ("contributor_id", "share_percent", "updated_at") VALUES ($1, $2, $3)
       ON CONFLICT ("contributor_id") DO UPDATE SET "share_percent" = EXCLUDED."share_percent", "updated_at" = EXCLUDED."updated_at"`,
      [id, sharePercent, now],
    );
  }
}
