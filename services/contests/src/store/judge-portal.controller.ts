import { Body, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ContestCalls, judgeKeySchema, judgeScoreSchema, judgeWorksSchema, languageFromHeader, type JudgeKeyRequest, type JudgeScoreRequest, type JudgeWorksRequest } from '@mkt/contracts';
import { ApiZodBody, RateLimit, RateLimitGuard, StoreController, ZodValidationPipe } from '@mkt/platform';
import { JudgingService } from '../judging/judging.service.js';

const path = (call: string) => call.replace(/^\//, '');

/**
 * /score, the judge portal: the key in each body is the judge's only credential (no store
 * account). Signing in is rate-limited per address; a key has 120 random bits, so the other calls
 * are not a way to guess one either.
 */
@ApiTags('store: judging')
@StoreController()
export class JudgePortalController {
  constructor(private readonly judging: JudgingService) {}

  @Post(path(ContestCalls.judgeSignIn))
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit({ limit: 20, windowSeconds: 60 })
  @ApiZodBody(judgeKeySchema)
  signIn(@Body(new ZodValidationPipe(judgeKeySchema)) body: JudgeKeyRequest, @Headers('accept-language') language?: string) {
    return this.judging.signIn(body.key, languageFromHeader(language));
  }

  @Post(path(ContestCalls.judgeWorks))
  @HttpCode(200)
  @ApiZodBody(judgeWorksSchema)
  works(@Body(new ZodValidationPipe(judgeWorksSchema)) body: JudgeWorksRequest, @Headers('accept-language') language?: string) {
    return this.judging.works(body, languageFromHeader(language));
  }

  @Post(path(ContestCalls.judgeScore))
  @HttpCode(200)
  @ApiZodBody(judgeScoreSchema)
  score(@Body(new ZodValidationPipe(judgeScoreSchema)) body: JudgeScoreRequest) {
    return this.judging.score(body.key, body.entryId, body.score);
  }
}
