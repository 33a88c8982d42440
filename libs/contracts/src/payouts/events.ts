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
