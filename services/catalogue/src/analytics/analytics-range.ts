import { ANALYTICS_LIMITS, nextPeriodStart, periodStart, periodStarts, type AnalyticsPeriod } from '@mkt/contracts';

const DAY_MS = 86_400_000;

export interface AnalyticsRange {
  /** First day of the first period. */
  from: string;
  /** Last day of the last period. */
  to: string;
  /** Every period's first day, oldest first. */
  starts: string[];
}

/**
 * The whole periods a request covers: from the period holding `from` (default: the default
 * number of periods back from `to`) to the period holding `to` (default: today). Null when the
 * start is after the end, before anything was counted, or the range is longer than the
 * granularity allows.
 */
export function analyticsRange(period: AnalyticsPeriod, today: string, from?: string, to?: string): AnalyticsRange | null {
  const lastStart = periodStart(period, to ?? today);
  let firstStart = from ? periodStart(period, from) : lastStart;
  if (!from) for (let i = 1; i < ANALYTICS_LIMITS.defaultPeriods[period]; i += 1) firstStart = previousPeriodStart(period, firstStart);
  if (firstStart > lastStart || (from !== undefined && from < ANALYTICS_LIMITS.firstDay)) return null;
  const max = ANALYTICS_LIMITS.maxPeriods[period];
  const starts = periodStarts(period, firstStart, lastStart, max + 1);
  if (starts.length > max) return null;
  const end = new Date(Date.parse(`${nextPeriodStart(period, lastStart)}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return { from: firstStart, to: end, starts };
}

/**
 * The whole Monday-to-Sunday weeks inside a range of days, as the first and last week start: a
 * range of days reads those weeks from their week rows and only the days at its edges one by one.
 * Null when no whole week fits.
 */
export function wholeWeeksWithin(from: string, to: string): { firstWeek: string; lastWeek: string } | null {
  const firstWeek = from === periodStart('week', from) ? from : nextPeriodStart('week', periodStart('week', from));
  const afterTo = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const lastWeek = new Date(Date.parse(`${periodStart('week', afterTo)}T00:00:00Z`) - 7 * DAY_MS).toISOString().slice(0, 10);
  return firstWeek <= lastWeek ? { firstWeek, lastWeek } : null;
}

function previousPeriodStart(period: AnalyticsPeriod, start: string): string {
  return periodStart(period, new Date(Date.parse(`${start}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10));
}
