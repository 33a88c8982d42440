import { z } from 'zod';

export const PAYOUT_SETTINGS = Symbol('PAYOUT_SETTINGS');

/** Withholding rules a statement's tax is computed by (docs/adr/0014-payouts.md). */
export const TAX_RULES = ['labour-remuneration', 'none'] as const;
export type TaxRule = (typeof TAX_RULES)[number];

export interface PayoutSettings {
  /** The contributor's share of a sale, in percent, unless staff set another for them. */
  defaultSharePercent: number;
  /** What a download under an enterprise project (sold at 0 per item) credits before the share. */
  projectDownloadFen: number;
  taxRule: TaxRule;
  /**
   * Days the statement job's clock runs ahead of the real one, so a trial or a browser test can
   * close today's quarter. Refused in production.
   */
  clockShiftDays: number;
}

const settingsSchema = z.object({
  PAYOUT_DEFAULT_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
  PAYOUT_PROJECT_DOWNLOAD_FEN: z.coerce.number().int().min(0).max(100_000_000).default(3000),
  PAYOUT_TAX_RULE: z.enum(TAX_RULES).default('labour-remuneration'),
  PAYOUT_CLOCK_SHIFT_DAYS: z.coerce.number().int().min(0).max(400).default(0),
  NODE_ENV: z.string().optional(),
}).refine((env) => env.PAYOUT_CLOCK_SHIFT_DAYS === 0 || env.NODE_ENV !== 'production', { path: ['PAYOUT_CLOCK_SHIFT_DAYS'], message: 'is not allowed in production' });

/** Read once at start; a wrong value stops the process with the variable's name. */
export function payoutSettings(env: NodeJS.ProcessEnv = process.env): PayoutSettings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) throw new Error(`payouts configuration: ${z.prettifyError(parsed.error)}`);
  return { defaultSharePercent: parsed.data.PAYOUT_DEFAULT_SHARE_PERCENT, projectDownloadFen: parsed.data.PAYOUT_PROJECT_DOWNLOAD_FEN, taxRule: parsed.data.PAYOUT_TAX_RULE, clockShiftDays: parsed.data.PAYOUT_CLOCK_SHIFT_DAYS };
}
