import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { BankInfoStatus, SettlementType } from '@mkt/contracts';
import { escapeLike } from '@mkt/platform';

/** A stored submission; the numbers stay encrypted until a reviewer reveals them. */
export interface BankInfoRow {
  id: string;
  contributorId: string;
  status: Exclude<BankInfoStatus, 'none'>;
  settlementType: SettlementType;
  accountName: string;
  cardNumberEncrypted: string;
  cardNumberMasked: string;
  bankName: string;
  reservedPhone: string;
  idNumberEncrypted: string;
  idNumberMasked: string;
  taxNumberEncrypted: string;
  taxNumberMasked: string;
  rejectReason: string | null;
  submittedAt: Date;
  reviewedAt: Date | null;
  reviewedBy: string | null;
}

export type NewBankInfo = Omit<BankInfoRow, 'status' | 'rejectReason' | 'reviewedAt' | 'reviewedBy'>;

export interface BankInfoFilter {
  q?: string;
  status?: Exclude<BankInfoStatus, 'none'>;
  contributorId?: string;
  id?: string[];
}

const COLUMNS = `"id", "contributor_id" AS "contributorId", "status", "settlement_type" AS "settlementType", "account_name" AS "accountName",
  "card_number_encrypted" AS "cardNumberEncrypted", "card_number_masked" AS "cardNumberMasked", "bank_name" AS "bankName",
  "reserved_phone" AS "reservedPhone", "id_number_encrypted" AS "idNumberEncrypted", "id_number_masked" AS "idNumberMasked",
  "tax_number_encrypted" AS "taxNumberEncrypted", "tax_number_masked" AS "taxNumberMasked", "reject_reason" AS "rejectReason", "submitted_at" AS "submittedAt", "reviewed_at" AS "reviewedAt", "reviewed_by" AS "reviewedBy"`;
const SORTS: Record<string, string> = { submittedAt: '"submitted_at"', reviewedAt: '"reviewed_at"', status: '"status"' };

