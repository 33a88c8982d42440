/**
 * Console API of the real-name check (below /admin-api; Bearer staff token). Finance and admin only.
 *
 * real-name-reviews — list: RealNameReviewView. filter: { q, status, userId, id[] }. sort:
 *   submittedAt, reviewedAt, status. get: RealNameReviewDetail, the view plus five-minute signed
 *   links to both photos (audited as 'reveal').
 *   POST /real-name-reviews/:id/verify → RealNameReviewView (announced as realname.verified).
 *   POST /real-name-reviews/:id/reject { reason } → RealNameReviewView.
 * Every verdict is recorded in the audit log in the same transaction.
 */
import { Body, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ErrorCode, realNameRejectSchema, realNameReviewFilterSchema } from '@mkt/contracts';
import { AdminController, ApiZodBody, AppError, CurrentStaff, Roles, StaffAuthGuard, ZodValidationPipe, adminResourceController, type AuthenticatedStaff } from '@mkt/platform';
import { REAL_NAME_REVIEW_SORTABLE, RealNameReviewService } from '../real-name/real-name-review.service.js';

const FINANCE = ['admin', 'finance'] as const;
const TAG = 'admin: real-name check';
const submissionId = new ParseUUIDPipe({ exceptionFactory: () => new AppError(ErrorCode.REAL_NAME_NOT_FOUND, 'realNameNotFound') });

/** Opening a submission hands out photo links, so `get` is audited with the staff member who asks. */
export const AdminRealNameReviewsController = adminResourceController({
  resource: 'real-name-reviews',
  id: z.uuid(),
  tag: TAG,
  service: RealNameReviewService,
  roles: FINANCE,
  list: { sortable: REAL_NAME_REVIEW_SORTABLE, defaultSort: ['submittedAt', 'DESC'], filter: realNameReviewFilterSchema, rows: (reviews, query) => reviews.list(query) },
  get: (reviews, id, staff) => reviews.get(staff, id),
});

/** The verdicts on a submission. */
@ApiTags(TAG)
@AdminController()
@UseGuards(StaffAuthGuard)
@Roles(...FINANCE)
export class AdminRealNameActionsController {
  constructor(private readonly reviews: RealNameReviewService) {}

  @Post('real-name-reviews/:id/verify')
  @HttpCode(200)
  verify(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', submissionId) id: string) {
    return this.reviews.verify(staff, id);
  }

  @Post('real-name-reviews/:id/reject')
  @HttpCode(200)
  @ApiZodBody(realNameRejectSchema)
  reject(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', submissionId) id: string, @Body(new ZodValidationPipe(realNameRejectSchema)) body: { reason: string }) {
    return this.reviews.reject(staff, id, body.reason);
  }
}
