/**
 * Console REST API of contests (react-admin "simple REST", below /admin-api; Bearer staff token).
 * Contest managers and admins.
 *
 * contests — list/get/POST/PUT: the whole setup (ContestSetup: titles, rules, banner, maximum
 *   score, points pool, winners' deadline in days, the six phases, tracks and prizes; prizes name
 *   their track by position). filter: { q, id[] }. sort: id, createdAt, submissionStartsAt.
 *   GET /contests/:id/standings: the standings as they would be published now.
 *   POST /contests/:id/publish-results: ranks, awards and points, once the review phase has ended.
 * contest-judges — list/get/POST { contestId, name, trackIds } (the answer carries the key, shown
 *   once)/PUT { name, trackIds }. filter: { contestId, id[] }. POST /contest-judges/:id/revoke.
 * contest-entries — list/get with the files behind short-lived links. filter: { contestId,
 *   trackId, status, q, id[] }. sort: id, submittedAt, status, trackId.
 *   POST /contest-entries/:id/approve, POST /contest-entries/:id/reject { reason }.
 * campaigns — list/get/POST/PUT, keyed by the page's slug (8k2021 … fcb1year-m3): titles,
 *   subtitles, banner, sections in both languages, the contest whose winners it shows, published.
 * Every write is recorded in contests.audit_log and announced for the console's audit log.
 */
import { Body, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { CAMPAIGN_PAGES, campaignFilterSchema, campaignSetupSchema, campaignUpdateSchema, contestFilterSchema, contestSetupSchema, entryFilterSchema, entryRejectSchema, judgeCreateSchema, judgeFilterSchema, judgeUpdateSchema, serialId } from '@mkt/contracts';
import { AdminController, ApiZodBody, CurrentStaff, ResourceIdPipe, Roles, StaffAuthGuard, ZodValidationPipe, adminResourceController, type AuthenticatedStaff } from '@mkt/platform';
import { CampaignsService } from '../campaigns/campaigns.service.js';
import { EntriesService } from '../entries/entries.service.js';
import { JudgesService } from '../judging/judges.service.js';
import { ResultsService } from '../results/results.service.js';
import { ContestSetupService } from '../setup/contest-setup.service.js';

const MANAGERS = ['admin', 'contest-manager'] as const;
const contestId = new ResourceIdPipe(serialId());
const judgeId = new ResourceIdPipe(z.uuid());
const entryId = new ResourceIdPipe(serialId());

export const AdminContestsController = adminResourceController({
  resource: 'contests',
  id: serialId(),
  tag: 'admin: contests',
  service: ContestSetupService,
  roles: MANAGERS,
  list: { sortable: ['id', 'createdAt', 'submissionStartsAt'], defaultSort: ['id', 'DESC'], filter: contestFilterSchema, rows: (setup, query) => setup.adminList(query) },
  get: (setup, id) => setup.adminGet(Number(id)),
  create: { schema: contestSetupSchema, run: (setup, actor, body) => setup.create(actor, body) },
  update: { schema: contestSetupSchema, run: (setup, actor, id, body) => setup.update(actor, Number(id), body) },
});

export const AdminContestJudgesController = adminResourceController({
  resource: 'contest-judges',
  id: z.uuid(),
  tag: 'admin: contests',
  service: JudgesService,
  roles: MANAGERS,
  list: { sortable: ['createdAt'], defaultSort: ['createdAt', 'DESC'], filter: judgeFilterSchema, rows: (judges, query) => judges.list(query) },
  get: (judges, id) => judges.get(id),
  create: { schema: judgeCreateSchema, run: (judges, actor, body) => judges.create(actor, body) },
  update: { schema: judgeUpdateSchema, run: (judges, actor, id, body) => judges.update(actor, id, body) },
});

export const AdminContestEntriesController = adminResourceController({
  resource: 'contest-entries',
  id: serialId(),
  tag: 'admin: contests',
  service: EntriesService,
  roles: MANAGERS,
  list: { sortable: ['id', 'submittedAt', 'status', 'trackId'], defaultSort: ['id', 'DESC'], filter: entryFilterSchema, rows: (entries, query) => entries.adminList(query) },
  get: (entries, id, actor) => entries.adminGet(Number(id), actor),
});

export const AdminCampaignsController = adminResourceController({
  resource: 'campaigns',
  id: z.enum(CAMPAIGN_PAGES),
  tag: 'admin: contests',
  service: CampaignsService,
  roles: MANAGERS,
  list: { sortable: ['slug'], defaultSort: ['slug', 'ASC'], filter: campaignFilterSchema, rows: (campaigns, query) => campaigns.list(query) },
  get: (campaigns, id) => campaigns.get(id),
  create: { schema: campaignSetupSchema, run: (campaigns, actor, body) => campaigns.save(actor, body) },
  update: { schema: campaignUpdateSchema, run: (campaigns, actor, id, body) => campaigns.save(actor, { ...body, slug: id as (typeof CAMPAIGN_PAGES)[number] }) },
});

/** The contest actions beyond editing: standings, publishing results, revoking keys, reviewing entries. */
@ApiTags('admin: contests')
@AdminController()
@UseGuards(StaffAuthGuard)
@Roles(...MANAGERS)
export class AdminContestActionsController {
  constructor(
    private readonly results: ResultsService,
    private readonly judges: JudgesService,
    private readonly entries: EntriesService,
  ) {}

  @Get('contests/:id/standings')
  standings(@Param('id', contestId) id: string) {
    return this.results.standings(Number(id));
  }

  @Post('contests/:id/publish-results')
  @HttpCode(200)
  publish(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', contestId) id: string) {
    return this.results.publish(staff, Number(id));
  }

  @Post('contest-judges/:id/revoke')
  @HttpCode(200)
  revoke(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', judgeId) id: string) {
    return this.judges.revoke(staff, id);
  }

  @Post('contest-entries/:id/approve')
  @HttpCode(200)
  approve(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', entryId) id: string) {
    return this.entries.review(staff, Number(id), 'approve', null);
  }

  @Post('contest-entries/:id/reject')
  @HttpCode(200)
  @ApiZodBody(entryRejectSchema)
  reject(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', entryId) id: string, @Body(new ZodValidationPipe(entryRejectSchema)) body: { reason: string }) {
    return this.entries.review(staff, Number(id), 'reject', body.reason);
  }
}
