import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  ErrorCode,
  TARGET_TYPES,
  targetTypeOf,
  type BookmarkItem,
  type Language,
  type PreferenceCounts,
  type SampleDownloadResponse,
  type materialClickRequestSchema,
} from '@mkt/contracts';
import { AppError, Clock, OBJECT_STORAGE, parseObjectLocation, publicRenditionPath, type ObjectStorage } from '@mkt/platform';
import { ActivityRecorder } from '../analytics/activity.recorder.js';
import { ClickEntity } from '../entities/activity.entities.js';
import { MaterialEntity } from '../entities/material.entity.js';
import { materialNotFound, sampleFileName } from './catalogue-read.service.js';
import { localizedTitle } from './material-cards.js';

export const SAMPLE_LINK_SECONDS = 300;
const bookmarkNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'bookmarkNotFound');

/** What signed-in users do with materials: favourites, counts, sample downloads; and click tracking. */
@Injectable()
export class MemberActionsService {
  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  /** Idempotent: favouriting the same material again returns the same id. */
  async bookmark(userId: string, targetId: number, targetType: number): Promise<{ id: number }> {
    const material = await this.dataSource.getRepository(MaterialEntity).findOne({ where: { id: targetId }, select: { id: true, kind: true, status: true } });
    if (!material || material.status !== 'published' || targetTypeOf(material.kind) !== targetType) throw materialNotFound();
    const inserted: { id: string }[] = await this.dataSource.query(
      `INSERT INTO catalogue.bookmarks (user_id, target_type, target_id, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, target_type, target_id) DO NOTHING RETURNING id`,
      [userId, targetType, targetId, this.clock.now()],
    );
    if (inserted[0]) {
      this.activity.favourited(targetId);
      return { id: Number(inserted[0].id) };
    }
    const [existing] = (await this.dataSource.query(
      `SELECT id FROM catalogue.bookmarks WHERE user_id = $1 AND target_type = $2 AND target_id = $3`,
      [userId, targetType, targetId],
    )) as { id: string }[];
    if (!existing) throw materialNotFound();
    return { id: Number(existing.id) };
  }

  /** Only the owner's bookmark; anyone else's id is answered as unknown. */
  async cancel(userId: string, id: number): Promise<null> {
    const result: unknown[] = await this.dataSource.query(`DELETE FROM catalogue.bookmarks WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
    // TypeORM answers a DELETE with [rows, affected count].
    const deleted = Array.isArray(result[0]) ? (result[0] as unknown[]) : result;
    if (deleted.length === 0) throw bookmarkNotFound();
    return null;
  }

  async bookmarks(userId: string, targetType: number, pageNo: number, pageSize: number, language: Language): Promise<{ infos: BookmarkItem[]; total: number }> {
    const rows: BookmarkRow[] = await this.dataSource.query(
      `SELECT b.id, b.target_id, b.target_type, m."from", m.thumbnail_key, m.title_zh, m.title_en, m.code, count(*) OVER () AS total
       FROM catalogue.bookmarks b JOIN catalogue.materials m ON m.id = b.target_id
       WHERE b.user_id = $1 AND b.target_type = $2 AND m.status = 'published'
       ORDER BY b.created_at DESC, b.id DESC LIMIT $3 OFFSET $4`,
      [userId, targetType, pageSize, (pageNo - 1) * pageSize],
    );
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && pageNo > 1) {
      const [count] = (await this.dataSource.query(
        `SELECT count(*) AS total FROM catalogue.bookmarks b JOIN catalogue.materials m ON m.id = b.target_id WHERE b.user_id = $1 AND b.target_type = $2 AND m.status = 'published'`,
        [userId, targetType],
      )) as { total: string }[];
      total = Number(count?.total ?? 0);
    }
    const isMusic = targetType === TARGET_TYPES.music || targetType === TARGET_TYPES.sfx;
    return {
      total,
      infos: rows.map((row) => {
        const thumbnail = publicRenditionPath(row.thumbnail_key) ?? '';
        return {
          id: Number(row.id),
          targetId: Number(row.target_id),
          targetType: row.target_type,
          from: row.from,
          thumbnail,
          coverStr: isMusic ? thumbnail : null,
          musicId: isMusic ? Number(row.target_id) : null,
          title: localizedTitle(row, language),
          code: row.code,
        };
      }),
    };
  }

  /**
   * The six home counts, of favourites and cart lines whose material is still published (as the
   * lists show them). The cart lines are orders' (cart.changed keeps `catalogue.cart_lines`), so a
   * cart change shows here once its event is handled, within moments.
   */
  async preferenceCounts(userId: string): Promise<PreferenceCounts> {
    const [bookmarks, cart]: [{ target_type: number; count: number }[], { kind: string; count: number }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT b.target_type, count(*)::int AS count
         FROM catalogue.bookmarks b JOIN catalogue.materials m ON m.id = b.target_id
         WHERE b.user_id = $1 AND m.status = 'published' GROUP BY b.target_type`,
        [userId],
      ),
      this.dataSource.query(
        `SELECT m.kind, count(*)::int AS count
         FROM catalogue.cart_lines c JOIN catalogue.materials m ON m.id = c.material_id
         WHERE c.user_id = $1 AND m.status = 'published' AND m.kind IN ('video', 'photo') GROUP BY m.kind`,
        [userId],
      ),
    ]);
    const count = (type: number) => bookmarks.find((r) => r.target_type === type)?.count ?? 0;
    const inCart = (kind: string) => cart.find((r) => r.kind === kind)?.count ?? 0;
    return {
      videoBookmark: count(TARGET_TYPES.video),
      photoBookmark: count(TARGET_TYPES.photo),
      musicBookmark: count(TARGET_TYPES.music),
      musicEffectBookmark: count(TARGET_TYPES.sfx),
      videoShopping: inCart('video'),
      photoShopping: inCart('photo'),
    };
  }

  async sample(id: number): Promise<SampleDownloadResponse> {
    const material = await this.dataSource.getRepository(MaterialEntity).findOneBy({ id, status: 'published' });
    const location = parseObjectLocation(material?.sampleKey);
    if (!material || !location) throw materialNotFound();
    const fileName = sampleFileName(material.code, location.key);
    const url = await this.storage.signedGetUrl(location.bucket, location.key, SAMPLE_LINK_SECONDS, { downloadName: fileName });
    return { url, fileName, expiresInSeconds: SAMPLE_LINK_SECONDS };
  }

  async click(userId: string | null, input: z.output<typeof materialClickRequestSchema>): Promise<null> {
    await this.dataSource.getRepository(ClickEntity).insert({
      at: this.clock.now(),
      userId,
      bizType: input.bizType,
      ruleId: input.ruleId,
      targetId: input.targetId ?? null,
      title: input.title,
      referer: input.referer,
      navigator: input.navigator,
    });
    return null;
  }
}

interface BookmarkRow {
  id: string;
  target_id: string;
  target_type: number;
  from: BookmarkItem['from'];
  thumbnail_key: string | null;
  title_zh: string;
  title_en: string;
  code: string;
  total: string;
}
