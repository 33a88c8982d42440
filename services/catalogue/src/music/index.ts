import { CatalogueMusic1764100000000 } from '../migrations/1764100000000-music.js';
import { CatalogueMusicOrderNumbers1764300000000 } from '../migrations/1764300000000-music-order-numbers.js';
import { AdminMusicSheetsController, AdminMusicSkusController, AdminMusicTracksController } from './music-admin.controllers.js';
import { MusicAdminService } from './music-admin.service.js';
import { MusicMemberService } from './music-member.service.js';
import { MusicReadService } from './music-read.service.js';
import { MusicSheetsRepository } from './music-sheets.repository.js';
import { MusicStoreController } from './music-store.controller.js';
import { MusicRepository } from './music.repository.js';
import { PurchaseMusicApprovedHandler } from './purchase-music-approved.handler.js';

export { MUSIC_ENTITIES } from './music.entities.js';

/** What the catalogue module mounts for music and sound effects. */
export const MUSIC_MIGRATIONS = [CatalogueMusic1764100000000, CatalogueMusicOrderNumbers1764300000000];
export const MUSIC_CONTROLLERS = [MusicStoreController, AdminMusicTracksController, AdminMusicSheetsController, AdminMusicSkusController];
export const MUSIC_PROVIDERS = [MusicRepository, MusicSheetsRepository, MusicReadService, MusicMemberService, MusicAdminService, PurchaseMusicApprovedHandler];
