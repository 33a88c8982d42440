import { z } from 'zod';
import { STATEMENT_STATUSES } from './api.js';

export const statementListRequestSchema = z.object({ year: z.coerce.number().int().min(2020).max(2100).optional() });
export type StatementListRequest = z.output<typeof statementListRequestSchema>;
export const statementIdRequestSchema = z.object({ id: z.uuid() });
export type StatementIdRequest = z.output<typeof statementIdRequestSchema>;
export const statementRejectRequestSchema = z.object({ id: z.uuid(), reason: z.string().trim().min(1).max(200) });
export type StatementRejectRequest = z.output<typeof statementRejectRequestSchema>;

/** Console: produce the statements of one closed quarter. */
export const statementGenerateSchema = z.object({ year: z.number().int().min(2020).max(2100), quarter: z.number().int().min(1).max(4) });
/** Console: mark confirmed statements remitted, as one bank batch. */
export const statementRemitSchema = z.object({ ids: z.array(z.uuid()).min(1).max(1000) });
/** Console: a contributor's share of each sale, in percent. */
export const contributorShareUpdateSchema = z.object({ sharePercent: z.number().int().min(0).max(100) });
export const statementFilterSchema = z
  .object({
    q: z.string().max(100),
    status: z.enum(STATEMENT_STATUSES),
    year: z.coerce.number().int().min(2020).max(2100),
    quarter: z.coerce.number().int().min(1).max(4),
    contributorId: z.uuid(),
    id: z.array(z.uuid()).max(1000),
  })
  .partial();
export const contributorShareFilterSchema = z.object({ id: z.array(z.uuid()).max(500) }).partial();
