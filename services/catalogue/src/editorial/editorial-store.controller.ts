import { Body, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CatalogueCalls, editorialDetailRequestSchema, editorialListRequestSchema, languageFromHeader } from '@mkt/contracts';
import { ApiZodBody, OptionalUser, StoreController, ZodValidationPipe } from '@mkt/platform';
import { EditorialService } from './editorial.service.js';

const path = (call: string) => call.replace(/^\//, '');

/**
 * The store's editorial calls (POST): /editorial/list { kind: original|case, pageNo, pageSize } →
 * { list, total, pageNo, pageSize }; /editorial/detail { id } → the entry with its body paragraphs,
 * featured material and related materials as cards. Unpublished entries are not found (404 editorialNotFound).
 */
@ApiTags('store: editorial')
@StoreController()
export class EditorialStoreController {
  constructor(
    private readonly editorial: EditorialService,
    private readonly optionalUser: OptionalUser,
  ) {}

  @Post(path(CatalogueCalls.editorialList))
  @HttpCode(200)
  @ApiZodBody(editorialListRequestSchema)
  list(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(editorialListRequestSchema)) body: z.output<typeof editorialListRequestSchema>) {
    return this.editorial.list(body.kind, body.pageNo, body.pageSize, languageFromHeader(request.headers['accept-language']));
  }

  @Post(path(CatalogueCalls.editorialDetail))
  @HttpCode(200)
  @ApiZodBody(editorialDetailRequestSchema)
  async detail(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(editorialDetailRequestSchema)) body: z.output<typeof editorialDetailRequestSchema>) {
    return this.editorial.detail(body.id, languageFromHeader(request.headers['accept-language']), await this.optionalUser.userId(request));
  }
}
