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
import { Body, Get, Param, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { reviewDecisionSchema, type ReviewDecision } from '@mkt/contracts';
import { AdminController, ApiZodBody, CurrentStaff, Roles, StaffAuthGuard, ZodValidationPipe, parseListQuery, setContentRange, type AuthenticatedStaff } from '@mkt/platform';
import { REVIEW_SORTABLE, ReviewService, reviewFilterSchema } from './review.service.js';

@ApiTags('admin: reviews')
@AdminController('reviews')
@UseGuards(StaffAuthGuard)
@Roles('admin', 'reviewer')
export class AdminReviewsController {
  constructor(private readonly reviews: ReviewService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: REVIEW_SORTABLE, defaultSort: ['createdAt', 'ASC'], filter: reviewFilterSchema });
    const { rows, total } = await this.reviews.list(parsed);
    setContentRange(response, 'reviews', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.reviews.get(id);
  }

  @Put(':id')
  @ApiZodBody(reviewDecisionSchema)
  decide(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string, @Body(new ZodValidationPipe(reviewDecisionSchema)) body: ReviewDecision) {
    return this.reviews.decide(staff, id, body);
  }
}
