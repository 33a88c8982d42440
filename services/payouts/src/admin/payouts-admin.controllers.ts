/**
 * Console REST API of payouts (react-admin "simple REST", below /admin-api; Bearer staff token).
 * Finance and admin only.
 *
 * statements — list/get: StatementAdminView (get adds `lines`). filter: { q, status, year, quarter,
 *   contributorId, id[] }. sort: createdAt, year, netFen, status.
 *   POST /statements/generate { year, quarter }: the statements of a closed quarter (idempotent).
 *   POST /statements/remit { ids }: confirmed statements paid as one bank batch → { batch, statements };
 *   refused when a contributor has no verified bank account.
 *   POST /statements/:id/correct: a rejected statement becomes invalid; its corrected successor is returned.
 *   GET /remittances/:batch: the batch's remittance list as CSV, with the accounts unmasked (audited).
 * contributor-shares — list/get/PUT { sharePercent, companyName? }: a contributor's share of each
 *   sale (the default when never set) and the company their contract names (company settlement).
 * bank-infos — list/get: BankInfoAdminView, numbers masked. filter: { q, status, contributorId, id[] }.
 *   sort: submittedAt, reviewedAt, status.
 *   POST /bank-infos/:id/reveal → BankInfoRevealed: the unmasked card and ID numbers (audited).
 *   POST /bank-infos/:id/verify, POST /bank-infos/:id/reject { reason }.
 * Every write and every reveal is recorded in payouts.audit_log and announced for the console's audit log.
 */
import { Body, Get, Header, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ErrorCode, bankInfoFilterSchema, bankInfoRejectSchema, contributorShareFilterSchema, contributorShareUpdateSchema, statementFilterSchema, statementGenerateSchema, statementRemitSchema } from '@mkt/contracts';
import { AdminController, ApiZodBody, AppError, CurrentStaff, Roles, StaffAuthGuard, ZodValidationPipe, adminResourceController, type AuthenticatedStaff } from '@mkt/platform';
import { BankInfoService } from '../bank/bank-info.service.js';
import { ContributorSharesService } from '../shares/contributor-shares.service.js';
import { StatementsService } from '../statements/statements.service.js';

const FINANCE = ['admin', 'finance'] as const;
const uuid = new ParseUUIDPipe({ exceptionFactory: () => new AppError(ErrorCode.STATEMENT_NOT_FOUND, 'statementNotFound') });
const bankInfoId = new ParseUUIDPipe({ exceptionFactory: () => new AppError(ErrorCode.BANK_INFO_NOT_FOUND, 'bankInfoNotFound') });

export const AdminStatementsController = adminResourceController({
  resource: 'statements',
  id: z.uuid(),
  tag: 'admin: statements',
  service: StatementsService,
  roles: FINANCE,
  list: { sortable: ['createdAt', 'year', 'netFen', 'status'], defaultSort: ['createdAt', 'DESC'], filter: statementFilterSchema, rows: (statements, query) => statements.adminList(query) },
  get: (statements, id) => statements.adminGet(id),
});

export const AdminContributorSharesController = adminResourceController({
  resource: 'contributor-shares',
  id: z.uuid(),
  tag: 'admin: statements',
  service: ContributorSharesService,
  roles: FINANCE,
  list: { sortable: ['updatedAt'], defaultSort: ['updatedAt', 'DESC'], filter: contributorShareFilterSchema, rows: (shares, query) => shares.list(query) },
  get: (shares, id) => shares.get(id),
  update: { schema: contributorShareUpdateSchema, run: (shares, actor, id, body) => shares.update(actor, id, body) },
});

/** The statement actions beyond reading: producing a quarter, correcting, remitting, the bank's list. */
@ApiTags('admin: statements')
@AdminController()
@UseGuards(StaffAuthGuard)
@Roles(...FINANCE)
export class AdminStatementActionsController {
  constructor(private readonly statements: StatementsService) {}

  @Post('statements/generate')
  @HttpCode(200)
  @ApiZodBody(statementGenerateSchema)
  generate(@CurrentStaff() staff: AuthenticatedStaff, @Body(new ZodValidationPipe(statementGenerateSchema)) body: { year: number; quarter: number }) {
    return this.statements.generate(body, staff);
  }

  @Post('statements/remit')
  @HttpCode(200)
  @ApiZodBody(statementRemitSchema)
  remit(@CurrentStaff() staff: AuthenticatedStaff, @Body(new ZodValidationPipe(statementRemitSchema)) body: { ids: string[] }) {
    return this.statements.remit(staff, body.ids);
  }

  @Post('statements/:id/correct')
  @HttpCode(200)
  correct(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', uuid) id: string) {
    return this.statements.correct(staff, id);
  }

  @Get('remittances/:batch')
  @Header('content-type', 'text/csv; charset=utf-8')
  remittanceCsv(@CurrentStaff() staff: AuthenticatedStaff, @Param('batch') batch: string) {
    return this.statements.remittanceCsv(staff, batch.slice(0, 40));
  }
}

export const AdminBankInfosController = adminResourceController({
  resource: 'bank-infos',
  id: z.uuid(),
  tag: 'admin: bank info',
  service: BankInfoService,
  roles: FINANCE,
  list: { sortable: ['submittedAt', 'reviewedAt', 'status'], defaultSort: ['submittedAt', 'DESC'], filter: bankInfoFilterSchema, rows: (bank, query) => bank.adminList(query) },
  get: (bank, id) => bank.adminGet(id),
});

/** Reviewing bank info: reveal the numbers (audited), verify, or reject with a reason. */
@ApiTags('admin: bank info')
@AdminController()
@UseGuards(StaffAuthGuard)
@Roles(...FINANCE)
export class AdminBankInfoActionsController {
  constructor(private readonly bank: BankInfoService) {}

  @Post('bank-infos/:id/reveal')
  @HttpCode(200)
  reveal(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', bankInfoId) id: string) {
    return this.bank.reveal(staff, id);
  }

  @Post('bank-infos/:id/verify')
  @HttpCode(200)
  verify(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', bankInfoId) id: string) {
    return this.bank.verify(staff, id);
  }

  @Post('bank-infos/:id/reject')
  @HttpCode(200)
  @ApiZodBody(bankInfoRejectSchema)
  reject(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', bankInfoId) id: string, @Body(new ZodValidationPipe(bankInfoRejectSchema)) body: { reason: string }) {
    return this.bank.reject(staff, id, body.reason);
  }
}