/** SQL of bank-info submissions and the verified real names they are matched against. */
@Injectable()
export class BankInfoRepository {
  constructor(@InjectDataSource('payouts') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  /** Serialises one contributor's submissions, so two at once cannot both pass the checks. */
  async lockContributor(manager: EntityManager, contributorId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('payouts.bank_infos'), hashtext($1))`, [contributorId]);
  }

  async latest(contributorId: string, manager?: EntityManager): Promise<BankInfoRow | null> {
    const [row] = await this.m(manager).query(`SELECT ${COLUMNS} FROM payouts.bank_infos WHERE "contributor_id" = $1 ORDER BY "seq" DESC LIMIT 1`, [contributorId]);
    return (row as BankInfoRow | undefined) ?? null;
  }

  /** The account statements are paid to: the newest verified one. */
  async latestVerified(contributorId: string, manager?: EntityManager): Promise<BankInfoRow | null> {
    const [row] = await this.m(manager).query(
      `SELECT ${COLUMNS} FROM payouts.bank_infos WHERE "contributor_id" = $1 AND "status" = 'verified' ORDER BY "reviewed_at" DESC, "seq" DESC LIMIT 1`,
      [contributorId],
    );
    return (row as BankInfoRow | undefined) ?? null;
  }

  async verifiedFor(contributorIds: string[], manager?: EntityManager): Promise<Map<string, BankInfoRow>> {
    if (contributorIds.length === 0) return new Map();
    const rows: BankInfoRow[] = await this.m(manager).query(
      `SELECT DISTINCT ON ("contributor_id") ${COLUMNS} FROM payouts.bank_infos
       WHERE "contributor_id" = ANY($1::uuid[]) AND "status" = 'verified' ORDER BY "contributor_id", "reviewed_at" DESC, "seq" DESC`,
      [contributorIds],
    );
    return new Map(rows.map((row) => [row.contributorId, row]));
  }

  /** Which of these contributors are paid as a company: their newest verified account says so. */
  async companySettledAmong(contributorIds: string[], manager?: EntityManager): Promise<Set<string>> {
    if (contributorIds.length === 0) return new Set();
    const rows: { contributorId: string }[] = await this.m(manager).query(
      `SELECT "contributorId" FROM (
         SELECT DISTINCT ON ("contributor_id") "contributor_id" AS "contributorId", "settlement_type" FROM payouts.bank_infos
         WHERE "contributor_id" = ANY($1::uuid[]) AND "status" = 'verified' ORDER BY "contributor_id", "reviewed_at" DESC, "seq" DESC
       ) newest WHERE "settlement_type" = 'company'`,
      [contributorIds],
    );
    return new Set(rows.map((row) => row.contributorId));
  }

  async get(id: string, manager?: EntityManager): Promise<BankInfoRow | null> {
    const [row] = await this.m(manager).query(`SELECT ${COLUMNS} FROM payouts.bank_infos WHERE "id" = $1`, [id]);
    return (row as BankInfoRow | undefined) ?? null;
  }

  async lock(manager: EntityManager, id: string): Promise<BankInfoRow | null> {
    const [row] = await manager.query(`SELECT ${COLUMNS} FROM payouts.bank_infos WHERE "id" = $1 FOR UPDATE`, [id]);
    return (row as BankInfoRow | undefined) ?? null;
  }

  async list(filter: BankInfoFilter, sort: { field: string; order: 'ASC' | 'DESC' }, skip: number, take: number): Promise<{ rows: BankInfoRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (filter.status) where.push(`"status" = ${param(filter.status)}`);
    if (filter.contributorId) where.push(`"contributor_id" = ${param(filter.contributorId)}`);
    if (filter.id) where.push(`"id" = ANY(${param(filter.id)}::uuid[])`);
    if (filter.q) where.push(`("account_name" ILIKE ${param(`%${escapeLike(filter.q)}%`)} OR "bank_name" ILIKE $${params.length})`);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = `${SORTS[sort.field] ?? '"submitted_at"'} ${sort.order === 'ASC' ? 'ASC' : 'DESC'} NULLS LAST, "id"`;
    const rows: BankInfoRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM payouts.bank_infos ${clause} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`, params);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM payouts.bank_infos ${clause}`, params);
    return { rows, total };
  }

  /** A new submission; one that still waited for review is replaced by it. */
  async submit(manager: EntityManager, info: NewBankInfo): Promise<void> {
    await manager.query(`DELETE FROM payouts.bank_infos WHERE "contributor_id" = $1 AND "status" = 'verifying'`, [info.contributorId]);
    await manager.query(
      `INSERT INTO payouts.bank_infos ("id", "contributor_id", "status", "settlement_type", "account_name", "card_number_encrypted", "card_number_masked",
         "bank_name", "reserved_phone", "id_number_encrypted", "id_number_masked", "tax_number_encrypted", "tax_number_masked", "submitted_at")
       VALUES ($1, $2, 'verifying', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [info.id, info.contributorId, info.settlementType, info.accountName, info.cardNumberEncrypted, info.cardNumberMasked, info.bankName, info.reservedPhone, info.idNumberEncrypted, info.idNumberMasked, info.taxNumberEncrypted, info.taxNumberMasked, info.submittedAt],
    );
  }

  async review(manager: EntityManager, id: string, change: { status: BankInfoRow['status']; rejectReason: string | null; reviewedAt: Date; reviewedBy: string }): Promise<void> {
    await manager.query(`UPDATE payouts.bank_infos SET "status" = $2, "reject_reason" = $3, "reviewed_at" = $4, "reviewed_by" = $5 WHERE "id" = $1`, [
      id,
      change.status,
      change.rejectReason,
      change.reviewedAt,
      change.reviewedBy,
    ]);
  }

  async realName(contributorId: string, manager?: EntityManager): Promise<string | null> {
    const [row] = await this.m(manager).query(`SELECT "real_name" AS "realName" FROM payouts.real_names WHERE "contributor_id" = $1`, [contributorId]);
    return (row?.realName as string | undefined) ?? null;
  }

  async saveRealName(manager: EntityManager, contributorId: string, realName: string, verifiedAt: Date): Promise<void> {
    await manager.query(
      `INSERT INTO payouts.real_names ("contributor_id", "real_name", "verified_at") VALUES ($1, $2, $3)
       ON CONFLICT ("contributor_id") DO UPDATE SET "real_name" = EXCLUDED."real_name", "verified_at" = EXCLUDED."verified_at"
       WHERE payouts.real_names."verified_at" <= EXCLUDED."verified_at"`,
      [contributorId, realName, verifiedAt],
    );
  }
}
