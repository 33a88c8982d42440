import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { NOTIFICATION_MAIL_DELAY_MINUTES } from '@mkt/contracts';

export interface NotificationRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  count: number;
  read: boolean;
  updatedAt: Date;
}

/** A line due for mailing, with where to mail it (null: the account has no address, or wants no mail). */
export interface DueMailRow extends NotificationRow {
  email: string | null;
}

type StoredRow = { id: string; kind: string; payload: Record<string, unknown>; count: number; read_at: Date | null; updated_at: Date };
const rowOf = (row: StoredRow): NotificationRow => ({ id: Number(row.id), kind: row.kind, payload: row.payload, count: row.count, read: row.read_at !== null, updatedAt: row.updated_at });

/** The queries of the notification centre. */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  /**
   * Records a notification, or adds to the unread one about the same thing (`ref`): its fields
   * become the latest and its count grows by one. In the caller's transaction (an event handler's).
   * A new line is due for mailing NOTIFICATION_MAIL_DELAY_MINUTES later; one that gathers more
   * keeps its time (mailed once, with the latest, or not again once mailed).
   */
  async notify(manager: EntityManager, notice: { userId: string; kind: string; ref: string; payload: object; at: Date }): Promise<void> {
    await manager.query(
      `INSERT INTO identity.notifications (user_id, kind, ref, payload, created_at, updated_at, mail_due_at) VALUES ($1, $2, $3, $4, $5, $5, $6)
       ON CONFLICT (user_id, kind, ref) WHERE read_at IS NULL
       DO UPDATE SET payload = EXCLUDED.payload, count = identity.notifications.count + 1, updated_at = EXCLUDED.updated_at`,
      [notice.userId, notice.kind, notice.ref, JSON.stringify(notice.payload), notice.at, new Date(notice.at.getTime() + NOTIFICATION_MAIL_DELAY_MINUTES * 60_000)],
    );
  }

  async page(userId: string, limit: number, offset: number): Promise<NotificationRow[]> {
    const rows: StoredRow[] = await this.dataSource.query(
      `SELECT id, kind, payload, count, read_at, updated_at FROM identity.notifications WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return rows.map(rowOf);
  }

  /** Unread ones, counted up to `cap` (one read of the partial unique index). */
  async unread(userId: string, cap: number): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM (SELECT 1 FROM identity.notifications WHERE user_id = $1 AND read_at IS NULL LIMIT $2) unread`,
      [userId, cap],
    )) as { count: number }[];
    return row?.count ?? 0;
  }

  /** Marks the user's own ones among `ids` read (all of them without ids); read ones are not mailed. */
  async markRead(userId: string, ids: readonly number[] | null, at: Date): Promise<void> {
    if (ids === null) {
      await this.dataSource.query(`UPDATE identity.notifications SET read_at = $2, mail_due_at = NULL WHERE user_id = $1 AND read_at IS NULL`, [userId, at]);
      return;
    }
    await this.dataSource.query(`UPDATE identity.notifications SET read_at = $3, mail_due_at = NULL WHERE user_id = $1 AND id = ANY($2::bigint[]) AND read_at IS NULL`, [userId, ids, at]);
  }

  /** Whether the account wants notifications by mail, and has a (confirmed) address for them. */
  async mailSettings(userId: string): Promise<{ mail: boolean; hasEmail: boolean }> {
    const [row] = (await this.dataSource.query(`SELECT notification_mail AS mail, email IS NOT NULL AS "hasEmail" FROM identity.users WHERE id = $1`, [userId])) as { mail: boolean; hasEmail: boolean }[];
    return row ?? { mail: false, hasEmail: false };
  }

  async setMail(userId: string, mail: boolean): Promise<void> {
    await this.dataSource.query(`UPDATE identity.users SET notification_mail = $2 WHERE id = $1`, [userId, mail]);
  }

  /** Ids of lines due for mailing at `now`, oldest first. */
  async dueForMail(now: Date, limit: number): Promise<number[]> {
    const rows: { id: string }[] = await this.dataSource.query(`SELECT id FROM identity.notifications WHERE mail_due_at <= $1 ORDER BY mail_due_at, id LIMIT $2`, [now, limit]);
    return rows.map((row) => Number(row.id));
  }

  /**
   * Locks a line still due (null when another replica holds it, or it was read or mailed since),
   * with its account's address unless the account has none, wants no mail or is disabled.
   */
  async lockDue(manager: EntityManager, id: number, now: Date): Promise<DueMailRow | null> {
    const [row] = (await manager.query(
      `SELECT n.id, n.kind, n.payload, n.count, n.read_at, n.updated_at,
              CASE WHEN u.notification_mail AND NOT u.disabled THEN u.email END AS email
         FROM identity.notifications n JOIN identity.users u ON u.id = n.user_id
        WHERE n.id = $1 AND n.mail_due_at <= $2 AND n.read_at IS NULL
        FOR UPDATE OF n SKIP LOCKED`,
      [id, now],
    )) as (StoredRow & { email: string | null })[];
    return row ? { ...rowOf(row), email: row.email } : null;
  }

  /** Done with a due line: mailed at `mailedAt`, or (null) nothing to mail it to. */
  async clearDue(manager: EntityManager, id: number, mailedAt: Date | null): Promise<void> {
    await manager.query(`UPDATE identity.notifications SET mail_due_at = NULL, mailed_at = $2 WHERE id = $1`, [id, mailedAt]);
  }

  /** A mail that could not be sent is tried again later. */
  async postpone(id: number, until: Date): Promise<void> {
    await this.dataSource.query(`UPDATE identity.notifications SET mail_due_at = $2 WHERE id = $1 AND mail_due_at IS NOT NULL`, [id, until]);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
