import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { StatementAdminView, StatementStatus } from '@mkt/contracts';
import { escapeLike } from '@mkt/platform';
import type { LedgerRow } from '../ledger/ledger.repository.js';

/** A statement row: the console's view with its times as read. */
export interface StatementRow extends Omit<StatementAdminView, 'createdAt' | 'confirmedAt' | 'remittedAt'> {
  createdAt: Date;
  confirmedAt: Date | null;
  remittedAt: Date | null;
}

const COLUMNS = `"id", "contributor_id" AS "contributorId", "year", "quarter", "status", "line_count" AS "lineCount", "gross_fen"::float8 AS "grossFen",
  "tax_fen"::float8 AS "taxFen", "net_fen"::float8 AS "netFen", "reject_reason" AS "rejectReason", "replaced_by" AS "replacedBy",
  "remittance_batch" AS "remittanceBatch", "created_at" AS "createdAt", "confirmed_at" AS "confirmedAt", "remitted_at" AS "remittedAt"`;
const LEDGER_COLUMNS = `"id"::float8 AS "id", "contributor_id" AS "contributorId", "entry_type" AS "entryType", "order_id" AS "orderId", "order_no" AS "orderNo",
  "item_id" AS "itemId", "material_id"::float8 AS "materialId", "code", "kind", "title_zh" AS "titleZh", "title_en" AS "titleEn", "licence_type" AS "licenceType",
  "sold_at" AS "soldAt", "amount_fen"::float8 AS "amountFen", "share_percent" AS "sharePercent", "earning_fen"::float8 AS "earningFen", "statement_id" AS "statementId"`;

export interface StatementFilter {
  q?: string;
  status?: StatementStatus;
  year?: number;
  quarter?: number;
  contributorId?: string;
  id?: string[];
}

/** SQL of quarterly statements and the ledger entries they hold; writes take the caller's transaction. */
@Injectable()
export class StatementsRepository {
  constructor(@InjectDataSource('payouts') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  /** One quarter's statement job at a time: a second run waits and then finds everything done. */
  async lockQuarter(manager: EntityManager, year: number, quarter: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('payouts.statements'), $1)`, [year * 10 + quarter]);
  }

  /** Contributors with entries not yet in a statement, up to an instant, with the sum of those entries. */
  unstatedBalances(manager: EntityManager, before: Date): Promise<{ contributorId: string; grossFen: number; lineCount: number }[]> {
    return manager.query(
      `SELECT "contributor_id" AS "contributorId", sum("earning_fen")::float8 AS "grossFen", count(*)::int AS "lineCount"
       FROM payouts.ledger WHERE "statement_id" IS NULL AND "sold_at" < $1 GROUP BY "contributor_id" ORDER BY "contributor_id"`,
      [before],
    );
  }

  async liveStatement(manager: EntityManager, contributorId: string, year: number, quarter: number): Promise<StatementRow | null> {
    const [row] = await manager.query(`SELECT ${COLUMNS} FROM payouts.statements WHERE "contributor_id" = $1 AND "year" = $2 AND "quarter" = $3 AND "status" <> 'invalid'`, [
      contributorId,
      year,
      quarter,
    ]);
    return (row as StatementRow | undefined) ?? null;
  }

  async insert(manager: EntityManager, row: Omit<StatementRow, 'rejectReason' | 'replacedBy' | 'remittanceBatch' | 'confirmedAt' | 'remittedAt'>): Promise<void> {
    await manager.query(
      `INSERT INTO payouts.statements ("id", "contributor_id", "year", "quarter", "status", "line_count", "gross_fen", "tax_fen", "net_fen", "created_at", "updated_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [row.id, row.contributorId, row.year, row.quarter, row.status, row.lineCount, row.grossFen, row.taxFen, row.netFen, row.createdAt],
    );
  }

  /** Puts a contributor's unstated entries up to an instant into a statement. */
  async attachUnstated(manager: EntityManager, statementId: string, contributorId: string, before: Date): Promise<void> {
    await manager.query(`UPDATE payouts.ledger SET "statement_id" = $1 WHERE "contributor_id" = $2 AND "statement_id" IS NULL AND "sold_at" < $3`, [statementId, contributorId, before]);
  }

  async setTotals(manager: EntityManager, id: string, totals: { lineCount: number; grossFen: number; taxFen: number; netFen: number }): Promise<void> {
    await manager.query(`UPDATE payouts.statements SET "line_count" = $2, "gross_fen" = $3, "tax_fen" = $4, "net_fen" = $5 WHERE "id" = $1`, [
      id,
      totals.lineCount,
      totals.grossFen,
      totals.taxFen,
      totals.netFen,
    ]);
  }

