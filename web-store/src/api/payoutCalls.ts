import { BankCalls, type BankInfoSubmitRequest, type BankInfoView, type EarningsResponse, PayoutCalls, type StatementDetail, type StatementListResponse, type StatementSummary } from '@mkt/contracts/web';
import { type CallOptions, post } from './client';

/** A contributor's earnings, quarterly statements and bank info (/Bill); buyers are refused with 403. */
export const payoutCalls = {
  earnings: (options?: CallOptions) => post<EarningsResponse>(PayoutCalls.earnings, {}, options),
  statements: (year: number | null, options?: CallOptions) =>
    post<StatementListResponse>(PayoutCalls.statementList, year === null ? {} : { year }, options),
  detail: (id: string, options?: CallOptions) => post<StatementDetail>(PayoutCalls.statementDetail, { id }, options),
  confirm: (id: string) => post<StatementSummary>(PayoutCalls.statementConfirm, { id }),
  reject: (id: string, reason: string) => post<StatementSummary>(PayoutCalls.statementReject, { id, reason }),
  file: (id: string) => post<{ url: string }>(PayoutCalls.statementFile, { id }),
  bankInfo: (options?: CallOptions) => post<BankInfoView>(BankCalls.detail, {}, options),
  submitBankInfo: (request: BankInfoSubmitRequest) => post<BankInfoView>(BankCalls.submit, request),
};
