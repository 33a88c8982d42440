/**
 * Console REST API of the review queue (react-admin "simple REST", below /admin-api; Bearer staff token).
 *
 * reviews — read and decide: admin, reviewer.
 *   GET /admin-api/reviews?filter={"status":"waiting","kind":"video"}&sort=["createdAt","ASC"]&range=[0,24]
 *   record: the contributor's view of the file (status, reason, probe metadata: codec, width, height,
 *     durationSeconds, fps, colorSpace, colorTransfer) plus contributorId, originalKey, previewUrl and
 *     thumbnailUrl (signed, 15 minutes), phash, duplicates: [{ id, contributorId, fileName, distance, thumbnailUrl }].
 *     attachedReleases (names masked) and missingReleases.
 *   PUT /admin-api/reviews/:id { decision: 'approve', titleZh?, titleEn?, editorialOnly? } | { decision: 'reject', reason }
 *     only from status waiting (else 409, code 4006); approving a file whose declaration calls for
 *     releases it lacks needs editorialOnly (else 422, code 4104); written to uploads.audit_log.
 *   POST /admin-api/reviews/:id/releases/:releaseId/reveal → { id, name, url, expiresInSeconds }:
 *     an attached release's full name and a five-minute link to its file, audited as 'reveal'.
 */
import { HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { reviewDecisionSchema, bigserialId } from '@mkt/contracts';
import { AdminController, AppError, CurrentStaff, Roles, StaffAuthGuard, adminResourceController, type AuthenticatedStaff } from '@mkt/platform';
import { REVIEW_SORTABLE, ReviewService, reviewFilterSchema } from './review.service.js';

const REVIEWERS = ['admin', 'reviewer'] as const;

export const AdminReviewsController = adminResourceController({
  resource: 'reviews',
  id: bigserialId(),
  tag: 'admin: reviews',
  service: ReviewService,
  roles: REVIEWERS,
  list: { sortable: REVIEW_SORTABLE, defaultSort: ['createdAt', 'ASC'], filter: reviewFilterSchema, rows: (reviews, query) => reviews.list(query) },
  get: (reviews, id) => reviews.get(id),
  update: { schema: reviewDecisionSchema, run: (reviews, actor, id, body) => reviews.decide(actor, id, body) },
});

/** Releases are personal documents: each one a reviewer opens is in the audit log. */
@ApiTags('admin: reviews')
@AdminController()
@UseGuards(StaffAuthGuard)
@Roles(...REVIEWERS)
export class AdminReviewReleasesController {
  constructor(private readonly reviews: ReviewService) {}

  @Post('reviews/:id/releases/:releaseId/reveal')
  @HttpCode(200)
  reveal(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string, @Param('releaseId', new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() })) release: string) {
    return this.reviews.revealRelease(staff, id, release);
  }
}
