/**
 * Console API of signing applications (below /admin-api; Bearer staff token), for the roles of
 * SIGNING_REVIEWERS.
 *
 * signing-applications — list: SigningReviewView. filter: { q, status, userId, id[] }. sort:
 *   submittedAt, reviewedAt, status. get: SigningReviewDetail, the view plus five-minute signed
 *   links to every image (preview and file) and the résumé (audited as 'reveal').
 *   POST /signing-applications/:id/approve { videoFlag, photoFlag } → SigningReviewView; the
 *   applicant becomes a gid 3 contributor with those upload rights.
 *   POST /signing-applications/:id/reject { reason } → SigningReviewView.
 * Every verdict is recorded in the audit log in the same transaction.
 */
import { Body, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ErrorCode, SIGNING_REVIEWERS, signingApproveSchema, signingRejectSchema, signingReviewFilterSchema, type SigningApproveRequest } from '@mkt/contracts';
import { AdminController, ApiZodBody, AppError, CurrentStaff, Roles, StaffAuthGuard, ZodValidationPipe, adminResourceController, type AuthenticatedStaff } from '@mkt/platform';
import { SIGNING_REVIEW_SORTABLE, SigningReviewService } from '../signing/signing-review.service.js';

const TAG = 'admin: signing applications';
const applicationId = new ParseUUIDPipe({ exceptionFactory: () => new AppError(ErrorCode.SIGNING_APPLICATION_NOT_FOUND, 'signingApplicationNotFound') });

/** Opening an application hands out links to its documents, so `get` is audited with the staff member who asks. */
export const AdminSigningApplicationsController = adminResourceController({
  resource: 'signing-applications',
  id: z.uuid(),
  tag: TAG,
  service: SigningReviewService,
  roles: SIGNING_REVIEWERS,
  list: { sortable: SIGNING_REVIEW_SORTABLE, defaultSort: ['submittedAt', 'DESC'], filter: signingReviewFilterSchema, rows: (reviews, query, actor) => reviews.list(query, actor) },
  get: (reviews, id, actor) => reviews.get(actor, id),
});

/** The verdicts on an application. */
@ApiTags(TAG)
@AdminController()
@UseGuards(StaffAuthGuard)
@Roles(...SIGNING_REVIEWERS)
export class AdminSigningActionsController {
  constructor(private readonly reviews: SigningReviewService) {}

  @Post('signing-applications/:id/approve')
  @HttpCode(200)
  @ApiZodBody(signingApproveSchema)
  approve(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', applicationId) id: string, @Body(new ZodValidationPipe(signingApproveSchema)) body: SigningApproveRequest) {
    return this.reviews.approve(staff, id, body);
  }

  @Post('signing-applications/:id/reject')
  @HttpCode(200)
  @ApiZodBody(signingRejectSchema)
  reject(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', applicationId) id: string, @Body(new ZodValidationPipe(signingRejectSchema)) body: { reason: string }) {
    return this.reviews.reject(staff, id, body.reason);
  }
}
