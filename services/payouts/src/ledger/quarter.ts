import { FIRST_STATEMENT_QUARTER } from '@mkt/contracts';
import { CHINA_OFFSET_MS, chinaWallClock } from '@mkt/platform';

export interface Quarter {
  year: number;
  quarter: number;
}

/** The calendar quarter an instant falls in, in China's time (UTC+8), whatever the server's zone. */
export function quarterOf(at: Date): Quarter {
  const local = chinaWallClock(at);
  return { year: local.getUTCFullYear(), quarter: Math.floor(local.getUTCMonth() / 3) + 1 };
}

/** The quarter's first instant and the next quarter's first instant, as UTC instants. */
export function quarterRange({ year, quarter }: Quarter): { start: Date; end: Date } {
  return { start: new Date(Date.UTC(year, (quarter - 1) * 3, 1) - CHINA_OFFSET_MS), end: new Date(Date.UTC(year, quarter * 3, 1) - CHINA_OFFSET_MS) };
}

/** A quarter is closed once its last instant in UTC+8 has passed. */
export function isClosed(quarter: Quarter, now: Date): boolean {
  return now.getTime() >= quarterRange(quarter).end.getTime();
}

/** Statements are recorded from 2020 Q4 (spec section 9). */
export function isRecorded({ year, quarter }: Quarter): boolean {
  return year > FIRST_STATEMENT_QUARTER.year || (year === FIRST_STATEMENT_QUARTER.year && quarter >= FIRST_STATEMENT_QUARTER.quarter);
}
