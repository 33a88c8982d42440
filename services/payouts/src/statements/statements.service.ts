import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ErrorCode,
  StatementGenerated,
  StatementRemitted,
  type EarningsResponse,
  type Language,
  type StatementAdminView,
  type StatementDetail,
  type StatementListResponse,
  type StatementSummary,
} from '@mkt/contracts';
import { AppError, Clock, csvTable, csvTextCell, OBJECT_STORAGE, OutboxWriter, StaffAuditWriter, type AuthenticatedStaff, type ListQuery, type ObjectStorage } from '@mkt/platform';
import { BankInfoRepository } from '../bank/bank-info.repository.js';
import { BankInfoService } from '../bank/bank-info.service.js';
import { LedgerRepository, type LedgerRow } from '../ledger/ledger.repository.js';
import { isClosed, isRecorded, quarterRange, type Quarter } from '../ledger/quarter.js';
import { PAYOUT_SETTINGS, type PayoutSettings, type TaxRule } from '../payouts.settings.js';
import { STATEMENT_FILE_RENDERER, type StatementFileRenderer } from './statement-pdf.renderer.js';
import { statementTransition } from './statement-state-machine.js';
import { StatementsRepository, type StatementFilter, type StatementRow } from './statements.repository.js';
import { withholdingTaxFen } from './withholding-tax.js';
import type { BucketName } from '@mkt/platform';

const BEST_SELLERS = 10;
/** Private: statement PDFs leave only through short-lived signed links. */
export const STATEMENT_BUCKET = 'statements' satisfies BucketName;

/**
 * Quarterly statements: produced for each contributor with earnings not yet stated when a quarter
 * has closed (every entry up to the quarter's end, so late entries and a negative balance carry
 * forward), confirmed or rejected by the contributor, corrected and remitted by finance.
 */
@Injectable()
export class StatementsService {
  constructor(
    private readonly repository: StatementsRepository,
    private readonly ledger: LedgerRepository,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
    private readonly audit: StaffAuditWriter,
    @Inject(PAYOUT_SETTINGS) private readonly settings: PayoutSettings,
    @Inject(STATEMENT_FILE_RENDERER) private readonly renderer: StatementFileRenderer,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly bankAccounts: BankInfoRepository,
    private readonly bankInfo: BankInfoService,
  ) {}

  /**
   * The statements of one closed quarter. Idempotent: a contributor who has a live statement for
   * the quarter gets nothing new, and entries already in a statement are never counted again.
   */
  async generate(quarter: Quarter, staff?: AuthenticatedStaff): Promise<{ created: number }> {
    if (!isRecorded(quarter)) throw new AppError(ErrorCode.STATEMENT_QUARTER_TOO_EARLY, 'statementQuarterTooEarly');
    const now = this.clock.now();
    if (!isClosed(quarter, now)) throw new AppError(ErrorCode.STATEMENT_QUARTER_OPEN, 'statementQuarterOpen', { year: quarter.year, quarter: quarter.quarter });
    const { end } = quarterRange(quarter);
    return this.repository.transaction(async (manager) => {
      await this.repository.lockQuarter(manager, quarter.year, quarter.quarter);
      let created = 0;
      const balances = await this.repository.unstatedBalances(manager, end);
      // One query for the quarter, not one per contributor.
      const companies = await this.bankAccounts.companySettledAmong(balances.map((balance) => balance.contributorId), manager);
      for (const balance of balances) {
        // Nothing to pay yet (everything refunded, say): the entries wait for a later quarter.
        if (balance.grossFen <= 0) continue;
        if (await this.repository.liveStatement(manager, balance.contributorId, quarter.year, quarter.quarter)) continue;
        await this.issue(manager, balance.contributorId, quarter, end, now, this.taxRuleFor(balance.contributorId, companies));
        created += 1;
      }
      if (staff) await this.audit.record(manager, staff, { action: 'generate', resource: 'statements', resourceId: `${quarter.year}Q${quarter.quarter}`, before: null, after: { ...quarter, created } });
      return { created };
    });
  }

  // The contributor's side.

  async list(contributorId: string, year: number | undefined): Promise<StatementListResponse> {
    const [rows, years] = await Promise.all([this.repository.ofContributor(contributorId, year), this.repository.yearsOf(contributorId)]);
    return { infos: rows.map(toSummary), years };
  }

  async detail(contributorId: string, id: string, language: Language): Promise<StatementDetail> {
    const row = await this.repository.get(id);
    if (!row || row.contributorId !== contributorId || row.status === 'invalid') throw notFound();
    return { ...toSummary(row), lines: (await this.repository.lines(id)).map((line) => toLine(line, language)) };
  }

  confirm(contributorId: string, id: string): Promise<StatementSummary> {
    return this.contributorMove(contributorId, id, (manager, row, now) => this.repository.setStatus(manager, id, statementTransition(row.status, 'confirm'), { confirmed_at: now }, now));
  }

  reject(contributorId: string, id: string, reason: string): Promise<StatementSummary> {
    return this.contributorMove(contributorId, id, (manager, row, now) => this.repository.setStatus(manager, id, statementTransition(row.status, 'reject'), { reject_reason: reason }, now));
  }

