import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ErrorCode,
  MUSIC_LIMITS,
  MusicOrderPlaced,
  type PurchaseMusicApproved,
  type PayloadOf,
  TARGET_TYPES,
  yuanToFen,
  type Language,
  type MusicOrderCreateResponse,
  type MusicPage,
  type MusicPlayInfo,
  type MusicType,
  type musicOrderCreateRequestSchema,
} from '@mkt/contracts';
import { AppError, Clock, OBJECT_STORAGE, OutboxWriter, parseObjectLocation, publicRenditionPath, type ObjectStorage } from '@mkt/platform';
import type { z } from 'zod';
import { toMusicInfo } from './music-rows.js';
import { musicNotFound } from './music-read.service.js';
import { MusicRepository, type OrderTrackRow } from './music.repository.js';
import { resolveCascade, type CascadeResolution } from './sku-tree.js';

export const MUSIC_DOWNLOAD_LINK_SECONDS = 300;
const targetTypeOfMusic = (type: MusicType) => (type === 2 ? TARGET_TYPES.sfx : TARGET_TYPES.music);

type OrderInput = z.output<typeof musicOrderCreateRequestSchema>;
type ResolvedCascade = Extract<CascadeResolution, { ok: true }>;

/** What listeners and buyers do with music: play (history), favourites, sample downloads, licence orders. */
@Injectable()
export class MusicMemberService {
  private readonly logger = new Logger(MusicMemberService.name);

