import { z } from 'zod';
import { defineEvent } from '../events.js';

/** A quarterly statement was produced for a contributor and waits for their confirmation. */
export const StatementGenerated = defineEvent(
  'statement.generated',
  1,
  z.object({ statementId: z.uuid(), contributorId: z.uuid(), year: z.number().int(), quarter: z.number().int().min(1).max(4), netFen: z.number().int() }),
);

/** Finance paid a confirmed statement to the contributor's bank account. */
export const StatementRemitted = defineEvent(
  'statement.remitted',
  1,
  z.object({ statementId: z.uuid(), contributorId: z.uuid(), netFen: z.number().int(), remittanceBatch: z.string(), remittedAt: z.string() }),
);

/**
 * The ledger credited (sale) or took back (reversal, a refund) contributors' shares of an order's
 * items: what the catalogue's sales analytics count as sales and earnings, per material and UTC+8 day.
 */
export const EarningsCredited = defineEvent(
  'payouts.earnings.credited',
  1,
  z.object({
    orderId: z.uuid(),
    entries: z
      .array(
        z.object({
          materialId: z.number().int().positive(),
          contributorId: z.uuid(),
          entryType: z.enum(['sale', 'reversal']),
          earningFen: z.number().int(),
          at: z.string(),
        }),
      )
      .min(1),
  }),
);
