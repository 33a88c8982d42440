import type { SearchDemandWindow } from '@mkt/contracts';

/** The store's buyers are in China: a day of demand is a calendar day in UTC+8. */
const UTC8_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The UTC+8 calendar day of an instant, YYYY-MM-DD. */
export function demandDay(at: Date): string {
  return new Date(at.getTime() + UTC8_MS).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface DemandWindowDays {
  from: string;
  to: string;
  /** The window of the same length just before (for "rising"). */
  previousFrom: string;
  previousTo: string;
}

/** The last `length` days, today included, and the `length` days before them. */
export function windowDays(length: SearchDemandWindow, now: Date): DemandWindowDays {
  const to = demandDay(now);
  const from = addDays(to, -(length - 1));
  return { from, to, previousFrom: addDays(from, -length), previousTo: addDays(from, -1) };
}

/** The first day still kept: rows of earlier days are swept. */
export function firstKeptDay(keepDays: number, now: Date): string {
  return addDays(demandDay(now), -(keepDays - 1));
}
