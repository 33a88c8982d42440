/**
 * Sales analytics for contributors: how each of their materials did per UTC+8 day, week (Monday
 * first) or calendar quarter: appearances in the store's search and listing answers, detail
 * views, favourites, cart adds, sales and their share of earnings (fen), with conversion.
 */
export const ANALYTICS_PERIODS = ['day', 'week', 'quarter'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const ANALYTICS_KINDS = ['video', 'photo', 'music', 'sfx'] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

export const ANALYTICS_SORTS = ['appearances', 'views', 'favourites', 'cartAdds', 'sales', 'earningsFen', 'salesPerView'] as const;
export type AnalyticsSort = (typeof ANALYTICS_SORTS)[number];

export const ANALYTICS_LIMITS = {
  /** Periods one answer covers at most, per granularity: two months of days, half a year of weeks, two years of quarters. */
  maxPeriods: { day: 62, week: 26, quarter: 8 } satisfies Record<AnalyticsPeriod, number>,
  /** Periods covered when the request names no start. */
  defaultPeriods: { day: 30, week: 12, quarter: 4 } satisfies Record<AnalyticsPeriod, number>,
  searchMax: 100,
  pageSizeMax: 50,
  pageSizeDefault: 20,
  /** The earliest day asked about: nothing was counted before. */
  firstDay: '2020-01-01',
} as const;

/** Store calls (POST), below STORE_API_PREFIX. */
export const MaterialAnalyticsCalls = {
  /** MaterialAnalyticsRequest → MaterialAnalytics: the caller's own materials only (contributors). */
  analytics: '/material/analytics',
} as const;

export interface AnalyticsFigures {
  appearances: number;
  views: number;
  favourites: number;
  cartAdds: number;
  sales: number;
  /** The contributor's share of the sales, net of refunds, in fen. */
  earningsFen: number;
}

/** Sales per view and cart adds per view (0 to 1, or more when sales come from outside the store's pages); null without views. */
export interface AnalyticsConversion {
  salesPerView: number | null;
  cartAddsPerView: number | null;
}

/** One period of the series: its first day (YYYY-MM-DD) and figures. */
export interface AnalyticsPoint extends AnalyticsFigures {
  period: string;
}

export interface AnalyticsMaterialRow extends AnalyticsFigures, AnalyticsConversion {
  materialId: number;
  code: string;
  kind: AnalyticsKind;
  title: string;
  thumbnail: string | null;
}

export interface MaterialAnalytics {
  period: AnalyticsPeriod;
  /** First and last day covered (UTC+8), whole periods. */
  from: string;
  to: string;
  totals: AnalyticsFigures & AnalyticsConversion;
  /** Every period of the range, oldest first, zeros included. */
  series: AnalyticsPoint[];
  /** The page of the per-material table. */
  rows: AnalyticsMaterialRow[];
  /** Materials with figures in the range that match the filters. */
  total: number;
  pageNo: number;
  pageSize: number;
}

const DAY_MS = 86_400_000;

/** The first day of the period `day` (YYYY-MM-DD) falls in: itself, its week's Monday, its quarter's first day. */
export function periodStart(period: AnalyticsPeriod, day: string): string {
  if (period === 'day') return day;
  if (period === 'quarter') {
    const month = Number(day.slice(5, 7));
    return `${day.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
  }
  const at = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(at).getUTCDay() + 6) % 7;
  return new Date(at - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the period after the one starting on `start`. */
export function nextPeriodStart(period: AnalyticsPeriod, start: string): string {
  const at = new Date(`${start}T00:00:00Z`);
  if (period === 'day') at.setUTCDate(at.getUTCDate() + 1);
  else if (period === 'week') at.setUTCDate(at.getUTCDate() + 7);
  else at.setUTCMonth(at.getUTCMonth() + 3);
  return at.toISOString().slice(0, 10);
}

/** The period starts from the one holding `from` to the one holding `to`, oldest first (at most `limit`). */
export function periodStarts(period: AnalyticsPeriod, from: string, to: string, limit = 1_000): string[] {
  const starts: string[] = [];
  for (let start = periodStart(period, from); start <= to && starts.length < limit; start = nextPeriodStart(period, start)) starts.push(start);
  return starts;
}

/** Sales per view and cart adds per view of some figures. */
export function conversionOf(figures: Pick<AnalyticsFigures, 'views' | 'sales' | 'cartAdds'>): AnalyticsConversion {
  return figures.views > 0
    ? { salesPerView: figures.sales / figures.views, cartAddsPerView: figures.cartAdds / figures.views }
    : { salesPerView: null, cartAddsPerView: null };
}

/** What the store sends to MaterialAnalyticsCalls.analytics (every field optional; the server's schema has the defaults). */
export interface MaterialAnalyticsRequestBody {
  period?: AnalyticsPeriod;
  from?: string;
  to?: string;
  kind?: AnalyticsKind;
  materialId?: number;
  search?: string;
  sort?: AnalyticsSort;
  order?: 'asc' | 'desc';
  pageNo?: number;
  pageSize?: number;
}
