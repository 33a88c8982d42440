import { Body, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CatalogueCalls, tagSuggestionsRequestSchema, type TagSuggestionsResponse } from '@mkt/contracts';
import { ApiZodBody, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe } from '@mkt/platform';
import { TagSuggestionsService } from './tag-suggestions.service.js';

const path = (call: string) => call.replace(/^\//, '');

/**
 * Keyword help (signed in): suggestions are drawn from published materials and the request alone,
 * so nothing of anyone's uploads is read or kept; sign-in keeps the catalogue's statistics from
 * anonymous scraping.
 */
@ApiTags('store: catalogue')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('loginRequired')
export class TagSuggestionsController {
  constructor(private readonly suggestions: TagSuggestionsService) {}

  @Post(path(CatalogueCalls.tagSuggestions))
  @HttpCode(200)
  @ApiZodBody(tagSuggestionsRequestSchema)
  suggest(@Body(new ZodValidationPipe(tagSuggestionsRequestSchema)) body: z.output<typeof tagSuggestionsRequestSchema>): Promise<TagSuggestionsResponse> {
    return this.suggestions.suggest(body);
  }
}
