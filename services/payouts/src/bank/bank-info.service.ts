import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  accountNameMatches,
  ErrorCode,
  maskMiddle,
  type BankInfoAdminView,
  type BankInfoRevealed,
  type BankInfoSubmitRequest,
  type BankInfoView,
} from '@mkt/contracts';
import { AppError, Clock, FieldCipher, StaffAuditWriter, chinaDate, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { SharesRepository } from '../shares/shares.repository.js';
import { bankInfoTransition } from './bank-info-lifecycle.js';
import { bankInfoUnlocksAt, isBankInfoLocked } from './bank-info-lock.js';
import { BankInfoRepository, type BankInfoFilter, type BankInfoRow } from './bank-info.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError(ErrorCode.BANK_INFO_NOT_FOUND, 'bankInfoNotFound');
const maskCard = (card: string) => maskMiddle(card, 4, 4);
const maskId = (id: string) => maskMiddle(id, 1, 1);
const maskPhone = (phone: string) => maskMiddle(phone, 3, 4);
const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/**
 * Where a contributor's statements are paid (spec sections 3, 4, 5 and 9): the contributor
 * submits, finance verifies or rejects with a reason. The account name must be the verified real
 * name (personal settlement) or the company the contract names (company settlement); a verified
 * change locks the info for a year. Card and identity numbers are encrypted at rest and leave the
 * service masked (the tax number too: a person's is their identity number), except through `reveal`, which finance uses and the audit log records.
 */
@Injectable()
export class BankInfoService {
  constructor(
    private readonly repository: BankInfoRepository,
    private readonly shares: SharesRepository,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
    private readonly audit: StaffAuditWriter,
  ) {}

  async view(contributorId: string): Promise<BankInfoView> {
    const [latest, verified, realName, companyName] = await Promise.all([
      this.repository.latest(contributorId),
      this.repository.latestVerified(contributorId),
      this.repository.realName(contributorId),
      this.shares.companyName(contributorId),
    ]);
    const lockedUntil = verified?.reviewedAt ? bankInfoUnlocksAt(new Date(verified.reviewedAt)) : null;
    return {
      status: latest?.status ?? 'none',
      settlementType: latest?.settlementType ?? null,
      accountName: latest?.accountName ?? null,
      cardNumberMasked: latest?.cardNumberMasked ?? null,
      bankName: latest?.bankName ?? null,
      reservedPhone: latest ? maskPhone(latest.reservedPhone) : null,
      idNumberMasked: latest?.idNumberMasked ?? null,
      taxNumberMasked: latest?.taxNumberMasked ?? null,
      rejectReason: latest?.status === 'failed' ? latest.rejectReason : null,
      submittedAt: iso(latest?.submittedAt ?? null),
      verifiedAt: iso(verified?.reviewedAt ?? null),
      lockedUntil: lockedUntil && lockedUntil > this.clock.now() ? lockedUntil.toISOString() : null,
      contract: { realName, companyName },
      paidTo: verified && verified.id !== latest?.id ? { accountName: verified.accountName, cardNumberMasked: verified.cardNumberMasked } : null,
    };
  }

  async submit(contributorId: string, request: BankInfoSubmitRequest): Promise<BankInfoView> {
    const now = this.clock.now();
    await this.repository.transaction(async (manager) => {
      await this.repository.lockContributor(manager, contributorId);
      const verified = await this.repository.latestVerified(contributorId, manager);
      const verifiedAt = verified?.reviewedAt ? new Date(verified.reviewedAt) : null;
      if (isBankInfoLocked(verifiedAt, now)) {
        throw new AppError(ErrorCode.BANK_INFO_LOCKED, 'bankInfoLocked', { date: chinaDate(bankInfoUnlocksAt(verifiedAt!)) });
      }
      const contractName = await this.contractName(manager, contributorId, request.settlementType);
      if (!accountNameMatches(request.accountName, contractName)) {
        throw new AppError(ErrorCode.BANK_INFO_NAME_MISMATCH, 'bankInfoNameMismatch', { expected: contractName });
      }
      await this.repository.submit(manager, {
        id: randomUUID(),
        contributorId,
        settlementType: request.settlementType,
        accountName: request.accountName,
        cardNumberEncrypted: this.cipher.encrypt(request.cardNumber),
        cardNumberMasked: maskCard(request.cardNumber),
        bankName: request.bankName,
        reservedPhone: request.reservedPhone.slice(-11),
        idNumberEncrypted: this.cipher.encrypt(request.idNumber),
        idNumberMasked: maskId(request.idNumber),
        taxNumberEncrypted: this.cipher.encrypt(request.taxNumber),
        taxNumberMasked: maskMiddle(request.taxNumber, 2, 2),
        submittedAt: now,
      });
    });
    return this.view(contributorId);
  }

  async adminList(query: ListQuery<BankInfoFilter>): Promise<{ rows: BankInfoAdminView[]; total: number }> {
    const { rows, total } = await this.repository.list(query.filter, { field: query.sortField, order: query.sortOrder }, query.skip, query.take);
    return { rows: rows.map(toAdminView), total };
  }

  async adminGet(id: string): Promise<BankInfoAdminView> {
    return toAdminView(await this.find(id));
  }

  /** The unmasked numbers for finance; the audit log records who saw whose. */
  async reveal(staff: AuthenticatedStaff, id: string): Promise<BankInfoRevealed> {
    const row = await this.find(id);
    const revealed = {
      id,
      cardNumber: this.cipher.decrypt(row.cardNumberEncrypted),
      idNumber: this.cipher.decrypt(row.idNumberEncrypted),
      taxNumber: this.cipher.decrypt(row.taxNumberEncrypted),
    };
    await this.repository.transaction((manager) =>
      this.audit.record(manager, staff, { action: 'reveal', resource: 'bank-infos', resourceId: id, before: null, after: { contributorId: row.contributorId, fields: ['cardNumber', 'idNumber', 'taxNumber'] } }),
    );
    return revealed;
  }

  verify(staff: AuthenticatedStaff, id: string): Promise<BankInfoAdminView> {
    return this.review(staff, id, 'verify', null);
  }

  reject(staff: AuthenticatedStaff, id: string, reason: string): Promise<BankInfoAdminView> {
    return this.review(staff, id, 'reject', reason);
  }

  /** Unmasked accounts of contributors, for the bank's remittance list; the caller audits the export. */
  async payableAccounts(contributorIds: string[]): Promise<Map<string, { accountName: string; bankName: string; cardNumber: string }>> {
    const rows = await this.repository.verifiedFor(contributorIds);
    return new Map([...rows].map(([id, row]) => [id, { accountName: row.accountName, bankName: row.bankName, cardNumber: this.cipher.decrypt(row.cardNumberEncrypted) }]));
  }

  /** Payouts learns verified names from identity's event; a later verification wins. */
  async onRealNameVerified(manager: EntityManager, userId: string, realName: string, verifiedAt: string): Promise<void> {
    await this.repository.saveRealName(manager, userId, realName, new Date(verifiedAt));
  }

  private async review(staff: AuthenticatedStaff, id: string, action: 'verify' | 'reject', reason: string | null): Promise<BankInfoAdminView> {
    if (!UUID.test(id)) throw notFound();
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const row = await this.repository.lock(manager, id);
      if (!row) throw notFound();
      const status = bankInfoTransition(row.status, action);
      await this.repository.review(manager, id, { status, rejectReason: reason, reviewedAt: now, reviewedBy: staff.username });
      const after = (await this.repository.get(id, manager))!;
      await this.audit.record(manager, staff, { action, resource: 'bank-infos', resourceId: id, before: auditView(row), after: auditView(after) });
      return toAdminView(after);
    });
  }

  private async contractName(manager: EntityManager, contributorId: string, settlementType: BankInfoSubmitRequest['settlementType']): Promise<string> {
    if (settlementType === 'company') {
      const companyName = await this.shares.companyName(contributorId, manager);
      if (!companyName) throw new AppError(ErrorCode.BANK_INFO_REAL_NAME_REQUIRED, 'bankInfoCompanyMissing');
      return companyName;
    }
    const realName = await this.repository.realName(contributorId, manager);
    if (!realName) throw new AppError(ErrorCode.BANK_INFO_REAL_NAME_REQUIRED, 'bankInfoRealNameRequired');
    return realName;
  }

  private async find(id: string): Promise<BankInfoRow> {
    const row = UUID.test(id) ? await this.repository.get(id) : null;
    if (!row) throw notFound();
    return row;
  }
}

function toAdminView(row: BankInfoRow): BankInfoAdminView {
  return {
    id: row.id,
    contributorId: row.contributorId,
    status: row.status,
    settlementType: row.settlementType,
    accountName: row.accountName,
    cardNumberMasked: row.cardNumberMasked,
    bankName: row.bankName,
    reservedPhone: maskPhone(row.reservedPhone),
    idNumberMasked: row.idNumberMasked,
    taxNumberMasked: row.taxNumberMasked,
    rejectReason: row.rejectReason,
    submittedAt: new Date(row.submittedAt).toISOString(),
    reviewedAt: iso(row.reviewedAt),
  };
}

/** What the audit log keeps of a review: never the encrypted or plain numbers. */
function auditView(row: BankInfoRow) {
  return { status: row.status, accountName: row.accountName, cardNumber: row.cardNumberMasked, rejectReason: row.rejectReason };
}
