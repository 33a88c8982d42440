import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface NotificationRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  count: number;
  read: boolean;
  updatedAt: Date;
}

/** The queries of the notification centre. */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  /**
   * Records a notification, or adds to the unread one about the same thing (`ref`): its fields
   * become the latest and its count grows by one. In the caller's transaction (an event handler's).
   */
  async notify(manager: EntityManager, notice: { userId: string; kind: string; ref: string; payload: object; at: Date }): Promise<void> {
    await manager.query(
      `INSERT INTO identity.notifications (user_id, kind, ref, payload, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (user_id, kind, ref) WHERE read_at IS NULL
       DO UPDATE SET payload = EXCLUDED.payload, count = identity.notifications.count + 1, updated_at = EXCLUDED.updated_at`,
      [notice.userId, notice.kind, notice.ref, JSON.stringify(notice.payload), notice.at],
    );
  }

  async page(userId: string, limit: number, offset: number): Promise<NotificationRow[]> {
    const rows: { id: string; kind: string; payload: Record<string, unknown>; count: number; read_at: Date | null; updated_at: Date }[] = await this.dataSource.query(
      `SELECT id, kind, payload, count, read_at, updated_at FROM identity.notifications WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return rows.map((row) => ({ id: Number(row.id), kind: row.kind, payload: row.payload, count: row.count, read: row.read_at !== null, updatedAt: row.updated_at }));
  }

  /** Unread ones, counted up to `cap` (one read of the partial unique index). */
  async unread(userId: string, cap: number): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM (SELECT 1 FROM identity.notifications WHERE user_id = $1 AND read_at IS NULL LIMIT $2) unread`,
      [userId, cap],
    )) as { count: number }[];
    return row?.count ?? 0;
  }

  /** Marks the user's own ones among `ids` read (all of them without ids). */
  async markRead(userId: string, ids: readonly number[] | null, at: Date): Promise<void> {
    if (ids === null) {
      await this.dataSource.query(`UPDATE identity.notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL`, [userId, at]);
      return;
    }
    await this.dataSource.query(`UPDATE identity.notifications SET read_at = $3 WHERE user_id = $1 AND id = ANY($2::bigint[]) AND read_at IS NULL`, [userId, ids, at]);
  }
}
