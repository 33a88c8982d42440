/**
 * Console REST API of the catalogue (react-admin "simple REST", below /admin-api; Bearer staff token).
 *
 * Lists: GET /admin-api/<resource>?sort=["field","ASC|DESC"]&range=[first,last]&filter={...}
 *   → JSON array; total in `Content-Range: <resource> first-last/total`. GET /<resource>/:id → one record.
 * Errors: 401 (no/invalid token), 403 (role), 404, 422 ({ code: 1400, message }).
 * Every write is recorded in catalogue.audit_log (action create|update|delete|publish|unpublish, before/after).
 * Object locations ("coverKey", "homeCoverKey") are "<bucket>/<key>"; the *Url fields are ready links.
 *
 * materials — read: every staff role; PUT: admin, reviewer. No POST/DELETE (materials come from uploads/seed).
 *   record: { id, code, kind: video|photo|music|sfx, from: own|raw|external, status: draft|published|unpublished,
 *     contributorId, titleZh, titleEn, keywordsZh: string[], keywordsEn: string[], descriptionZh, descriptionEn,
 *     categoryId: number|null, duration, frameRate, width, height, maxResolution, hdrFlag, groupFlag, salesCount,
 *     filters: { <filterName>: string[] } (names and values of FILTER_VALUES), thumbnailUrl, previewUrl,
 *     createdAt, updatedAt, onlineAt }
 *   filter: { q (code, titles, or exact id), kind, status, categoryId, from, id: number[] }
 *   sort: id, code, createdAt, updatedAt, onlineAt, salesCount, titleZh, titleEn, status (default createdAt DESC)
 *   PUT body (all optional, other keys ignored): { titleZh, titleEn, keywordsZh, keywordsEn, descriptionZh,
 *     descriptionEn, categoryId (same kind) | null, from, filters, status }. Text is cleaned (simplified, no
 *     punctuation, tags de-duplicated). status → published sets onlineAt (first time) and emits
 *     material.published; published → other emits material.unpublished; the search index is refreshed.
 *
 * categories — read: every staff role; POST/PUT/DELETE: admin, sales.
 *   record: { id, kind: video|photo, nameZh, nameEn, coverKey: string|null, coverUrl, sort }
 *   POST: { kind, nameZh, nameEn, coverKey?, sort? } ; PUT: any of those. filter: { q, kind, id[] }. sort: id, sort, nameZh, nameEn, kind.
 *
 * topics — read: every staff role; POST/PUT/DELETE: admin, sales.
 *   record: { id, titleZh, titleEn, descriptionZh, descriptionEn, homeCoverKey, homeCoverUrl, sort, published, materialIds: number[] (display order) }
 *   POST: { titleZh, titleEn, descriptionZh?, descriptionEn?, homeCoverKey?, sort?, published? (true), materialIds? }
 *   PUT: any of those (materialIds replaces the list). filter: { q, published, id[] }. sort: id, sort, titleZh, titleEn, createdAt.
 *
 * hot-words — read: every staff role; POST/PUT/DELETE: admin, sales.
 *   record: { id, wordZh, wordEn, sort } ; POST: { wordZh, wordEn, sort? } ; PUT: any of those. filter: { q, id[] }. sort: id, sort, wordZh, wordEn.
 *
 * DELETE answers the deleted record.
 */
import { Body, Delete, Get, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  categoryAdminCreateSchema,
  categoryAdminUpdateSchema,
  hotWordAdminCreateSchema,
  hotWordAdminUpdateSchema,
  materialAdminUpdateSchema,
  topicAdminCreateSchema,
  topicAdminUpdateSchema,
  type CategoryAdminCreate,
  type CategoryAdminUpdate,
  type HotWordAdminCreate,
  type HotWordAdminUpdate,
  type MaterialAdminUpdate,
  type TopicAdminCreate,
  type TopicAdminUpdate,
} from '@mkt/contracts';
import {
  AdminController,
  ApiZodBody,
  CurrentStaff,
  Roles,
  StaffAuthGuard,
  ZodValidationPipe,
  parseListQuery,
  setContentRange,
  type AuthenticatedStaff,
} from '@mkt/platform';
import {
  CATEGORY_SORTABLE,
  CurationAdminService,
  HOT_WORD_SORTABLE,
  TOPIC_SORTABLE,
  categoryFilterSchema,
  hotWordFilterSchema,
  topicFilterSchema,
} from './curation-admin.service.js';
import { MATERIAL_SORTABLE, MaterialAdminService, materialFilterSchema } from './material-admin.service.js';

const EVERY_STAFF_ROLE = ['admin', 'sales', 'finance', 'reviewer', 'contest-manager'] as const;
type Query = Record<string, unknown>;

@ApiTags('admin: materials')
@AdminController('materials')
@UseGuards(StaffAuthGuard)
@Roles(...EVERY_STAFF_ROLE)
export class AdminMaterialsController {
  constructor(private readonly materials: MaterialAdminService) {}

