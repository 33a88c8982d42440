import { z } from 'zod';
import { PHONE_PATTERN } from '../identity/api.js';
import { residentIdNumberSchema } from '../identity/schemas.js';
import { lineText } from '../text.js';
import { BANK_NAME_MIN_LENGTH, CARD_NUMBER_PATTERN, SETTLEMENT_TYPES, STATEMENT_STATUSES, stripDigitSeparators, TAX_NUMBER_PATTERN } from './api.js';
import { wholeNumber } from '../wire-numbers.js';

export const statementListRequestSchema = z.object({ year: wholeNumber(2020, 2100).optional() });
export type StatementListRequest = z.output<typeof statementListRequestSchema>;
export const statementIdRequestSchema = z.object({ id: z.uuid() });
export type StatementIdRequest = z.output<typeof statementIdRequestSchema>;
export const statementRejectRequestSchema = z.object({ id: z.uuid(), reason: lineText(1, 200) });
export type StatementRejectRequest = z.output<typeof statementRejectRequestSchema>;

/** Console: produce the statements of one closed quarter. */
export const statementGenerateSchema = z.object({ year: z.number().int().min(2020).max(2100), quarter: z.number().int().min(1).max(4) });
/** Console: mark confirmed statements remitted, as one bank batch. */
export const statementRemitSchema = z.object({ ids: z.array(z.uuid()).min(1).max(1000) });
/**
 * Console: a contributor's share of each sale, in percent, and the company named in their contract
 * (company settlement pays only an account in that name; empty clears it).
 */
export const contributorShareUpdateSchema = z.object({
  sharePercent: z.number().int().min(0).max(100),
  companyName: lineText(0, 100)
    .nullable()
    .transform((value) => value || null)
    .optional(),
});
export const statementFilterSchema = z
  .object({
    q: z.string().max(100),
    status: z.enum(STATEMENT_STATUSES),
    year: wholeNumber(2020, 2100),
    quarter: wholeNumber(1, 4),
    contributorId: z.uuid(),
    id: z.array(z.uuid()).max(1000),
  })
  .partial();
export const contributorShareFilterSchema = z.object({ id: z.array(z.uuid()).max(500) }).partial();

export const bankInfoSubmitSchema = z.object({
  settlementType: z.enum(SETTLEMENT_TYPES),
  accountName: lineText(2, 100),
  cardNumber: z.string().max(40).transform(stripDigitSeparators).pipe(z.string().regex(CARD_NUMBER_PATTERN, '12 to 30 digits')),
  bankName: lineText(BANK_NAME_MIN_LENGTH, 100),
  reservedPhone: z.string().max(20).transform(stripDigitSeparators).pipe(z.string().regex(PHONE_PATTERN, 'a mainland mobile number')),
  idNumber: residentIdNumberSchema,
  /** A person's tax number is usually their ID number; a company's is its unified social credit code. */
  taxNumber: z.string().trim().toUpperCase().regex(TAX_NUMBER_PATTERN, '15 to 20 letters or digits'),
});
export type BankInfoSubmitRequest = z.output<typeof bankInfoSubmitSchema>;
export const bankInfoRejectSchema = z.object({ reason: lineText(1, 200) });
export const bankInfoFilterSchema = z
  .object({ q: z.string().max(100), status: z.enum(['verifying', 'failed', 'verified']), contributorId: z.uuid(), id: z.array(z.uuid()).max(500) })
  .partial();
