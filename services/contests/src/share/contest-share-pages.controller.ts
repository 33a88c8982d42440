import { Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SharePagePaths } from '@mkt/contracts';
import { SharePageController, SharePageResponder } from '@mkt/platform';
import { ContestSharePages } from './contest-share-pages.js';

const routes = (paths: readonly string[]) => paths.map((path) => path.replace(/^\//, ''));

/**
 * The contest pages as shared links open them (ADR 0029): the store's shell with the contest's
 * Open Graph tags, in the link's or the reader's language.
 */
@ApiExcludeController()
@SharePageController()
export class ContestSharePagesController {
  constructor(
    private readonly pages: ContestSharePages,
    private readonly responder: SharePageResponder,
  ) {}

  @Get(routes(SharePagePaths.contests.contestDetail))
  contest(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.responder.answer(request, reply, (query, language) => this.pages.contest(query, language));
  }

  @Get(routes(SharePagePaths.contests.pastContestDetail))
  pastContest(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.responder.answer(request, reply, (query, language) => this.pages.pastContest(query, language));
  }
}