  /** The statement as a PDF in its current state, through a signed link valid five minutes. */
  async fileLink(contributorId: string, id: string): Promise<{ url: string }> {
    const detail = await this.detail(contributorId, id, 'zh-CN');
    const key = `${contributorId}/${id}-${detail.status}.pdf`;
    // The key names the status, the only thing that changes a statement's file: render it once per status.
    if (!(await this.storage.stat(STATEMENT_BUCKET, key))) {
      await this.storage.put(STATEMENT_BUCKET, key, await this.renderer.render(detail, contributorId), { contentType: 'application/pdf' });
    }
    return { url: await this.storage.signedGetUrl(STATEMENT_BUCKET, key, 300, { downloadName: `statement-${detail.year}Q${detail.quarter}.pdf` }) };
  }

  async earnings(contributorId: string, language: Language): Promise<EarningsResponse> {
    const [totals, remittedFen, quarters, best] = await Promise.all([
      this.ledger.totals(contributorId),
      this.repository.remittedFen(contributorId),
      this.ledger.quarterTotals(contributorId),
      this.ledger.bestSellers(contributorId, BEST_SELLERS),
    ]);
    const perQuarter = await this.ledger.materialQuarterTotals(contributorId, best.map((b) => b.materialId));
    return {
      totalFen: totals.totalFen,
      remittedFen,
      unstatedFen: totals.unstatedFen,
      quarters,
      bestSellers: best.map((b) => ({
        materialId: b.materialId,
        code: b.code,
        title: titleIn(language, b.titleZh, b.titleEn),
        saleCount: b.saleCount,
        earningFen: b.earningFen,
        quarters: perQuarter.filter((q) => q.materialId === b.materialId).map(({ year, quarter, earningFen }) => ({ year, quarter, earningFen })),
      })),
    };
  }

  // Finance's side.

  async adminList(query: ListQuery<StatementFilter>): Promise<{ rows: StatementAdminView[]; total: number }> {
    const { rows, total } = await this.repository.list(query.filter, { field: query.sortField, order: query.sortOrder }, query.skip, query.take);
    return { rows: rows.map(toAdminView), total };
  }

