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
}

const settingsSchema = z.object({
  PAYOUT_DEFAULT_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
  PAYOUT_PROJECT_DOWNLOAD_FEN: z.coerce.number().int().min(0).max(100_000_000).default(3000),
  PAYOUT_TAX_RULE: z.enum(TAX_RULES).default('labour-remuneration'),
});

/** Read once at start; a wrong value stops the process with the variable's name. */
export function payoutSettings(env: NodeJS.ProcessEnv = process.env): PayoutSettings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) throw new Error(`payouts configuration: ${z.prettifyError(parsed.error)}`);
  return { defaultSharePercent: parsed.data.PAYOUT_DEFAULT_SHARE_PERCENT, projectDownloadFen: parsed.data.PAYOUT_PROJECT_DOWNLOAD_FEN, taxRule: parsed.data.PAYOUT_TAX_RULE };
}
