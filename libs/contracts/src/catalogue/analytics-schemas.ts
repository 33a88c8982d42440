import { z } from 'zod';
import { lineText } from '../text.js';
import { bigserialId, wholeNumber } from '../wire-numbers.js';
import { ANALYTICS_KINDS, ANALYTICS_LIMITS, ANALYTICS_PERIODS, ANALYTICS_SORTS } from './analytics.js';

/** A calendar day that exists (2026-02-30 is refused), YYYY-MM-DD. */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => {
    const at = Date.parse(`${day}T00:00:00Z`);
    return Number.isFinite(at) && new Date(at).toISOString().startsWith(day);
  });

/** Request body of POST /material/analytics (catalogue/analytics.ts). The range's rules (order, length) are the service's. */
export const materialAnalyticsRequestSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS).default('day'),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  kind: z.enum(ANALYTICS_KINDS).optional(),
  materialId: bigserialId().optional(),
  /** Part of a title (either language) or a material code, or a material id. */
  search: lineText(0, ANALYTICS_LIMITS.searchMax).default(''),
  sort: z.enum(ANALYTICS_SORTS).default('views'),
  order: z.enum(['asc', 'desc']).default('desc'),
  pageNo: wholeNumber(1, 10_000).default(1),
  pageSize: wholeNumber(1, ANALYTICS_LIMITS.pageSizeMax).default(ANALYTICS_LIMITS.pageSizeDefault),
});
export type MaterialAnalyticsRequest = z.input<typeof materialAnalyticsRequestSchema>;
export type MaterialAnalyticsQuery = z.output<typeof materialAnalyticsRequestSchema>;