  async adminGet(id: string): Promise<StatementAdminView & { lines: ReturnType<typeof toLine>[] }> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.repository.get(id) : null;
    if (!row) throw notFound();
    return { ...toAdminView(row), lines: (await this.repository.lines(id)).map((line) => toLine(line, 'zh-CN')) };
  }

  /** A rejected statement becomes invalid and a new one, with its entries and any that arrived since, goes to the contributor. */
  async correct(staff: AuthenticatedStaff, id: string): Promise<StatementAdminView> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const row = await this.repository.lock(manager, id);
      if (!row) throw notFound();
      const to = statementTransition(row.status, 'correct');
      const quarter = { year: row.year, quarter: row.quarter };
      // Invalid first: one live statement per contributor and quarter is a unique index, and the
      // replacement's id is known only once it exists.
      await this.repository.setStatus(manager, id, to, {}, now);
      const companies = await this.bankAccounts.companySettledAmong([row.contributorId], manager);
      const replacement = await this.issue(manager, row.contributorId, quarter, quarterRange(quarter).end, now, this.taxRuleFor(row.contributorId, companies), id);
      await this.repository.setReplacedBy(manager, id, replacement.id);
      await this.audit.record(manager, staff, { action: 'correct', resource: 'statements', resourceId: id, before: toAdminView(row), after: { status: to, replacedBy: replacement.id } });
      return toAdminView((await this.repository.get(replacement.id, manager))!);
    });
  }

  /**
   * Confirmed statements paid in one bank batch. A statement not confirmed, or whose contributor
   * has no verified bank account to pay, refuses the whole batch.
   */
  async remit(staff: AuthenticatedStaff, ids: string[]): Promise<{ batch: string; statements: StatementAdminView[] }> {
    const now = this.clock.now();
    const batch = `R${now.toISOString().replace(/\D/g, '').slice(0, 14)}-${randomUUID().slice(0, 8)}`;
    return this.repository.transaction(async (manager) => {
      const remitted: StatementAdminView[] = [];
      for (const id of [...new Set(ids)].sort()) {
        const row = await this.repository.lock(manager, id);
        if (!row) throw notFound();
        const to = statementTransition(row.status, 'remit');
        if (!(await this.bankAccounts.latestVerified(row.contributorId, manager))) {
          throw new AppError(ErrorCode.BANK_INFO_NOT_FOUND, 'remitBankInfoMissing', { statementId: id });
        }
        await this.repository.setStatus(manager, id, to, { remitted_at: now, remittance_batch: batch }, now);
        await this.outbox.add(manager, StatementRemitted, id, { statementId: id, contributorId: row.contributorId, netFen: row.netFen, remittanceBatch: batch, remittedAt: now.toISOString() });
        const after = (await this.repository.get(id, manager))!;
        await this.audit.record(manager, staff, { action: 'remit', resource: 'statements', resourceId: id, before: toAdminView(row), after: toAdminView(after) });
        remitted.push(toAdminView(after));
      }
      return { batch, statements: remitted };
    });
  }

  /**
   * The bank's remittance list of a batch, as CSV (UTF-8 with BOM so spreadsheet programs read
   * Chinese), with each contributor's verified account unmasked: the export is audited.
   */
  async remittanceCsv(staff: AuthenticatedStaff, batch: string): Promise<string> {
    const rows = await this.repository.batch(batch);
    if (rows.length === 0) throw notFound();
    const accounts = await this.bankInfo.payableAccounts([...new Set(rows.map((r) => r.contributorId))]);
    await this.repository.transaction((manager) =>
      this.audit.record(manager, staff, { action: 'export', resource: 'remittances', resourceId: batch, before: null, after: { statements: rows.length, fields: ['cardNumber'] } }),
    );
    const header = ['statementId', 'contributorId', 'year', 'quarter', 'accountName', 'bankName', 'cardNumber', 'grossYuan', 'taxYuan', 'netYuan', 'remittedAt'];
    return csvTable(
      header,
      rows.map((r) => {
        const account = accounts.get(r.contributorId);
        return [
          r.id,
          r.contributorId,
          r.year,
          r.quarter,
          account?.accountName ?? '',
          account?.bankName ?? '',
          account ? csvTextCell(account.cardNumber) : '',
          yuan(r.grossFen),
          yuan(r.taxFen),
          yuan(r.netFen),
          r.remittedAt ? new Date(r.remittedAt).toISOString() : '',
        ];
      }),
    );
  }

  /** A company invoices its income and pays its own taxes: nothing is withheld for it. */
  private taxRuleFor(contributorId: string, companies: Set<string>): TaxRule {
    return companies.has(contributorId) ? 'none' : this.settings.taxRule;
  }

  private async issue(manager: EntityManager, contributorId: string, quarter: Quarter, end: Date, now: Date, taxRule: TaxRule, replacing?: string): Promise<StatementRow> {
    const id = randomUUID();
    await this.repository.insert(manager, { id, contributorId, year: quarter.year, quarter: quarter.quarter, status: 'toBeConfirmed', lineCount: 0, grossFen: 0, taxFen: 0, netFen: 0, createdAt: now });
    if (replacing) await this.repository.moveEntries(manager, replacing, id);
    await this.repository.attachUnstated(manager, id, contributorId, end);
    const lines = await this.repository.lines(id, manager);
    const grossFen = lines.reduce((sum, line) => sum + line.earningFen, 0);
    const taxFen = withholdingTaxFen(grossFen, taxRule);
    await this.repository.setTotals(manager, id, { lineCount: lines.length, grossFen, taxFen, netFen: grossFen - taxFen });
    await this.outbox.add(manager, StatementGenerated, id, { statementId: id, contributorId, year: quarter.year, quarter: quarter.quarter, netFen: grossFen - taxFen });
    return (await this.repository.get(id, manager))!;
  }

  private async contributorMove(contributorId: string, id: string, move: (manager: EntityManager, row: StatementRow, now: Date) => Promise<void>): Promise<StatementSummary> {
    const now = this.clock.now();
    return this.repository.transaction(async (manager) => {
      const row = await this.repository.lock(manager, id);
      // Another contributor's statement answers exactly like a missing one.
      if (!row || row.contributorId !== contributorId || row.status === 'invalid') throw notFound();
      await move(manager, row, now);
      return toSummary((await this.repository.get(id, manager))!);
    });
  }
}

const notFound = () => new AppError(ErrorCode.STATEMENT_NOT_FOUND, 'statementNotFound');
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
const yuan = (fen: number) => (fen / 100).toFixed(2);
const titleIn = (language: Language, zh: string, en: string) => (language === 'en' ? en || zh : zh || en);

function toSummary(row: StatementRow): StatementSummary {
  return {
    id: row.id,
    year: row.year,
    quarter: row.quarter,
    status: row.status,
    lineCount: row.lineCount,
    grossFen: row.grossFen,
    taxFen: row.taxFen,
    netFen: row.netFen,
    rejectReason: row.rejectReason,
    createdAt: new Date(row.createdAt).toISOString(),
    confirmedAt: iso(row.confirmedAt),
    remittedAt: iso(row.remittedAt),
  };
}

function toAdminView(row: StatementRow): StatementAdminView {
  return { ...toSummary(row), contributorId: row.contributorId, remittanceBatch: row.remittanceBatch, replacedBy: row.replacedBy };
}

function toLine(line: LedgerRow, language: Language) {
  return {
    entryType: line.entryType,
    orderNo: line.orderNo,
    materialId: line.materialId,
    code: line.code,
    kind: line.kind as 'video' | 'photo' | 'music' | 'sfx',
    title: titleIn(language, line.titleZh, line.titleEn),
    licenceType: line.licenceType,
    soldAt: new Date(line.soldAt).toISOString(),
    amountFen: line.amountFen,
    sharePercent: line.sharePercent,
    earningFen: line.earningFen,
  };
}
