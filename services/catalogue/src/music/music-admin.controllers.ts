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
import { z } from 'zod';
import { musicSheetAdminCreateSchema, musicSheetAdminUpdateSchema, musicSkuAdminUpdateSchema, musicTrackAdminUpdateSchema, bigserialId, serialId } from '@mkt/contracts';
import { adminResourceController } from '@mkt/platform';
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

export const AdminMusicTracksController = adminResourceController({
  resource: 'music-tracks',
  id: bigserialId(),
  tag: 'admin: music',
  service: MusicAdminService,
  roles: EVERY_STAFF_ROLE,
  list: { sortable: MUSIC_TRACK_SORTABLE, defaultSort: ['id', 'DESC'], filter: musicTrackFilterSchema, rows: (music, query) => music.listTracks(query) },
  get: (music, id) => music.getTrack(id),
  update: { roles: ['admin', 'reviewer'], schema: musicTrackAdminUpdateSchema, run: (music, actor, id, body) => music.updateTrack(actor, id, body) },
});

export const AdminMusicSheetsController = adminResourceController({
  resource: 'music-sheets',
  id: serialId(),
  tag: 'admin: music',
  service: MusicAdminService,
  roles: EVERY_STAFF_ROLE,
  list: { sortable: MUSIC_SHEET_SORTABLE, defaultSort: ['sort', 'ASC'], filter: musicSheetFilterSchema, rows: (music, query) => music.listSheets(query) },
  get: (music, id) => music.getSheet(id),
  create: { roles: ['admin', 'sales'], schema: musicSheetAdminCreateSchema, run: (music, actor, body) => music.createSheet(actor, body) },
  update: { roles: ['admin', 'sales'], schema: musicSheetAdminUpdateSchema, run: (music, actor, id, body) => music.updateSheet(actor, id, body) },
  remove: { roles: ['admin', 'sales'], run: (music, actor, id) => music.deleteSheet(actor, id) },
});

export const AdminMusicSkusController = adminResourceController({
  resource: 'music-skus',
  id: z.string().min(1).max(64),
  tag: 'admin: music',
  service: MusicAdminService,
  roles: EVERY_STAFF_ROLE,
  list: { sortable: MUSIC_SKU_SORTABLE, defaultSort: ['id', 'ASC'], filter: musicSkuFilterSchema, rows: (music, query) => music.listSkus(query) },
  get: (music, id) => music.getSku(id),
  update: { roles: ['admin', 'sales', 'finance'], schema: musicSkuAdminUpdateSchema, run: (music, actor, id, body) => music.updateSku(actor, id, body) },
});