  constructor(
    private readonly music: MusicRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  /** The listen file; a signed-in listener's play lands first in their history (at most 30 kept). */
  async play(musicId: number, userId: string | null): Promise<MusicPlayInfo> {
    const row = await this.music.listenKey(musicId);
    const fileUrl = publicRenditionPath(row?.preview480_key);
    if (!row || !fileUrl) throw musicNotFound();
    if (userId) await this.recordPlay(userId, musicId);
    return { playInfo: { fileUrl } };
  }

  private async recordPlay(userId: string, musicId: number): Promise<void> {
    await this.music.transaction(async (manager) => {
      await this.music.recordPlay(manager, userId, musicId, this.clock.now());
      await this.music.trimHistory(manager, userId, MUSIC_LIMITS.historyMax);
    });
  }

  /** The user's own history, newest first. */
  async history(userId: string, language: Language): Promise<{ infos: ReturnType<typeof toMusicInfo>[] }> {
    const rows = await this.music.history(userId, MUSIC_LIMITS.historyMax);
    return { infos: rows.map((row) => toMusicInfo(row, language)) };
  }

  /**
   * Replaces the user's history with the given list (newest first): the player saves its local
   * history after sign-in, and an empty list is the clear button. Duplicates, unknown and
   * unpublished ids are dropped; at most 30 are kept.
   */
  async saveHistory(userId: string, musicIdList: number[]): Promise<null> {
    const unique = [...new Set(musicIdList)];
    await this.music.transaction(async (manager) => {
      await this.music.clearHistory(manager, userId);
      if (unique.length === 0) return;
      await this.music.insertHistory(manager, userId, unique, this.clock.now().getTime(), MUSIC_LIMITS.historyMax);
    });
    return null;
  }

  /** A signed link to the sample (spec: sample download needs a token). */
  async download(musicId: number): Promise<MusicPlayInfo> {
    const row = await this.music.sample(musicId);
    const location = parseObjectLocation(row?.sample_key);
    if (!row || !location) throw musicNotFound();
    const extension = location.key.includes('.') ? location.key.slice(location.key.lastIndexOf('.')) : '.mp3';
    const fileName = `${row.code}_sample${extension}`;
    const fileUrl = await this.storage.signedGetUrl(location.bucket, location.key, MUSIC_DOWNLOAD_LINK_SECONDS, { downloadName: fileName });
    return { playInfo: { fileUrl, fileName, expiresInSeconds: MUSIC_DOWNLOAD_LINK_SECONDS } };
  }

  /** Idempotent favourite, filed under music (2) or sound effects (3) by the track's kind. */
  async collect(userId: string, musicId: number): Promise<{ bookmarkId: number }> {
    const kind = await this.music.publishedKind(musicId);
    if (!kind) throw musicNotFound();
    const existing = await this.music.bookmarkOf(userId, musicId);
    if (existing !== null) return { bookmarkId: existing };
    return { bookmarkId: await this.music.addBookmark(userId, kind === 'sfx' ? TARGET_TYPES.sfx : TARGET_TYPES.music, musicId, this.clock.now()) };
  }

  /** Only the owner's music favourite; anyone else's id is answered as unknown. */
  async cancelCollect(userId: string, bookmarkId: number): Promise<null> {
    if (!(await this.music.deleteBookmark(userId, bookmarkId))) throw new AppError(ErrorCode.NOT_FOUND, 'bookmarkNotFound');
    return null;
  }

  async myCollection(userId: string, musicType: MusicType, pageNo: number, pageSize: number, language: Language): Promise<MusicPage> {
    const { rows, total } = await this.music.bookmarked(userId, targetTypeOfMusic(musicType), pageNo, pageSize);
    return { infos: rows.map((row) => toMusicInfo(row, language)), total };
  }

  /**
   * /music/changeType: files the user's favourite of a track under music (1) or sound effects (2),
   * favouriting it first when needed (so a track can be kept in the sound-effect collection).
   */
  async changeType(userId: string, musicId: number, musicType: MusicType): Promise<{ bookmarkId: number; musicType: MusicType }> {
    const { bookmarkId } = await this.collect(userId, musicId);
    await this.music.setBookmarkType(userId, bookmarkId, targetTypeOfMusic(musicType));
    return { bookmarkId, musicType };
  }

  /**
   * /music/order/create (spec section 5 "Music order form"): the licensee form, then the four
   * answers against the tree, then the price the buyer saw against the leaf's price. Gives the
   * order its readable number and publishes music.order.placed through the outbox in the same
   * transaction; the orders service owns the order from there.
   */
  async createOrder(userId: string, input: OrderInput, language: Language): Promise<MusicOrderCreateResponse> {
    const form = { projectName: input.projectName.trim(), brand: input.brand.trim(), companyName: input.companyName.trim() };
    if (!form.projectName) throw formError('musicProjectNameRequired');
    if (!form.brand) throw formError('musicBrandRequired');
    if (!form.companyName) throw formError('musicLicenseeRequired');
    const cascade = resolveCascade(await this.music.skuRows(), input);
    if (!cascade.ok) {
      throw new AppError(ErrorCode.MUSIC_LICENCE_INVALID, cascade.reason === 'incomplete' ? 'musicLicenceIncomplete' : 'musicLicenceInvalid');
    }
    const music = await this.music.orderTrack(input.musicId);
    if (!music) throw musicNotFound();
    const priceFen = cascade.leaf.priceFen!;
    if (yuanToFen(input.price) !== priceFen || yuanToFen(input.purchasePrice) !== priceFen) {
      throw new AppError(ErrorCode.MUSIC_PRICE_CHANGED, 'musicPriceChanged');
    }
    const orderId = randomUUID();
    const placedAt = this.clock.now();
    const orderNo = await this.music.transaction((manager) =>
      this.place(manager, { orderId, userId, placedAt, licensee: { projectName: form.projectName, brand: form.brand, licensee: form.companyName }, cascade, tracks: [music], language }),
    );
    return { orderId, orderNo, totalFen: priceFen };
  }

  /**
   * purchase.music.approved: an enterprise administrator approved a member's request holding
   * music; the music order is placed under the member's name with the id the orders service
   * gave it, each track at the list price of the licence the member chose. A licence or a track
   * gone since the request is left out (logged); nothing is placed when nothing is left.
   */
  async placeApproved(manager: EntityManager, approved: PayloadOf<typeof PurchaseMusicApproved>): Promise<void> {
    const cascade = resolveCascade(await this.music.skuRows(), approved.licence);
    const tracks = (await Promise.all(approved.musicIds.map((musicId) => this.music.orderTrack(musicId)))).filter((track) => track !== null);
    if (!cascade.ok || tracks.length === 0) {
      this.logger.warn({ msg: 'approved music order not placed', requestId: approved.requestId, licence: cascade.ok ? 'ok' : cascade.reason, tracks: tracks.length });
      return;
    }
    await this.place(manager, { orderId: approved.musicOrderId, userId: approved.requesterId, placedAt: new Date(approved.approvedAt), licensee: approved.licensee, cascade, tracks, language: 'zh-CN' });
  }

  /** Gives the order its readable number and announces it (music.order.placed) in the caller's transaction. */
  private async place(
    manager: EntityManager,
    order: { orderId: string; userId: string; placedAt: Date; licensee: { projectName: string; brand: string; licensee: string }; cascade: ResolvedCascade; tracks: OrderTrackRow[]; language: Language },
  ): Promise<string> {
    const { cascade } = order;
    const priceFen = cascade.leaf.priceFen!;
    const [scene, channel, period, area] = cascade.path.map((node) => (order.language === 'en' ? node.nameEn : node.nameZh));
    const orderNo = await this.music.reserveOrderNo(manager, order.orderId, order.userId, order.placedAt);
    await this.outbox.add(manager, MusicOrderPlaced, order.orderId, {
      orderId: order.orderId,
      orderNo,
      userId: order.userId,
      placedAt: order.placedAt.toISOString(),
      licensee: order.licensee,
      items: order.tracks.map((music) => ({
        musicId: Number(music.id),
        code: music.code,
        musicType: music.kind === 'sfx' ? (2 as const) : (1 as const),
        titleZh: music.title_zh || music.title_en,
        titleEn: music.title_en || music.title_zh,
        composer: music.composer,
        durationSeconds: Number(music.duration ?? 0),
        coverKey: music.thumbnail_key,
        originalKey: music.original_key,
        skuId: cascade.leaf.id,
        licence: { scene: scene!, channel: channel!, period: period!, area: area! },
        priceFen,
      })),
      totalFen: priceFen * order.tracks.length,
    });
    return orderNo;
  }
}

function formError(key: 'musicProjectNameRequired' | 'musicBrandRequired' | 'musicLicenseeRequired') {
  return new AppError(ErrorCode.MUSIC_ORDER_FORM_INVALID, key);
}
