import { Body, Get, Headers, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CatalogueCalls,
  bookmarkCancelRequestSchema,
  bookmarkListRequestSchema,
  bookmarkRequestSchema,
  languageFromHeader,
  materialClickRequestSchema,
  materialDetailRequestSchema,
  materialSearchRequestSchema,
  sampleDownloadRequestSchema,
  topicRequestSchema,
  type MaterialSearchQuery,
} from '@mkt/contracts';
import {
  ApiZodBody,
  CurrentUser,
  LoginMessage,
  OptionalUser,
  StoreController,
  UserAuthGuard,
  ZodValidationPipe,
  type AuthenticatedUser,
} from '@mkt/platform';
import { ActivityRecorder } from '../analytics/activity.recorder.js';
import { SearchDemandRecorder } from '../demand/search-demand.recorder.js';
import { CatalogueReadService } from './catalogue-read.service.js';
import { MemberActionsService } from './member-actions.service.js';

const path = (call: string) => call.replace(/^\//, '');

/** The store's catalogue calls (spec section 7 "Home and lookup", "Collections", "Tracking"); POST unless noted. */
@ApiTags('store: catalogue')
@StoreController()
export class CatalogueStoreController {
  constructor(
    private readonly read: CatalogueReadService,
    private readonly members: MemberActionsService,
    private readonly optionalUser: OptionalUser,
    private readonly demand: SearchDemandRecorder,
    private readonly activity: ActivityRecorder,
  ) {}

  @Post(path(CatalogueCalls.homeIndex))
  @HttpCode(200)
  async homeIndex(@Headers('accept-language') acceptLanguage?: string) {
    return { topicList: await this.read.topics(languageFromHeader(acceptLanguage)) };
  }

  @Post(path(CatalogueCalls.homePreference))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('signInRequired')
  homePreference(@CurrentUser() user: AuthenticatedUser) {
    return this.members.preferenceCounts(user.userId);
  }

  @Get(path(CatalogueCalls.hotword))
  hotword(@Headers('accept-language') acceptLanguage?: string) {
    return this.read.hotWords(languageFromHeader(acceptLanguage));
  }

  @Post(path(CatalogueCalls.videoCategoryList))
  @HttpCode(200)
  videoCategories(@Headers('accept-language') acceptLanguage?: string) {
    return this.read.categories('video', languageFromHeader(acceptLanguage));
  }

  @Post(path(CatalogueCalls.photoCategoryList))
  @HttpCode(200)
  photoCategories(@Headers('accept-language') acceptLanguage?: string) {
    return this.read.categories('photo', languageFromHeader(acceptLanguage));
  }

  @Post(path(CatalogueCalls.search))
  @HttpCode(200)
  @ApiZodBody(materialSearchRequestSchema)
  async search(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(materialSearchRequestSchema)) body: MaterialSearchQuery) {
    const answer = await this.read.search(body, languageOf(request), await this.optionalUser.userId(request));
    this.activity.appeared(answer.infos.map((card) => card.id));
    const demandToken = this.demand.record({ kind: body.type === 'pic' ? 'photo' : 'video', categoryId: body.categoryId, keyword: body.keyword, total: answer.total });
    return demandToken ? { ...answer, demandToken } : answer;
  }

  @Post(path(CatalogueCalls.detail))
  @HttpCode(200)
  @ApiZodBody(materialDetailRequestSchema)
  async detail(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(materialDetailRequestSchema)) body: { id: number }) {
    const detail = await this.read.detail(body.id, languageOf(request), await this.optionalUser.userId(request));
    this.activity.viewed(detail.id);
    return detail;
  }

  @Post(path(CatalogueCalls.similar))
  @HttpCode(200)
  @ApiZodBody(materialDetailRequestSchema)
  async similar(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(materialDetailRequestSchema)) body: { id: number }) {
    return this.read.similarTo(body.id, languageOf(request), await this.optionalUser.userId(request));
  }

  @Post(path(CatalogueCalls.topicList))
  @HttpCode(200)
  async topicList(@Headers('accept-language') acceptLanguage?: string) {
    return { list: await this.read.topics(languageFromHeader(acceptLanguage)) };
  }

  @Post(path(CatalogueCalls.topic))
  @HttpCode(200)
  @ApiZodBody(topicRequestSchema)
  async topic(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(topicRequestSchema)) body: z.output<typeof topicRequestSchema>) {
    const topic = await this.read.topicDetail(body.id, body.pageNo, body.pageSize, languageOf(request), await this.optionalUser.userId(request));
    this.activity.appeared(topic.infos.map((card) => card.id));
    return topic;
  }

  @Post(path(CatalogueCalls.bookmarkList))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('signInRequired')
  @ApiZodBody(bookmarkListRequestSchema)
  bookmarkList(
    @Req() request: FastifyRequest,
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(bookmarkListRequestSchema)) body: z.output<typeof bookmarkListRequestSchema>,
  ) {
    return this.members.bookmarks(user.userId, body.targetType, body.pageNo, body.pageSize, languageOf(request));
  }

  @Post(path(CatalogueCalls.bookmark))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('loginRequired')
  @ApiZodBody(bookmarkRequestSchema)
  bookmark(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(bookmarkRequestSchema)) body: z.output<typeof bookmarkRequestSchema>) {
    return this.members.bookmark(user.userId, body.targetId, body.targetType);
  }

  @Post(path(CatalogueCalls.bookmarkCancel))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('loginRequired')
  @ApiZodBody(bookmarkCancelRequestSchema)
  cancel(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(bookmarkCancelRequestSchema)) body: { id: number }) {
    return this.members.cancel(user.userId, body.id);
  }

  @Post(path(CatalogueCalls.click))
  @HttpCode(200)
  @ApiZodBody(materialClickRequestSchema)
  async click(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(materialClickRequestSchema)) body: z.output<typeof materialClickRequestSchema>) {
    return this.members.click(await this.optionalUser.userId(request), body);
  }

  @Post(path(CatalogueCalls.sample))
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('loginRequired')
  @ApiZodBody(sampleDownloadRequestSchema)
  sample(@Body(new ZodValidationPipe(sampleDownloadRequestSchema)) body: { id: number }) {
    return this.members.sample(body.id);
  }
}

function languageOf(request: FastifyRequest) {
  return languageFromHeader(request.headers['accept-language']);
}
