import { Body, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  languageFromHeader,
  musicChangeTypeRequestSchema,
  musicCollectCancelRequestSchema,
  musicCollectMyRequestSchema,
  musicIdRequestSchema,
  musicOrderCreateRequestSchema,
  musicSavePlayListRequestSchema,
  musicSearchRequestSchema,
  musicSheetListRequestSchema,
  musicSheetMusicListRequestSchema,
  musicSimilarRequestSchema,
  musicSkuListRequestSchema,
  type MusicSearchPage,
  type MusicSearchQuery,
} from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, OptionalUser, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { ActivityRecorder } from '../analytics/activity.recorder.js';
import { SearchDemandRecorder } from '../demand/search-demand.recorder.js';
import { MusicMemberService } from './music-member.service.js';
import { MusicReadService } from './music-read.service.js';
import { kindOfMusicType } from './music-rows.js';

const languageOf = (request: FastifyRequest) => languageFromHeader(request.headers['accept-language']);

/**
 * The store's music calls (spec section 7 "Music"), POST unless noted. Browsing and playing need
 * no account; favourites, sample downloads, history and licence orders need a signed-in user
 * (spec section 5 "Login gating": 'please log in first to use this feature').
 * `/music/{id}` is declared last so the named calls are matched first.
 */
@ApiTags('store: music')
@StoreController('music')
export class MusicStoreController {
  constructor(
    private readonly read: MusicReadService,
    private readonly members: MusicMemberService,
    private readonly optionalUser: OptionalUser,
    private readonly demand: SearchDemandRecorder,
    private readonly activity: ActivityRecorder,
  ) {}

  @Post('play')
  @HttpCode(200)
  @ApiZodBody(musicIdRequestSchema)
  async play(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(musicIdRequestSchema)) body: { musicId: number }) {
    return this.members.play(body.musicId, await this.optionalUser.userId(request));
  }

  @Post('download')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('loginRequired')
  @ApiZodBody(musicIdRequestSchema)
  download(@Body(new ZodValidationPipe(musicIdRequestSchema)) body: { musicId: number }) {
    return this.members.download(body.musicId);
  }

  @Post('collect')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('loginRequired')
  @ApiZodBody(musicIdRequestSchema)
  collect(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(musicIdRequestSchema)) body: { musicId: number }) {
    return this.members.collect(user.userId, body.musicId);
  }

  @Post('collect/cancel')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('loginRequired')
  @ApiZodBody(musicCollectCancelRequestSchema)
  cancel(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(musicCollectCancelRequestSchema)) body: { bookmarkId: number }) {
    return this.members.cancelCollect(user.userId, body.bookmarkId);
  }

  @Post('collect/my')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('signInRequired')
  @ApiZodBody(musicCollectMyRequestSchema)
  mine(
    @Req() request: FastifyRequest,
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(musicCollectMyRequestSchema)) body: z.output<typeof musicCollectMyRequestSchema>,
  ) {
    return this.members.myCollection(user.userId, body.musicType, body.pageNo, body.pageSize, languageOf(request));
  }

  @Post('findPlayList')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('loginRequired')
  findPlayList(@Req() request: FastifyRequest, @CurrentUser() user: AuthenticatedUser) {
    return this.members.history(user.userId, languageOf(request));
  }

  @Post('savePlayList')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('loginRequired')
  @ApiZodBody(musicSavePlayListRequestSchema)
  savePlayList(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(musicSavePlayListRequestSchema)) body: { musicIdList: number[] }) {
    return this.members.saveHistory(user.userId, body.musicIdList);
  }

  @Post('similar')
  @HttpCode(200)
  @ApiZodBody(musicSimilarRequestSchema)
  async similar(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(musicSimilarRequestSchema)) body: z.output<typeof musicSimilarRequestSchema>) {
    return this.read.similar(body.musicId, body.pageNo, body.pageSize, languageOf(request), await this.optionalUser.userId(request));
  }

  /** Not shown by the spec: the sheets of /PlayList, in the same style. */
  @Post('sheetList')
  @HttpCode(200)
  @ApiZodBody(musicSheetListRequestSchema)
  sheetList(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(musicSheetListRequestSchema)) body: z.output<typeof musicSheetListRequestSchema>) {
    return this.read.sheets(body.pageNo, body.pageSize, languageOf(request));
  }

  @Post('sheetMusicList')
  @HttpCode(200)
  @ApiZodBody(musicSheetMusicListRequestSchema)
  async sheetMusicList(
    @Req() request: FastifyRequest,
    @Body(new ZodValidationPipe(musicSheetMusicListRequestSchema)) body: z.output<typeof musicSheetMusicListRequestSchema>,
  ) {
    return this.read.sheetMusic(body.sheetId, body.pageNo, body.pageSize, languageOf(request), await this.optionalUser.userId(request));
  }

  @Post('search')
  @HttpCode(200)
  @ApiZodBody(musicSearchRequestSchema)
  async search(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(musicSearchRequestSchema)) body: MusicSearchQuery): Promise<MusicSearchPage> {
    const page = await this.read.search(body, languageOf(request), await this.optionalUser.userId(request));
    this.activity.appeared(page.infos.map((info) => info.musicId));
    // Demand is counted for music only: sound effects are not among the kinds contributors plan for.
    if (kindOfMusicType(body.musicType) !== 'music') return page;
    const demandToken = this.demand.record({ kind: 'music', keyword: body.keyword, total: page.total });
    return demandToken ? { ...page, demandToken } : page;
  }

  @Post('version')
  @HttpCode(200)
  @ApiZodBody(musicIdRequestSchema)
  async version(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(musicIdRequestSchema)) body: { musicId: number }) {
    return this.read.versions(body.musicId, languageOf(request), await this.optionalUser.userId(request));
  }

  @Post('changeType')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('loginRequired')
  @ApiZodBody(musicChangeTypeRequestSchema)
  changeType(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(musicChangeTypeRequestSchema)) body: z.output<typeof musicChangeTypeRequestSchema>) {
    return this.members.changeType(user.userId, body.musicId, body.musicType);
  }

  @Post('skuList')
  @HttpCode(200)
  @ApiZodBody(musicSkuListRequestSchema)
  skuList(@Req() request: FastifyRequest, @Body(new ZodValidationPipe(musicSkuListRequestSchema)) _body: z.output<typeof musicSkuListRequestSchema>) {
    return this.read.skuList(languageOf(request));
  }

  @Post('order/create')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @LoginMessage('loginRequired')
  @ApiZodBody(musicOrderCreateRequestSchema)
  createOrder(
    @Req() request: FastifyRequest,
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(musicOrderCreateRequestSchema)) body: z.output<typeof musicOrderCreateRequestSchema>,
  ) {
    return this.members.createOrder(user.userId, body, languageOf(request));
  }

  /** GET on the waveUrl: the waveform peak array (0..1). */
  @Get('wave/:id')
  wave(@Param('id') id: string) {
    return this.read.peaks(musicIdOf(id));
  }

  @Post(':id')
  @HttpCode(200)
  async detail(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.read.detail(musicIdOf(id), languageOf(request), await this.optionalUser.userId(request));
  }
}

/** A path id that is not a positive integer names no track: answered 404 like an unknown one (id 0 matches nothing). */
function musicIdOf(raw: string): number {
  const parsed = musicIdRequestSchema.safeParse({ musicId: raw });
  return parsed.success && Number.isSafeInteger(parsed.data.musicId) ? parsed.data.musicId : 0;
}
