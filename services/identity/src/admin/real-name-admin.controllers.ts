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
import { Body, Get, HttpCode, Param, ParseUUIDPipe, Post, UseGuards, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ErrorCode, realNameRejectSchema, realNameReviewFilterSchema } from '@mkt/contracts';
import { AdminController, ApiZodBody, AppError, CurrentStaff, Roles, StaffAuthGuard, ZodValidationPipe, adminResourceController, type AuthenticatedStaff } from '@mkt/platform';
import { REAL_NAME_REVIEW_SORTABLE, RealNameReviewService } from '../real-name/real-name-review.service.js';

const FINANCE = ['admin', 'finance'] as const;
const TAG = 'admin: real-name check';
const submissionId = new ParseUUIDPipe({ exceptionFactory: () => new AppError(ErrorCode.REAL_NAME_NOT_FOUND, 'realNameNotFound') });

const RealNameReviewsResource = adminResourceController({
  resource: 'real-name-reviews',
  tag: TAG,
  service: RealNameReviewService,
  roles: FINANCE,
  list: { sortable: REAL_NAME_REVIEW_SORTABLE, defaultSort: ['submittedAt', 'DESC'], filter: realNameReviewFilterSchema, rows: (reviews, query) => reviews.list(query) },
  // Replaced below: opening a submission is audited, which needs the staff member.
  get: () => Promise.reject(AppError.notFound()),
}) as Type<{ readonly service: RealNameReviewService; get(...args: never[]): unknown }>;

/**
 * The generated resource (list) with `get` redefined to know who asks: the photo links it hands
 * out are recorded in the audit log. Routes, guards and roles are inherited from the resource.
 */
export class AdminRealNameReviewsController extends RealNameReviewsResource {
  @Get(':id')
  override get(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', submissionId) id: string) {
    return this.service.get(staff, id);
  }
}

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
