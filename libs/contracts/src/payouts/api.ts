/**
 * Payouts contracts: what contributors earn from their sales, and their quarterly statements
 * (spec sections 3, 4 and 9). Money is integer fen; quarters are calendar quarters in UTC+8.
 */
export type { BankInfoSubmitRequest, StatementRejectRequest, StatementListRequest, StatementIdRequest } from './schemas.js';

/** Store call paths of the payouts service (POST below /api). */
export const PayoutCalls = {
  earnings: '/bill/earnings',
  statementList: '/bill/statement/list',
  statementDetail: '/bill/statement/detail',
  /** { url }: the statement's PDF through a signed link valid five minutes. */
  statementFile: '/bill/statement/file',
  statementConfirm: '/bill/statement/confirm',
  statementReject: '/bill/statement/reject',
} as const;

/** Statements are recorded from 2020 Q4 (spec section 9). */
export const FIRST_STATEMENT_QUARTER = { year: 2020, quarter: 4 } as const;

/**
 * A statement's life (spec section 4): to be confirmed by the contributor; generated (confirmed,
 * waiting for the remittance); rejected by the contributor with a reason; remitted by finance;
 * invalid once finance replaced a rejected one with a corrected statement.
 */
export const STATEMENT_STATUSES = ['toBeConfirmed', 'generated', 'rejected', 'remitted', 'invalid'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** What a ledger entry records: a sale's share, or the reversal of one (a refund). */
export const LEDGER_ENTRY_TYPES = ['sale', 'reversal'] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** One line of a statement: a sale (or its reversal) of one of the contributor's materials. */
export interface StatementLine {
  entryType: LedgerEntryType;
  orderNo: string;
  materialId: number;
  code: string;
  kind: 'video' | 'photo' | 'music' | 'sfx';
  title: string;
  licenceType: string;
  /** ISO time of the confirmation (UTC); shown in UTC+8. */
  soldAt: string;
  /** The sale price of the item. */
  amountFen: number;
  sharePercent: number;
  /** The contributor's share; negative for a reversal. */
  earningFen: number;
}

export interface StatementSummary {
  id: string;
  year: number;
  quarter: number;
  status: StatementStatus;
  lineCount: number;
  grossFen: number;
  taxFen: number;
  netFen: number;
  rejectReason: string | null;
  createdAt: string;
  confirmedAt: string | null;
  remittedAt: string | null;
}

export interface StatementDetail extends StatementSummary {
  lines: StatementLine[];
}

export interface StatementListResponse {
  infos: StatementSummary[];
  /** Years with at least one statement, newest first, for the year picker. */
  years: number[];
}

/** What a contributor has earned: everything, what statements hold, and what is not in one yet. */
export interface EarningsResponse {
  totalFen: number;
  remittedFen: number;
  unstatedFen: number;
  /** Per quarter, oldest first: the shares earned in it. */
  quarters: { year: number; quarter: number; earningFen: number; saleCount: number }[];
  /** The contributor's best-selling materials by earnings, each with its earnings per quarter (oldest first). */
  bestSellers: { materialId: number; code: string; title: string; saleCount: number; earningFen: number; quarters: { year: number; quarter: number; earningFen: number }[] }[];
}

/** A statement as the console shows it. */
export interface StatementAdminView extends StatementSummary {
  contributorId: string;
  remittanceBatch: string | null;
  replacedBy: string | null;
}

/** A contributor's share rule as the console edits it. */
export interface ContributorShareView {
  id: string;
  sharePercent: number;
  /** The company named in the contributor's contract, for company settlement. */
  companyName: string | null;
  updatedAt: string;
}

// ---- bank info (spec sections 3, 4, 5 and 9) ----

/** Who is paid: the contributor in person, or their company. */
export const SETTLEMENT_TYPES = ['personal', 'company'] as const;
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];
/** `none` before the first submission; then in verification, failed with a reason, or verified. */
export const BANK_INFO_STATUSES = ['none', 'verifying', 'failed', 'verified'] as const;
export type BankInfoStatus = (typeof BANK_INFO_STATUSES)[number];
/** Bank info cannot be changed for this long after a change was verified (spec section 9). */
export const BANK_INFO_LOCK_MONTHS = 12;
export const BANK_NAME_MIN_LENGTH = 8;
/** Card numbers as sent, spaces and dashes removed: 12 to 30 digits. */
export const CARD_NUMBER_PATTERN = /^\d{12,30}$/;
/** A person's ID number or a company's unified social credit code. */
export const TAX_NUMBER_PATTERN = /^[0-9A-Z]{15,20}$/;
/** What people type between the digits of card and phone numbers. */
export const stripDigitSeparators = (value: string): string => value.replace(/[\s-]/g, '');
export { accountNameMatches, normaliseAccountName } from './account-name.js';

export const BankCalls = {
  /** The caller's bank info, masked, with what the account name must match: BankInfoView. */
  detail: '/bill/bank/detail',
  /** BankInfoSubmitRequest → BankInfoView (verifying). */
  submit: '/bill/bank/submit',
} as const;

/** Bank info as the contributor (and non-finance staff) see it: card and ID numbers masked. */
export interface BankInfoView {
  status: BankInfoStatus;
  settlementType: SettlementType | null;
  accountName: string | null;
  cardNumberMasked: string | null;
  bankName: string | null;
  reservedPhone: string | null;
  idNumberMasked: string | null;
  /** A person's tax number is their ID number, so it is kept and shown like one. */
  taxNumberMasked: string | null;
  rejectReason: string | null;
  submittedAt: string | null;
  verifiedAt: string | null;
  /** While set and in the future, the server refuses changes; the UTC+8 date is shown. */
  lockedUntil: string | null;
  /** What the account name must equal: the verified real name, and the contract's company name when one is kept. */
  contract: { realName: string | null; companyName: string | null };
  /** A verified account still pays while a newer submission waits for review. */
  paidTo: { accountName: string; cardNumberMasked: string } | null;
}

/** A submission as finance reviews it; the numbers are masked until a reviewer reveals them. */
export interface BankInfoAdminView {
  id: string;
  contributorId: string;
  status: Exclude<BankInfoStatus, 'none'>;
  settlementType: SettlementType;
  accountName: string;
  cardNumberMasked: string;
  bankName: string;
  reservedPhone: string;
  idNumberMasked: string;
  taxNumberMasked: string;
  rejectReason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
}

/** The unmasked numbers, for finance only; every call is recorded in the audit log. */
export interface BankInfoRevealed {
  id: string;
  cardNumber: string;
  idNumber: string;
  taxNumber: string;
}
