import { LICENCE_LABELS, ORDER_KINDS, type EarningsResponse, type OrderKind, type StatementLine, type StatementStatus } from '@mkt/contracts/web';

/** The server refuses a longer reason (spec: at most 200 characters); the dialog says so first. */
export const REJECT_REASON_MAX = 200;

export type RejectReasonProblem = 'required' | 'tooLong';

/** What is wrong with a reject reason as typed, judged as the server will: trimmed. */
export function rejectReasonProblem(reason: string): RejectReasonProblem | null {
  const trimmed = reason.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > REJECT_REASON_MAX) return 'tooLong';
  return null;
}

/** Only a statement waiting for the contributor can be confirmed or rejected (ADR 0014). */
export function awaitsAnswer(status: StatementStatus): boolean {
  return status === 'toBeConfirmed';
}

/** How a status chip is coloured: waiting for the contributor, settled, needing finance, or history. */
export type StatusTone = 'attention' | 'progress' | 'done' | 'problem' | 'void';

export const STATUS_TONE: Record<StatementStatus, StatusTone> = {
  toBeConfirmed: 'attention',
  generated: 'progress',
  remitted: 'done',
  rejected: 'problem',
  invalid: 'void',
};

export interface QuarterBar {
  year: number;
  quarter: number;
  earningFen: number;
  saleCount: number;
  /** Bar length against the best quarter, 0 to 100; a quarter that lost money has none. */
  percent: number;
}

/**
 * Quarters newest first (the response is oldest first, but the latest quarter is what a
 * contributor looks for), each with its bar length against the best one.
 */
export function quarterBars(quarters: EarningsResponse['quarters']): QuarterBar[] {
  const best = Math.max(0, ...quarters.map((q) => q.earningFen));
  return [...quarters]
    .sort((a, b) => b.year - a.year || b.quarter - a.quarter)
    .map((q) => ({ ...q, percent: best > 0 && q.earningFen > 0 ? Math.max(1, Math.round((q.earningFen / best) * 100)) : 0 }));
}

/** A reversal is the refund of a sale: it reads as a refund, and its earning is negative. */
export function isRefund(line: Pick<StatementLine, 'entryType'>): boolean {
  return line.entryType === 'reversal';
}

/**
 * The licence of a statement line: the order's licence type (personal, commercial) when it had a
 * licence form, else the order's kind (music, project download), which the ledger records instead.
 * Anything else is shown as recorded.
 */
export function licenceTypeLabel(type: string, language: string): { text: string } | { kind: OrderKind } {
  const labels = LICENCE_LABELS.type as Record<string, readonly [string, string]>;
  const pair = labels[type];
  if (pair) return { text: language === 'en' ? pair[1] : pair[0] };
  if ((ORDER_KINDS as readonly string[]).includes(type)) return { kind: type as OrderKind };
  return { text: type };
}

export interface EarningsChartSeries {
  /** The material's code and title; null for "all other materials". */
  label: string | null;
  /** Earnings in fen per quarter, in the order of `quarters`. */
  values: number[];
}

/**
 * The stacked chart of earnings per quarter: one series per best seller (at most `top`) and one
 * for everything else, so each quarter's stack adds up to what the contributor earned in it.
 */
export function earningsChart(earnings: Pick<EarningsResponse, 'quarters' | 'bestSellers'>, top = 5): { quarters: { year: number; quarter: number }[]; series: EarningsChartSeries[] } {
  const quarters = [...earnings.quarters].sort((a, b) => a.year - b.year || a.quarter - b.quarter);
  const key = (q: { year: number; quarter: number }) => `${q.year}Q${q.quarter}`;
  const series: EarningsChartSeries[] = earnings.bestSellers.slice(0, top).map((material) => {
    const byQuarter = new Map(material.quarters.map((q) => [key(q), q.earningFen]));
    return { label: `${material.code} ${material.title}`, values: quarters.map((q) => byQuarter.get(key(q)) ?? 0) };
  });
  const other = quarters.map((q, index) => q.earningFen - series.reduce((sum, s) => sum + s.values[index]!, 0));
  if (other.some((value) => value !== 0)) series.push({ label: null, values: other });
  return { quarters: quarters.map(({ year, quarter }) => ({ year, quarter })), series };
}
