/**
 * Console REST API of music (react-admin "simple REST" below /admin-api; Bearer staff token).
 *
 * music-tracks — read: every staff role; PUT: admin, reviewer. Publishing goes through `materials`.
 *   record: MusicTrackAdminView. filter: { q, kind: music|sfx, status, id[] }. PUT: MusicTrackAdminUpdate.
 * music-sheets — read: every staff role; POST/PUT/DELETE: admin, sales. record: MusicSheetAdminView
 *   (musicIds in display order). filter: { q, id[] }.
 * music-skus — read: every staff role; PUT: admin, sales, finance (names, sort, leaf priceFen).
 *   filter: { level, parentId, q, id[] }. Ids are the tree paths ("ads.tv.1y.cn").
 * Every write is recorded in catalogue.audit_log and announced as staff.action.audited.
 */
import { Body, Delete, Get, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  musicSheetAdminCreateSchema,
  musicSheetAdminUpdateSchema,
  musicSkuAdminUpdateSchema,
  musicTrackAdminUpdateSchema,
  type MusicSheetAdminCreate,
  type MusicSheetAdminUpdate,
  type MusicSkuAdminUpdate,
  type MusicTrackAdminUpdate,
} from '@mkt/contracts';
import { AdminController, ApiZodBody, CurrentStaff, Roles, StaffAuthGuard, ZodValidationPipe, parseListQuery, setContentRange, type AuthenticatedStaff } from '@mkt/platform';
import {
  MUSIC_SHEET_SORTABLE,
  MUSIC_SKU_SORTABLE,
  MUSIC_TRACK_SORTABLE,
  MusicAdminService,
  musicSheetFilterSchema,
  musicSkuFilterSchema,
  musicTrackFilterSchema,
} from './music-admin.service.js';

const EVERY_STAFF_ROLE = ['admin', 'sales', 'finance', 'reviewer', 'contest-manager'] as const;
type Query = Record<string, unknown>;

@ApiTags('admin: music')
@AdminController('music-tracks')
@UseGuards(StaffAuthGuard)
@Roles(...EVERY_STAFF_ROLE)
export class AdminMusicTracksController {
  constructor(private readonly music: MusicAdminService) {}

  @Get()
  async list(@Query() query: Query, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: MUSIC_TRACK_SORTABLE, defaultSort: ['id', 'DESC'], filter: musicTrackFilterSchema });
    const { rows, total } = await this.music.listTracks(parsed);
    setContentRange(response, 'music-tracks', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.music.getTrack(id);
  }

  @Put(':id')
  @Roles('admin', 'reviewer')
  @ApiZodBody(musicTrackAdminUpdateSchema)
  update(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string, @Body(new ZodValidationPipe(musicTrackAdminUpdateSchema)) body: MusicTrackAdminUpdate) {
    return this.music.updateTrack(actor, id, body);
  }
}

@ApiTags('admin: music')
@AdminController('music-sheets')
@UseGuards(StaffAuthGuard)
@Roles(...EVERY_STAFF_ROLE)
export class AdminMusicSheetsController {
  constructor(private readonly music: MusicAdminService) {}

  @Get()
  async list(@Query() query: Query, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: MUSIC_SHEET_SORTABLE, defaultSort: ['sort', 'ASC'], filter: musicSheetFilterSchema });
    const { rows, total } = await this.music.listSheets(parsed);
    setContentRange(response, 'music-sheets', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.music.getSheet(id);
  }

  @Post()
  @Roles('admin', 'sales')
  @ApiZodBody(musicSheetAdminCreateSchema)
  create(@CurrentStaff() actor: AuthenticatedStaff, @Body(new ZodValidationPipe(musicSheetAdminCreateSchema)) body: MusicSheetAdminCreate) {
    return this.music.createSheet(actor, body);
  }

  @Put(':id')
  @Roles('admin', 'sales')
  @ApiZodBody(musicSheetAdminUpdateSchema)
  update(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string, @Body(new ZodValidationPipe(musicSheetAdminUpdateSchema)) body: MusicSheetAdminUpdate) {
    return this.music.updateSheet(actor, id, body);
  }

  @Delete(':id')
  @Roles('admin', 'sales')
  remove(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string) {
    return this.music.deleteSheet(actor, id);
  }
}

@ApiTags('admin: music')
@AdminController('music-skus')
@UseGuards(StaffAuthGuard)
@Roles(...EVERY_STAFF_ROLE)
export class AdminMusicSkusController {
  constructor(private readonly music: MusicAdminService) {}

  @Get()
  async list(@Query() query: Query, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: MUSIC_SKU_SORTABLE, defaultSort: ['id', 'ASC'], filter: musicSkuFilterSchema });
    const { rows, total } = await this.music.listSkus(parsed);
    setContentRange(response, 'music-skus', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.music.getSku(id);
  }

  @Put(':id')
  @Roles('admin', 'sales', 'finance')
  @ApiZodBody(musicSkuAdminUpdateSchema)
  update(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string, @Body(new ZodValidationPipe(musicSkuAdminUpdateSchema)) body: MusicSkuAdminUpdate) {
    return this.music.updateSku(actor, id, body);
  }
}
