import { Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SharePagePaths } from '@mkt/contracts';
import { SharePageController, SharePageResponder } from '@mkt/platform';
import { CatalogueSharePages } from './catalogue-share-pages.js';

const routes = (...paths: (readonly string[])[]) => paths.flat().map((path) => path.replace(/^\//, ''));
const pages = SharePagePaths.catalogue;

/**
 * The catalogue's store pages as shared links open them (ADR 0029): the store's shell with the
 * page's Open Graph tags, in the link's or the reader's language.
 */
@ApiExcludeController()
@SharePageController()
export class CatalogueSharePagesController {
  constructor(
    private readonly pages: CatalogueSharePages,
    private readonly responder: SharePageResponder,
  ) {}

  @Get(routes(pages.videoDetail, pages.photoDetail))
  material(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.responder.answer(request, reply, (query, language) => this.pages.material(query, language));
  }

  @Get(routes(pages.musicDetail))
  musicDetail(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.responder.answer(request, reply, (query, language) => this.pages.musicDetail(query, language));
  }

  @Get(routes(pages.topic))
  topic(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.responder.answer(request, reply, (query, language) => this.pages.topic(query, language));
  }

  @Get(routes(pages.sharedBoard))
  sharedBoard(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.responder.answer(request, reply, (query, language) => this.pages.sharedBoard(query, language));
  }
}
