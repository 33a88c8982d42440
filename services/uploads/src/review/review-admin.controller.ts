/**
 * Console REST API of the review queue (react-admin "simple REST", below /admin-api; Bearer staff token).
 *
 * reviews — read and decide: admin, reviewer.
 *   GET /admin-api/reviews?filter={"status":"waiting","kind":"video"}&sort=["createdAt","ASC"]&range=[0,24]
 *   record: the contributor's view of the file (status, reason, probe metadata: codec, width, height,
 *     durationSeconds, fps, colorSpace, colorTransfer) plus contributorId, originalKey, previewUrl and
 *     thumbnailUrl (signed, 15 minutes), phash, duplicates: [{ id, contributorId, fileName, distance, thumbnailUrl }].
 *   PUT /admin-api/reviews/:id { decision: 'approve', titleZh?, titleEn? } | { decision: 'reject', reason }
 *     only from status waiting (else 409, code 4006); written to uploads.audit_log.
 */
import { reviewDecisionSchema, bigserialId } from '@mkt/contracts';
import { adminResourceController } from '@mkt/platform';
import { REVIEW_SORTABLE, ReviewService, reviewFilterSchema } from './review.service.js';

export const AdminReviewsController = adminResourceController({
  resource: 'reviews',
  id: bigserialId(),
  tag: 'admin: reviews',
  service: ReviewService,
  roles: ['admin', 'reviewer'],
  list: { sortable: REVIEW_SORTABLE, defaultSort: ['createdAt', 'ASC'], filter: reviewFilterSchema, rows: (reviews, query) => reviews.list(query) },
  get: (reviews, id) => reviews.get(id),
  update: { schema: reviewDecisionSchema, run: (reviews, actor, id, body) => reviews.decide(actor, id, body) },
});
