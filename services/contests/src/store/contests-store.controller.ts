import { Body, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  ContestCalls,
  campaignRequestSchema,
  contestEntrySubmitSchema,
  contestFileIdSchema,
  contestFilePartsSchema,
  contestFileStartSchema,
  contestIdRequestSchema,
  contestListRequestSchema,
  languageFromHeader,
  myEntriesRequestSchema,
  proofFinishSchema,
  proofLinkSchema,
  winnerInfoSchema,
  type CampaignPage,
  type ContestEntrySubmitRequest,
  type ContestFileIdRequest,
  type ContestFilePartsRequest,
  type ContestFileStartRequest,
  type ContestListRequest,
  type MyEntriesResponse,
  type ProofLinkRequest,
  type WinnerInfoRequest,
} from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { CampaignsService } from '../campaigns/campaigns.service.js';
import { EntriesService } from '../entries/entries.service.js';
import { ContestFilesService } from '../files/contest-files.service.js';
import { AwardProofsService } from '../results/award-proofs.service.js';
import { ResultsService } from '../results/results.service.js';
import { ContestSetupService } from '../setup/contest-setup.service.js';

const path = (call: string) => call.replace(/^\//, '');

/** The contest pages' public calls: the list with the header's count, a contest, its published results, campaign pages. */
@ApiTags('store: contests')
@StoreController()
export class ContestsPublicController {
  constructor(
    private readonly setup: ContestSetupService,
    private readonly outcomes: ResultsService,
    private readonly campaigns: CampaignsService,
  ) {}

  @Post(path(ContestCalls.campaign))
  @HttpCode(200)
  @ApiZodBody(campaignRequestSchema)
  campaign(@Body(new ZodValidationPipe(campaignRequestSchema)) body: { slug: CampaignPage }, @Headers('accept-language') language?: string) {
    return this.campaigns.view(body.slug, languageFromHeader(language));
  }

  @Post(path(ContestCalls.gameList))
  @HttpCode(200)
  @ApiZodBody(contestListRequestSchema)
  list(@Body(new ZodValidationPipe(contestListRequestSchema)) body: ContestListRequest, @Headers('accept-language') language?: string) {
    return this.setup.list(body, languageFromHeader(language));
  }

  @Post(path(ContestCalls.detail))
  @HttpCode(200)
  @ApiZodBody(contestIdRequestSchema)
  detail(@Body(new ZodValidationPipe(contestIdRequestSchema)) body: { id: number }, @Headers('accept-language') language?: string) {
    return this.setup.detail(body.id, languageFromHeader(language));
  }

  @Post(path(ContestCalls.results))
  @HttpCode(200)
  @ApiZodBody(contestIdRequestSchema)
  results(@Body(new ZodValidationPipe(contestIdRequestSchema)) body: { id: number }, @Headers('accept-language') language?: string) {
    return this.outcomes.published(body.id, languageFromHeader(language));
  }
}

/** A participant's calls: entry files, entries, awards and points. Signed-in users only; only their own. */
@ApiTags('store: contests')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('signInRequired')
export class ContestEntriesController {
  constructor(
    private readonly files: ContestFilesService,
    private readonly entries: EntriesService,
    private readonly results: ResultsService,
    private readonly proofs: AwardProofsService,
  ) {}

  @Post(path(ContestCalls.proofLink))
  @HttpCode(200)
  @ApiZodBody(proofLinkSchema)
  proofLink(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(proofLinkSchema)) body: ProofLinkRequest) {
    return this.proofs.link(user.userId, body);
  }

  @Post(path(ContestCalls.proofFinish))
  @HttpCode(200)
  @ApiZodBody(proofFinishSchema)
  proofFinish(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(proofFinishSchema)) body: { entryId: number }, @Headers('accept-language') language?: string) {
    return this.proofs.finish(user.userId, body.entryId, languageFromHeader(language));
  }

  @Post(path(ContestCalls.fileStart))
  @HttpCode(200)
  @ApiZodBody(contestFileStartSchema)
  start(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(contestFileStartSchema)) body: ContestFileStartRequest) {
    return this.files.start(user.userId, body);
  }

  @Post(path(ContestCalls.fileParts))
  @HttpCode(200)
  @ApiZodBody(contestFilePartsSchema)
  parts(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(contestFilePartsSchema)) body: ContestFilePartsRequest) {
    return this.files.parts(user.userId, body);
  }

  @Post(path(ContestCalls.fileFinish))
  @HttpCode(200)
  @ApiZodBody(contestFileIdSchema)
  finish(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(contestFileIdSchema)) body: ContestFileIdRequest) {
    return this.files.finish(user.userId, body);
  }

  @Post(path(ContestCalls.entrySubmit))
  @HttpCode(200)
  @ApiZodBody(contestEntrySubmitSchema)
  submit(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(contestEntrySubmitSchema)) body: ContestEntrySubmitRequest, @Headers('accept-language') language?: string) {
    return this.entries.submit(user.userId, body, languageFromHeader(language));
  }

  @Post(path(ContestCalls.myEntries))
  @HttpCode(200)
  @ApiZodBody(myEntriesRequestSchema)
  async mine(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(myEntriesRequestSchema)) body: z.output<typeof myEntriesRequestSchema>,
    @Headers('accept-language') language?: string,
  ): Promise<MyEntriesResponse> {
    const lang = languageFromHeader(language);
    const [entries, awards] = await Promise.all([this.entries.mine(user.userId, body.contestId, lang), this.results.myAwards(user.userId, lang)]);
    return { entries, awards };
  }

  @Post(path(ContestCalls.myPoints))
  @HttpCode(200)
  points(@CurrentUser() user: AuthenticatedUser, @Headers('accept-language') language?: string) {
    return this.results.myPoints(user.userId, languageFromHeader(language));
  }

  @Post(path(ContestCalls.winnerInfo))
  @HttpCode(200)
  @ApiZodBody(winnerInfoSchema)
  winnerInfo(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(winnerInfoSchema)) body: WinnerInfoRequest, @Headers('accept-language') language?: string) {
    return this.results.giveWinnerInfo(user.userId, body, languageFromHeader(language));
  }
}