  async moveEntries(manager: EntityManager, fromStatementId: string, toStatementId: string): Promise<void> {
    await manager.query(`UPDATE payouts.ledger SET "statement_id" = $2 WHERE "statement_id" = $1`, [fromStatementId, toStatementId]);
  }

  async get(id: string, manager?: EntityManager): Promise<StatementRow | null> {
    const [row] = await this.m(manager).query(`SELECT ${COLUMNS} FROM payouts.statements WHERE "id" = $1`, [id]);
    return (row as StatementRow | undefined) ?? null;
  }

  async lock(manager: EntityManager, id: string): Promise<StatementRow | null> {
    const [row] = await manager.query(`SELECT ${COLUMNS} FROM payouts.statements WHERE "id" = $1 FOR UPDATE`, [id]);
    return (row as StatementRow | undefined) ?? null;
  }

  async setStatus(manager: EntityManager, id: string, status: StatementStatus, changes: Record<string, unknown>, now: Date): Promise<void> {
    const sets = ['"status" = $2', '"updated_at" = $3'];
    const params: unknown[] = [id, status, now];
    for (const [column, value] of Object.entries(changes)) sets.push(`"${column}" = $${params.push(value)}`);
    await manager.query(`UPDATE payouts.statements SET ${sets.join(', ')} WHERE "id" = $1`, params);
  }

  async setReplacedBy(manager: EntityManager, id: string, replacement: string): Promise<void> {
    await manager.query(`UPDATE payouts.statements SET "replaced_by" = $2 WHERE "id" = $1`, [id, replacement]);
  }

  lines(statementId: string, manager?: EntityManager): Promise<LedgerRow[]> {
    return this.m(manager).query(`SELECT ${LEDGER_COLUMNS} FROM payouts.ledger WHERE "statement_id" = $1 ORDER BY "sold_at", "id"`, [statementId]);
  }

  /** A contributor's statements (replaced ones left out), newest quarter first. */
  ofContributor(contributorId: string, year?: number): Promise<StatementRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM payouts.statements WHERE "contributor_id" = $1 AND "status" <> 'invalid' AND ($2::int IS NULL OR "year" = $2) ORDER BY "year" DESC, "quarter" DESC`,
      [contributorId, year ?? null],
    );
  }

  async yearsOf(contributorId: string): Promise<number[]> {
    const rows: { year: number }[] = await this.dataSource.query(`SELECT DISTINCT "year" FROM payouts.statements WHERE "contributor_id" = $1 AND "status" <> 'invalid' ORDER BY "year" DESC`, [contributorId]);
    return rows.map((r) => r.year);
  }

  async remittedFen(contributorId: string): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT coalesce(sum("net_fen"), 0)::float8 AS "fen" FROM payouts.statements WHERE "contributor_id" = $1 AND "status" = 'remitted'`, [contributorId]);
    return (row as { fen: number }).fen;
  }

  async list(filter: StatementFilter, sort: { field: string; order: 'ASC' | 'DESC' }, skip: number, take: number): Promise<{ rows: StatementRow[]; total: number }> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (filter.status) conditions.push(`"status" = $${params.push(filter.status)}`);
    if (filter.year) conditions.push(`"year" = $${params.push(filter.year)}`);
    if (filter.quarter) conditions.push(`"quarter" = $${params.push(filter.quarter)}`);
    if (filter.contributorId) conditions.push(`"contributor_id" = $${params.push(filter.contributorId)}`);
    if (filter.id) conditions.push(`"id" = ANY($${params.push(filter.id)}::uuid[])`);
    if (filter.q) conditions.push(`("contributor_id"::text ILIKE $${params.push(`%${escapeLike(filter.q)}%`)} OR "remittance_batch" ILIKE $${params.length})`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const column = { createdAt: 'created_at', year: 'year', netFen: 'net_fen', status: 'status' }[sort.field] ?? 'created_at';
    const rows: StatementRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM payouts.statements ${where} ORDER BY "${column}" ${sort.order === 'ASC' ? 'ASC' : 'DESC'}, "id" LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM payouts.statements ${where}`, params);
    return { rows, total };
  }

  batch(batchId: string): Promise<StatementRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM payouts.statements WHERE "remittance_batch" = $1 ORDER BY "contributor_id", "year", "quarter"`, [batchId]);
  }
}
