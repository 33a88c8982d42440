import { FIRST_STATEMENT_QUARTER, type StatementStatus } from '@mkt/contracts';

export interface Quarter {
  year: number;
  quarter: number;
}

/** China has no daylight saving: UTC+8 all year, as the payouts service computes quarters. */
const UTC8_MS = 8 * 3_600_000;

/** The calendar quarter an instant falls in, in UTC+8 (23:00 on 31 March in Beijing is still Q1). */
export function shanghaiQuarterOf(instant: Date): Quarter {
  const shifted = new Date(instant.getTime() + UTC8_MS);
  return { year: shifted.getUTCFullYear(), quarter: Math.floor(shifted.getUTCMonth() / 3) + 1 };
}

/** The quarter before the current one: the newest whose statements can be produced. */
export function latestClosedQuarter(now: Date): Quarter {
  const { year, quarter } = shanghaiQuarterOf(now);
  return quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 };
}

/**
 * The dialog's year and quarter as the generate call takes them, or null while they are not a
 * quarter at all. Whether the quarter is closed and recorded is left to the server, whose refusal
 * says why in the staff member's language.
 */
export function parseQuarter(year: string, quarter: string): Quarter | null {
  if (!/^\s*\d{4}\s*$/.test(year) || !/^\s*[1-4]\s*$/.test(quarter)) return null;
  const parsed = { year: Number(year), quarter: Number(quarter) };
  return parsed.year >= FIRST_STATEMENT_QUARTER.year && parsed.year <= 2100 ? parsed : null;
}

/** Years offered by the year filter: from the first recorded quarter to this one, newest first. */
export function statementYears(now: Date): number[] {
  const last = shanghaiQuarterOf(now).year;
  const years: number[] = [];
  for (let year = last; year >= FIRST_STATEMENT_QUARTER.year; year -= 1) years.push(year);
  return years;
}

/** "2025 Q1" in both languages: the way finance writes quarters in either. */
export const quarterLabel = ({ year, quarter }: Quarter): string => `${year} Q${quarter}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A contributor id as typed or pasted (spaces around it dropped, lower case), or null when it is not one. */
export function parseContributorId(text: string): string | null {
  const id = text.trim().toLowerCase();
  return UUID.test(id) ? id : null;
}

/** A statement's chip colour: what is waiting on finance stands out, what is over is grey. */
export const STATUS_COLORS: Record<StatementStatus, 'default' | 'info' | 'primary' | 'warning' | 'success'> = {
  toBeConfirmed: 'info',
  generated: 'primary',
  rejected: 'warning',
  remitted: 'success',
  invalid: 'default',
};

/** Only confirmed statements can go into a remittance batch; the server refuses the whole batch otherwise. */
export const isRemittable = (status: StatementStatus): boolean => status === 'generated';

/** A file name for the bank's list that every operating system accepts. */
export function remittanceFileName(batch: string): string {
  return `remittance-${batch.replace(/[^\w.-]+/g, '_')}.csv`;
}

/**
 * The CSV as the server wrote it. fetch's text() drops a leading byte-order mark, which the server
 * sends so spreadsheet programs read the file as UTF-8; the saved file must carry it again.
 */
export function withByteOrderMark(csv: string): string {
  return csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
}
