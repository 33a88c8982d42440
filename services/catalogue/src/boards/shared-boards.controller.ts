import { Body, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  SharedBoardCalls,
  languageFromHeader,
  sharedBoardCommentRequestSchema,
  sharedBoardItemRequestSchema,
  sharedBoardOpenRequestSchema,
  sharedBoardVoteRequestSchema,
} from '@mkt/contracts';
import { ApiZodBody, RateLimit, RateLimitGuard, StoreController, ZodValidationPipe } from '@mkt/platform';
import { SharedBoardsService } from './shared-boards.service.js';

const path = (call: string) => call.replace(/^\//, '');
type Body<S extends z.ZodType> = z.output<S>;

/**
 * A board opened by a guest link, no account needed (POST). Each call is limited per address
 * (passwords cannot be tried fast from one place; a link also locks itself after wrong ones).
 */
@ApiTags('store: boards (guests)')
@StoreController()
@UseGuards(RateLimitGuard)
export class SharedBoardsController {
  constructor(private readonly shared: SharedBoardsService) {}

  @Post(path(SharedBoardCalls.open))
  @HttpCode(200)
  @RateLimit({ limit: 60, windowSeconds: 60 })
  @ApiZodBody(sharedBoardOpenRequestSchema)
  open(@Body(new ZodValidationPipe(sharedBoardOpenRequestSchema)) body: Body<typeof sharedBoardOpenRequestSchema>, @Headers('accept-language') acceptLanguage?: string) {
    return this.shared.open(body, body.pageNo, body.pageSize, body.voterKey, languageFromHeader(acceptLanguage));
  }

  @Post(path(SharedBoardCalls.itemComments))
  @HttpCode(200)
  @RateLimit({ limit: 120, windowSeconds: 60 })
  @ApiZodBody(sharedBoardItemRequestSchema)
  async comments(@Body(new ZodValidationPipe(sharedBoardItemRequestSchema)) body: Body<typeof sharedBoardItemRequestSchema>) {
    return { list: await this.shared.comments(body, body.itemId) };
  }

  @Post(path(SharedBoardCalls.comment))
  @HttpCode(200)
  @RateLimit({ limit: 20, windowSeconds: 60 })
  @ApiZodBody(sharedBoardCommentRequestSchema)
  comment(@Body(new ZodValidationPipe(sharedBoardCommentRequestSchema)) body: Body<typeof sharedBoardCommentRequestSchema>) {
    return this.shared.comment(body, body.itemId, body.name, body.body);
  }

  @Post(path(SharedBoardCalls.vote))
  @HttpCode(200)
  @RateLimit({ limit: 60, windowSeconds: 60 })
  @ApiZodBody(sharedBoardVoteRequestSchema)
  vote(@Body(new ZodValidationPipe(sharedBoardVoteRequestSchema)) body: Body<typeof sharedBoardVoteRequestSchema>) {
    return this.shared.vote(body, body.itemId, body.voterKey, body.value, body.name);
  }

  @Post(path(SharedBoardCalls.sample))
  @HttpCode(200)
  @RateLimit({ limit: 30, windowSeconds: 60 })
  @ApiZodBody(sharedBoardItemRequestSchema)
  sample(@Body(new ZodValidationPipe(sharedBoardItemRequestSchema)) body: Body<typeof sharedBoardItemRequestSchema>) {
    return this.shared.sample(body, body.itemId);
  }
}
