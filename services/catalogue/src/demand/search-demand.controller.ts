import { Body, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { SearchDemandCalls, searchDemandRequestSchema, searchFollowUpRequestSchema } from '@mkt/contracts';
import { ApiZodBody, ContributorGuard, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe } from '@mkt/platform';
import { SearchDemandRecorder } from './search-demand.recorder.js';
import { SearchDemandService } from './search-demand.service.js';

const path = (call: string) => call.replace(/^\//, '');

/**
 * Search demand in the store: the follow-ups of a search (anyone holding its token; no account,
 * nothing about who) and the lists, for contributors only. The lists are the same for every
 * contributor: anonymous market demand, nobody's own data.
 */
@ApiTags('store: search demand')
@StoreController()
export class SearchDemandController {
  constructor(
    private readonly recorder: SearchDemandRecorder,
    private readonly demand: SearchDemandService,
  ) {}

  @Post(path(SearchDemandCalls.followUp))
  @HttpCode(200)
  @ApiZodBody(searchFollowUpRequestSchema)
  followUp(@Body(new ZodValidationPipe(searchFollowUpRequestSchema)) body: z.output<typeof searchFollowUpRequestSchema>) {
    this.recorder.followUp(body.token, body.action);
    return null;
  }

  @Post(path(SearchDemandCalls.lists))
  @HttpCode(200)
  @UseGuards(UserAuthGuard, ContributorGuard)
  @LoginMessage('signInRequired')
  @ApiZodBody(searchDemandRequestSchema)
  lists(@Body(new ZodValidationPipe(searchDemandRequestSchema)) body: z.output<typeof searchDemandRequestSchema>) {
    return this.demand.current(body);
  }
}
