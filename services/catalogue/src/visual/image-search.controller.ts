import { Body, HttpCode, Post, Req, UploadedFile as UploadedFileParam, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-fastify';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CatalogueCalls, IMAGE_QUERY_MAX_BYTES, imageSearchPageRequestSchema, languageFromHeader, similarByRequestSchema, type ImageSearchPageQuery } from '@mkt/contracts';
import { ApiZodBody, OptionalUser, RateLimit, RateLimitGuard, StoreController, ZodValidationPipe } from '@mkt/platform';
import { ImageSearchService, type ImageQueryFile } from './image-search.service.js';
import { MoreLikeThisService, type SimilarBy } from './more-like-this.service.js';

const path = (call: string) => call.replace(/^\//, '');

/**
 * Search by image (visitors too; the picture is kept privately for a day for its further pages,
 * then deleted) and "more like this" steered by look.
 */
@ApiTags('store: catalogue')
@StoreController()
export class ImageSearchController {
  constructor(
    private readonly images: ImageSearchService,
    private readonly moreLikeThis: MoreLikeThisService,
    private readonly optionalUser: OptionalUser,
  ) {}

  @Post(path(CatalogueCalls.similarBy))
  @HttpCode(200)
  @ApiZodBody(similarByRequestSchema)
  async similarBy(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(similarByRequestSchema)) body: SimilarBy & { id: number }) {
    return this.moreLikeThis.similar(body.id, body, languageFromHeader(request.headers['accept-language']), await this.optionalUser.userId(request));
  }

  @Post(path(CatalogueCalls.searchByImage))
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  // Decoding a picture costs tens of milliseconds: limited per address, like sign-in codes.
  @UseGuards(RateLimitGuard)
  @RateLimit({ limit: 30, windowSeconds: 60 })
  // The hard cap only protects memory; the limit is checked in the service with a localized message.
  @UseInterceptors(FileInterceptor('image', { limits: { fileSize: IMAGE_QUERY_MAX_BYTES + 1024 * 1024, files: 1 } }))
  async search(@Req() request: FastifyRequest, @UploadedFileParam() image?: ImageQueryFile) {
    return this.images.search(image, languageFromHeader(request.headers['accept-language']), await this.optionalUser.userId(request));
  }

  @Post(path(CatalogueCalls.searchByImagePage))
  @HttpCode(200)
  @ApiZodBody(imageSearchPageRequestSchema)
  async searchPage(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(imageSearchPageRequestSchema)) body: ImageSearchPageQuery) {
    return this.images.page(body, languageFromHeader(request.headers['accept-language']), await this.optionalUser.userId(request));
  }
}
