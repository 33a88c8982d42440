import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ErrorCode,
  MUSIC_LIMITS,
  MusicOrderPlaced,
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
import { MUSIC_SELECT, toMusicInfo, type MusicRow } from './music-rows.js';
import { MusicReadService, musicNotFound } from './music-read.service.js';
import { resolveCascade } from './sku-tree.js';

export const MUSIC_DOWNLOAD_LINK_SECONDS = 300;
const PUBLISHED = `m.status = 'published' AND m.kind IN ('music', 'sfx')`;
const targetTypeOfMusic = (type: MusicType) => (type === 2 ? TARGET_TYPES.sfx : TARGET_TYPES.music);

type OrderInput = z.output<typeof musicOrderCreateRequestSchema>;

/** What listeners and buyers do with music: play (history), favourites, sample downloads, licence orders. */
@Injectable()
export class MusicMemberService {
  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly read: MusicReadService,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  /** The listen file; a signed-in listener's play lands first in their history (at most 30 kept). */
  async play(musicId: number, userId: string | null): Promise<MusicPlayInfo> {
    const [row] = (await this.dataSource.query(
      `SELECT m.preview480_key FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [musicId],
    )) as { preview480_key: string | null }[];
    const fileUrl = publicRenditionPath(row?.preview480_key);
    if (!row || !fileUrl) throw musicNotFound();
    if (userId) await this.recordPlay(userId, musicId);
    return { playInfo: { fileUrl } };
  }

  private async recordPlay(userId: string, musicId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO catalogue.music_play_history (user_id, material_id, played_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, material_id) DO UPDATE SET played_at = EXCLUDED.played_at`,
        [userId, musicId, this.clock.now()],
      );
      await this.trimHistory(manager, userId);
    });
  }

  private async trimHistory(manager: { query: DataSource['query'] }, userId: string): Promise<void> {
    await manager.query(
      `DELETE FROM catalogue.music_play_history WHERE user_id = $1 AND material_id NOT IN (
         SELECT material_id FROM catalogue.music_play_history WHERE user_id = $1 ORDER BY played_at DESC, material_id DESC LIMIT $2)`,
      [userId, MUSIC_LIMITS.historyMax],
    );
  }

  /** The user's own history, newest first. */
  async history(userId: string, language: Language): Promise<{ infos: ReturnType<typeof toMusicInfo>[] }> {
    const rows = (await this.dataSource.query(
      `${MUSIC_SELECT} JOIN catalogue.music_play_history h ON h.material_id = m.id AND h.user_id = $1
       WHERE ${PUBLISHED} ORDER BY h.played_at DESC, m.id DESC LIMIT $2`,
      [userId, MUSIC_LIMITS.historyMax],
    )) as MusicRow[];
    return { infos: rows.map((row) => toMusicInfo(row, language)) };
  }

  /**
   * Replaces the user's history with the given list (newest first): the player saves its local
   * history after sign-in, and an empty list is the clear button. Duplicates, unknown and
   * unpublished ids are dropped; at most 30 are kept.
   */
  async saveHistory(userId: string, musicIdList: number[]): Promise<null> {
    const unique = [...new Set(musicIdList)];
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM catalogue.music_play_history WHERE user_id = $1`, [userId]);
      if (unique.length === 0) return;
      const now = this.clock.now().getTime();
      // played_at falls by a millisecond per position so the saved order is the history order.
      await manager.query(
        `INSERT INTO catalogue.music_play_history (user_id, material_id, played_at)
         SELECT $1, x.id, to_timestamp(($3::bigint - x.ord) / 1000.0)
         FROM unnest($2::bigint[]) WITH ORDINALITY AS x(id, ord)
         JOIN catalogue.materials m ON m.id = x.id AND ${PUBLISHED}
         JOIN catalogue.music_details d ON d.material_id = m.id
         ORDER BY x.ord LIMIT $4`,
        [userId, unique, now, MUSIC_LIMITS.historyMax],
      );
    });
    return null;
  }

  /** A signed link to the sample (spec: sample download needs a token). */
  async download(musicId: number): Promise<MusicPlayInfo> {
    const [row] = (await this.dataSource.query(
      `SELECT m.code, m.sample_key FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [musicId],
    )) as { code: string; sample_key: string | null }[];
    const location = parseObjectLocation(row?.sample_key);
    if (!row || !location) throw musicNotFound();
    const extension = location.key.includes('.') ? location.key.slice(location.key.lastIndexOf('.')) : '.mp3';
    const fileName = `${row.code}_sample${extension}`;
    const fileUrl = await this.storage.signedGetUrl(location.bucket, location.key, MUSIC_DOWNLOAD_LINK_SECONDS, { downloadName: fileName });
    return { playInfo: { fileUrl, fileName, expiresInSeconds: MUSIC_DOWNLOAD_LINK_SECONDS } };
  }

  /** Idempotent favourite, filed under music (2) or sound effects (3) by the track's kind. */
  async collect(userId: string, musicId: number): Promise<{ bookmarkId: number }> {
    const [row] = (await this.dataSource.query(
      `SELECT m.kind FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [musicId],
    )) as { kind: 'music' | 'sfx' }[];
    if (!row) throw musicNotFound();
    const existing = (await this.dataSource.query(`SELECT id FROM catalogue.bookmarks WHERE user_id = $1 AND target_id = $2 AND target_type IN (2, 3)`, [
      userId,
      musicId,
    ])) as { id: string }[];
    if (existing[0]) return { bookmarkId: Number(existing[0].id) };
    const inserted = (await this.dataSource.query(
      `INSERT INTO catalogue.bookmarks (user_id, target_type, target_id, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, target_type, target_id) DO UPDATE SET created_at = catalogue.bookmarks.created_at RETURNING id`,
      [userId, row.kind === 'sfx' ? TARGET_TYPES.sfx : TARGET_TYPES.music, musicId, this.clock.now()],
    )) as { id: string }[];
    return { bookmarkId: Number(inserted[0]!.id) };
  }

  /** Only the owner's music favourite; anyone else's id is answered as unknown. */
  async cancelCollect(userId: string, bookmarkId: number): Promise<null> {
    const result: unknown[] = await this.dataSource.query(
      `DELETE FROM catalogue.bookmarks WHERE id = $1 AND user_id = $2 AND target_type IN (2, 3) RETURNING id`,
      [bookmarkId, userId],
    );
    const deleted = Array.isArray(result[0]) ? (result[0] as unknown[]) : result;
    if (deleted.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'bookmarkNotFound');
    return null;
  }

  async myCollection(userId: string, musicType: MusicType, pageNo: number, pageSize: number, language: Language): Promise<MusicPage> {
    const rows = (await this.dataSource.query(
      `${MUSIC_SELECT.replace('SELECT m.id,', 'SELECT count(*) OVER () AS total, m.id,')}
       JOIN catalogue.bookmarks mine ON mine.target_id = m.id AND mine.user_id = $1 AND mine.target_type = $2
       WHERE ${PUBLISHED} ORDER BY mine.created_at DESC, mine.id DESC LIMIT $3 OFFSET $4`,
      [userId, targetTypeOfMusic(musicType), pageSize, (pageNo - 1) * pageSize],
    )) as MusicRow[];
    return { infos: rows.map((row) => toMusicInfo(row, language)), total: rows[0] ? Number(rows[0].total) : 0 };
  }

  /**
   * /music/changeType: files the user's favourite of a track under music (1) or sound effects (2),
   * favouriting it first when needed (so a track can be kept in the sound-effect collection).
   */
  async changeType(userId: string, musicId: number, musicType: MusicType): Promise<{ bookmarkId: number; musicType: MusicType }> {
    const { bookmarkId } = await this.collect(userId, musicId);
    await this.dataSource.query(`UPDATE catalogue.bookmarks SET target_type = $1 WHERE id = $2 AND user_id = $3`, [
      targetTypeOfMusic(musicType),
      bookmarkId,
      userId,
    ]);
    return { bookmarkId, musicType };
  }

  /**
   * /music/order/create (spec section 5 "Music order form"): the licensee form, then the four
   * answers against the tree, then the price the buyer saw against the leaf's price. Publishes
   * music.order.placed through the outbox; the orders service owns the order from there.
   */
  async createOrder(userId: string, input: OrderInput, language: Language): Promise<MusicOrderCreateResponse> {
    const form = { projectName: input.projectName.trim(), brand: input.brand.trim(), companyName: input.companyName.trim() };
    if (!form.projectName) throw formError('musicProjectNameRequired');
    if (!form.brand) throw formError('musicBrandRequired');
    if (!form.companyName) throw formError('musicLicenseeRequired');
    const cascade = resolveCascade(await this.read.skuRows(), input);
    if (!cascade.ok) {
      throw new AppError(ErrorCode.MUSIC_LICENCE_INVALID, cascade.reason === 'incomplete' ? 'musicLicenceIncomplete' : 'musicLicenceInvalid');
    }
    const [music] = (await this.dataSource.query(
      `SELECT m.id, m.code, m.kind, m.title_zh, m.title_en, m.duration, m.thumbnail_key, m.original_key, d.composer
       FROM catalogue.materials m JOIN catalogue.music_details d ON d.material_id = m.id WHERE m.id = $1 AND ${PUBLISHED}`,
      [input.musicId],
    )) as { id: string; code: string; kind: 'music' | 'sfx'; title_zh: string; title_en: string; duration: string | null; thumbnail_key: string | null; original_key: string | null; composer: string }[];
    if (!music) throw musicNotFound();
    const priceFen = cascade.leaf.priceFen!;
    if (yuanToFen(input.price) !== priceFen || yuanToFen(input.purchasePrice) !== priceFen) {
      throw new AppError(ErrorCode.MUSIC_PRICE_CHANGED, 'musicPriceChanged');
    }
    const [scene, channel, period, area] = cascade.path.map((node) => (language === 'en' ? node.nameEn : node.nameZh));
    const orderId = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      await this.outbox.add(manager, MusicOrderPlaced, orderId, {
        orderId,
        userId,
        placedAt: this.clock.now().toISOString(),
        licensee: { projectName: form.projectName, brand: form.brand, licensee: form.companyName },
        items: [
          {
            musicId: Number(music.id),
            code: music.code,
            musicType: music.kind === 'sfx' ? 2 : 1,
            titleZh: music.title_zh || music.title_en,
            titleEn: music.title_en || music.title_zh,
            composer: music.composer,
            durationSeconds: Number(music.duration ?? 0),
            coverKey: music.thumbnail_key,
            originalKey: music.original_key,
            skuId: cascade.leaf.id,
            licence: { scene: scene!, channel: channel!, period: period!, area: area! },
            priceFen,
          },
        ],
        totalFen: priceFen,
      });
    });
    return { orderId, totalFen: priceFen };
  }
}

function formError(key: 'musicProjectNameRequired' | 'musicBrandRequired' | 'musicLicenseeRequired') {
  return new AppError(ErrorCode.MUSIC_ORDER_FORM_INVALID, key);
}