  @Get()
  async list(@Query() query: Query, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: MATERIAL_SORTABLE, defaultSort: ['createdAt', 'DESC'], filter: materialFilterSchema });
    const { rows, total } = await this.materials.list(parsed);
    setContentRange(response, 'materials', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.materials.get(id);
  }

  @Put(':id')
  @Roles('admin', 'reviewer')
  @ApiZodBody(materialAdminUpdateSchema)
  update(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string, @Body(new ZodValidationPipe(materialAdminUpdateSchema)) body: MaterialAdminUpdate) {
    return this.materials.update(actor, id, body);
  }
}

@ApiTags('admin: categories')
@AdminController('categories')
@UseGuards(StaffAuthGuard)
@Roles(...EVERY_STAFF_ROLE)
export class AdminCategoriesController {
  constructor(private readonly curation: CurationAdminService) {}

  @Get()
  async list(@Query() query: Query, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: CATEGORY_SORTABLE, defaultSort: ['sort', 'ASC'], filter: categoryFilterSchema });
    const { rows, total } = await this.curation.listCategories(parsed);
    setContentRange(response, 'categories', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.curation.getCategory(id);
  }

  @Post()
  @Roles('admin', 'sales')
  @ApiZodBody(categoryAdminCreateSchema)
  create(@CurrentStaff() actor: AuthenticatedStaff, @Body(new ZodValidationPipe(categoryAdminCreateSchema)) body: CategoryAdminCreate) {
    return this.curation.createCategory(actor, body);
  }

  @Put(':id')
  @Roles('admin', 'sales')
  @ApiZodBody(categoryAdminUpdateSchema)
  update(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string, @Body(new ZodValidationPipe(categoryAdminUpdateSchema)) body: CategoryAdminUpdate) {
    return this.curation.updateCategory(actor, id, body);
  }

  @Delete(':id')
  @Roles('admin', 'sales')
  remove(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string) {
    return this.curation.deleteCategory(actor, id);
  }
}

@ApiTags('admin: topics')
@AdminController('topics')
@UseGuards(StaffAuthGuard)
@Roles(...EVERY_STAFF_ROLE)
export class AdminTopicsController {
  constructor(private readonly curation: CurationAdminService) {}

  @Get()
  async list(@Query() query: Query, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: TOPIC_SORTABLE, defaultSort: ['sort', 'ASC'], filter: topicFilterSchema });
    const { rows, total } = await this.curation.listTopics(parsed);
    setContentRange(response, 'topics', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.curation.getTopic(id);
  }

  @Post()
  @Roles('admin', 'sales')
  @ApiZodBody(topicAdminCreateSchema)
  create(@CurrentStaff() actor: AuthenticatedStaff, @Body(new ZodValidationPipe(topicAdminCreateSchema)) body: TopicAdminCreate) {
    return this.curation.createTopic(actor, body);
  }

  @Put(':id')
  @Roles('admin', 'sales')
  @ApiZodBody(topicAdminUpdateSchema)
  update(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string, @Body(new ZodValidationPipe(topicAdminUpdateSchema)) body: TopicAdminUpdate) {
    return this.curation.updateTopic(actor, id, body);
  }

  @Delete(':id')
  @Roles('admin', 'sales')
  remove(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string) {
    return this.curation.deleteTopic(actor, id);
  }
}

@ApiTags('admin: hot words')
@AdminController('hot-words')
@UseGuards(StaffAuthGuard)
@Roles(...EVERY_STAFF_ROLE)
export class AdminHotWordsController {
  constructor(private readonly curation: CurationAdminService) {}

  @Get()
  async list(@Query() query: Query, @Res({ passthrough: true }) response: Response) {
    const parsed = parseListQuery(query, { sortable: HOT_WORD_SORTABLE, defaultSort: ['sort', 'ASC'], filter: hotWordFilterSchema });
    const { rows, total } = await this.curation.listHotWords(parsed);
    setContentRange(response, 'hot-words', parsed, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.curation.getHotWord(id);
  }

  @Post()
  @Roles('admin', 'sales')
  @ApiZodBody(hotWordAdminCreateSchema)
  create(@CurrentStaff() actor: AuthenticatedStaff, @Body(new ZodValidationPipe(hotWordAdminCreateSchema)) body: HotWordAdminCreate) {
    return this.curation.createHotWord(actor, body);
  }

  @Put(':id')
  @Roles('admin', 'sales')
  @ApiZodBody(hotWordAdminUpdateSchema)
  update(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string, @Body(new ZodValidationPipe(hotWordAdminUpdateSchema)) body: HotWordAdminUpdate) {
    return this.curation.updateHotWord(actor, id, body);
  }

  @Delete(':id')
  @Roles('admin', 'sales')
  remove(@CurrentStaff() actor: AuthenticatedStaff, @Param('id') id: string) {
    return this.curation.deleteHotWord(actor, id);
  }
}
