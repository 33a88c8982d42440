import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { BoardRole } from '@mkt/contracts';

export interface BoardRow {
  id: number;
  ownerId: string;
  name: string;
  coverMaterialId: number | null;
  /** The cover's thumbnail location: the chosen cover's, else the first item's. */
  coverKey: string | null;
  itemCount: number;
  updatedAt: Date;
}

export interface BoardItemRow {
  id: number;
  materialId: number;
  addedBy: string;
  note: string;
  addedAt: Date;
  comments: number;
  up: number;
  down: number;
}

export interface BoardLinkRow {
  id: number;
  boardId: number;
  token: string;
  passwordHash: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  failedTries: number;
  lockedUntil: Date | null;
  createdAt: Date;
}

export interface BoardCommentRow {
  id: number;
  authorId: string | null;
  guestName: string | null;
  body: string;
  createdAt: Date;
}

/** A board and its item count and cover, one query for one board or an owner's list. */
const BOARD_SELECT = `
  SELECT b.id, b.owner_id, b.name, b.cover_material_id, b.updated_at,
         (SELECT count(*) FROM catalogue.board_items i WHERE i.board_id = b.id)::int AS item_count,
         COALESCE(
           (SELECT m.thumbnail_key FROM catalogue.materials m WHERE m.id = b.cover_material_id AND m.status = 'published'),
           (SELECT m.thumbnail_key FROM catalogue.board_items i JOIN catalogue.materials m ON m.id = i.material_id
             WHERE i.board_id = b.id AND m.status = 'published' ORDER BY i.position, i.id LIMIT 1)
         ) AS cover_key
    FROM catalogue.boards b`;

/** The queries of boards, their items, guest links, comments and votes. */
@Injectable()
export class BoardsRepository {
  constructor(@InjectDataSource('catalogue') private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction with the board's row locked (its items' order and count change together). */
  async withBoardLocked<T>(boardId: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT id FROM catalogue.boards WHERE id = $1 FOR NO KEY UPDATE`, [boardId]);
      return work(manager);
    });
  }

  async board(id: number): Promise<BoardRow | null> {
    const rows: RawBoard[] = await this.dataSource.query(`${BOARD_SELECT} WHERE b.id = $1`, [id]);
    return rows[0] ? toBoard(rows[0]) : null;
  }

  async owned(ownerId: string): Promise<BoardRow[]> {
    const rows: RawBoard[] = await this.dataSource.query(`${BOARD_SELECT} WHERE b.owner_id = $1 ORDER BY b.updated_at DESC, b.id DESC`, [ownerId]);
    return rows.map(toBoard);
  }

  /** The boards `userId` is a member of, with their role, newest change first. */
  async memberOf(userId: string): Promise<(BoardRow & { role: BoardRole })[]> {
    const rows: (RawBoard & { role: BoardRole })[] = await this.dataSource.query(
      `${BOARD_SELECT.replace('SELECT b.id,', 'SELECT bm.role, b.id,')} JOIN catalogue.board_members bm ON bm.board_id = b.id WHERE bm.user_id = $1 ORDER BY b.updated_at DESC, b.id DESC`,
      [userId],
    );
    return rows.map((row) => ({ ...toBoard(row), role: row.role }));
  }

  async memberRole(boardId: number, userId: string): Promise<BoardRole | null> {
    const [row] = (await this.dataSource.query(`SELECT role FROM catalogue.board_members WHERE board_id = $1 AND user_id = $2`, [boardId, userId])) as { role: BoardRole }[];
    return row?.role ?? null;
  }

  async members(boardId: number): Promise<{ userId: string; role: BoardRole; addedAt: Date }[]> {
    const rows: { user_id: string; role: BoardRole; added_at: Date }[] = await this.dataSource.query(
      `SELECT user_id, role, added_at FROM catalogue.board_members WHERE board_id = $1 ORDER BY added_at, user_id`,
      [boardId],
    );
    return rows.map((row) => ({ userId: row.user_id, role: row.role, addedAt: row.added_at }));
  }

  async countMembers(boardId: number): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT count(*)::int AS count FROM catalogue.board_members WHERE board_id = $1`, [boardId])) as { count: number }[];
    return row?.count ?? 0;
  }

  /** Adds a member, or changes their role. */
  async putMember(manager: EntityManager, boardId: number, userId: string, role: BoardRole, addedBy: string, now: Date): Promise<void> {
    await manager.query(
      `INSERT INTO catalogue.board_members (board_id, user_id, role, added_by, added_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (board_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
      [boardId, userId, role, addedBy, now],
    );
  }

  async removeMember(boardId: number, userId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`DELETE FROM catalogue.board_members WHERE board_id = $1 AND user_id = $2 RETURNING user_id`, [boardId, userId]);
    return (Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows).length > 0;
  }

  async countOwned(ownerId: string): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT count(*)::int AS count FROM catalogue.boards WHERE owner_id = $1`, [ownerId])) as { count: number }[];
    return row?.count ?? 0;
  }

  async create(ownerId: string, name: string, now: Date): Promise<number> {
    const [row] = (await this.dataSource.query(`INSERT INTO catalogue.boards (owner_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id`, [ownerId, name, now])) as {
      id: string;
    }[];
    return Number(row!.id);
  }

  async update(id: number, change: { name?: string; coverMaterialId?: number | null }, now: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE catalogue.boards SET name = COALESCE($2, name), cover_material_id = CASE WHEN $3 THEN $4::bigint ELSE cover_material_id END, updated_at = $5 WHERE id = $1`,
      [id, change.name ?? null, change.coverMaterialId !== undefined, change.coverMaterialId ?? null, now],
    );
  }

  async delete(id: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM catalogue.boards WHERE id = $1`, [id]);
  }

  async touch(manager: EntityManager, id: number, now: Date): Promise<void> {
    await manager.query(`UPDATE catalogue.boards SET updated_at = $2 WHERE id = $1`, [id, now]);
  }

  /** Which of `ids` are materials on sale now. */
  async published(ids: readonly number[]): Promise<Set<number>> {
    const rows: { id: string }[] = await this.dataSource.query(`SELECT id FROM catalogue.materials WHERE id = ANY($1::bigint[]) AND status = 'published'`, [ids]);
    return new Set(rows.map((row) => Number(row.id)));
  }

  async itemCount(manager: EntityManager, boardId: number): Promise<number> {
    const [row] = (await manager.query(`SELECT count(*)::int AS count FROM catalogue.board_items WHERE board_id = $1`, [boardId])) as { count: number }[];
    return row?.count ?? 0;
  }

  /** Appends the materials not on the board yet, in the order given; answers how many were new. */
  async append(manager: EntityManager, boardId: number, materialIds: readonly number[], addedBy: string, now: Date): Promise<number> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO catalogue.board_items (board_id, material_id, position, added_by, added_at)
       SELECT $1, material_id, (SELECT COALESCE(max(position), -1) FROM catalogue.board_items WHERE board_id = $1) + ord, $3, $4
         FROM unnest($2::bigint[]) WITH ORDINALITY AS given (material_id, ord)
       ON CONFLICT (board_id, material_id) DO NOTHING RETURNING id`,
      [boardId, materialIds, addedBy, now],
    );
    return rows.length;
  }

  async removeItems(manager: EntityManager, boardId: number, itemIds: readonly number[]): Promise<number> {
    const result: unknown[] = await manager.query(`DELETE FROM catalogue.board_items WHERE board_id = $1 AND id = ANY($2::bigint[]) RETURNING id`, [boardId, itemIds]);
    // TypeORM answers a DELETE ... RETURNING with [rows, affected count].
    return (Array.isArray(result[0]) ? (result[0] as unknown[]) : result).length;
  }

  async setNote(boardId: number, itemId: number, note: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`UPDATE catalogue.board_items SET note = $3 WHERE board_id = $1 AND id = $2 RETURNING id`, [boardId, itemId, note]);
    return (Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows).length > 0;
  }

  /** The board's item ids in its order. */
  async order(manager: EntityManager, boardId: number): Promise<number[]> {
    const rows: { id: string }[] = await manager.query(`SELECT id FROM catalogue.board_items WHERE board_id = $1 ORDER BY position, id`, [boardId]);
    return rows.map((row) => Number(row.id));
  }

  /** Numbers the items 0, 1, 2... in the order given. */
  async renumber(manager: EntityManager, boardId: number, itemIds: readonly number[]): Promise<void> {
    await manager.query(
      `UPDATE catalogue.board_items i SET position = given.ord - 1 FROM unnest($2::bigint[]) WITH ORDINALITY AS given (id, ord) WHERE i.board_id = $1 AND i.id = given.id`,
      [boardId, itemIds],
    );
  }

  async items(boardId: number, limit: number, offset: number): Promise<BoardItemRow[]> {
    const rows: RawItem[] = await this.dataSource.query(
      `SELECT i.id, i.material_id, i.added_by, i.note, i.added_at,
              (SELECT count(*) FROM catalogue.board_comments c WHERE c.item_id = i.id)::int AS comments,
              (SELECT count(*) FILTER (WHERE v.value = 1) FROM catalogue.board_votes v WHERE v.item_id = i.id)::int AS up,
              (SELECT count(*) FILTER (WHERE v.value = -1) FROM catalogue.board_votes v WHERE v.item_id = i.id)::int AS down
         FROM catalogue.board_items i WHERE i.board_id = $1 ORDER BY i.position, i.id LIMIT $2 OFFSET $3`,
      [boardId, limit, offset],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      materialId: Number(row.material_id),
      addedBy: row.added_by,
      note: row.note,
      addedAt: row.added_at,
      comments: row.comments,
      up: row.up,
      down: row.down,
    }));
  }

  /** The item's material when the item is on the board. */
  async itemMaterial(boardId: number, itemId: number): Promise<number | null> {
    const [row] = (await this.dataSource.query(`SELECT material_id FROM catalogue.board_items WHERE board_id = $1 AND id = $2`, [boardId, itemId])) as { material_id: string }[];
    return row ? Number(row.material_id) : null;
  }

  /** A voter's votes among `itemIds`. */
  async votesOf(voter: string, itemIds: readonly number[]): Promise<Map<number, number>> {
    const rows: { item_id: string; value: number }[] = await this.dataSource.query(`SELECT item_id, value FROM catalogue.board_votes WHERE voter = $1 AND item_id = ANY($2::bigint[])`, [voter, itemIds]);
    return new Map(rows.map((row) => [Number(row.item_id), row.value]));
  }

  /** Records a vote (0 takes it back); true when it is new or changed, so it is worth announcing. */
  async vote(manager: EntityManager, itemId: number, voter: string, value: -1 | 0 | 1, now: Date): Promise<boolean> {
    if (value === 0) {
      await manager.query(`DELETE FROM catalogue.board_votes WHERE item_id = $1 AND voter = $2`, [itemId, voter]);
      return false;
    }
    const changed: unknown[] = await manager.query(
      `INSERT INTO catalogue.board_votes (item_id, voter, value, voted_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (item_id, voter) DO UPDATE SET value = EXCLUDED.value, voted_at = EXCLUDED.voted_at WHERE catalogue.board_votes.value <> EXCLUDED.value
       RETURNING item_id`,
      [itemId, voter, value, now],
    );
    return changed.length > 0;
  }

  async comments(itemId: number): Promise<BoardCommentRow[]> {
    const rows: { id: string; author_id: string | null; guest_name: string | null; body: string; created_at: Date }[] = await this.dataSource.query(
      `SELECT id, author_id, guest_name, body, created_at FROM catalogue.board_comments WHERE item_id = $1 ORDER BY created_at, id LIMIT 500`,
      [itemId],
    );
    return rows.map((row) => ({ id: Number(row.id), authorId: row.author_id, guestName: row.guest_name, body: row.body, createdAt: row.created_at }));
  }

  /** Runs `work` in one transaction (a write and the event announcing it). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async addComment(manager: EntityManager, comment: { itemId: number; authorId: string | null; guestName: string | null; linkId: number | null; body: string; now: Date }): Promise<number> {
    const [row] = (await manager.query(
      `INSERT INTO catalogue.board_comments (item_id, author_id, guest_name, link_id, body, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [comment.itemId, comment.authorId, comment.guestName, comment.linkId, comment.body, comment.now],
    )) as { id: string }[];
    return Number(row!.id);
  }

  async links(boardId: number): Promise<BoardLinkRow[]> {
    const rows: RawLink[] = await this.dataSource.query(`SELECT * FROM catalogue.board_links WHERE board_id = $1 ORDER BY id DESC`, [boardId]);
    return rows.map(toLink);
  }

  async liveLinkCount(boardId: number, now: Date): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM catalogue.board_links WHERE board_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
      [boardId, now],
    )) as { count: number }[];
    return row?.count ?? 0;
  }

  async createLink(link: { boardId: number; token: string; passwordHash: string | null; expiresAt: Date | null; now: Date }): Promise<number> {
    const [row] = (await this.dataSource.query(
      `INSERT INTO catalogue.board_links (board_id, token, password_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [link.boardId, link.token, link.passwordHash, link.expiresAt, link.now],
    )) as { id: string }[];
    return Number(row!.id);
  }

  async revokeLink(boardId: number, linkId: number, now: Date): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE catalogue.board_links SET revoked_at = COALESCE(revoked_at, $3) WHERE board_id = $1 AND id = $2 RETURNING id`,
      [boardId, linkId, now],
    );
    return (Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows).length > 0;
  }

  async linkByToken(token: string): Promise<BoardLinkRow | null> {
    const rows: RawLink[] = await this.dataSource.query(`SELECT * FROM catalogue.board_links WHERE token = $1`, [token]);
    return rows[0] ? toLink(rows[0]) : null;
  }

  /**
   * Counts a wrong password; the `tries`-th in a row locks the link until `lockUntil` and starts
   * the count again. One statement, so tries sent at once are all counted.
   */
  async recordWrongPassword(linkId: number, tries: number, lockUntil: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE catalogue.board_links
          SET failed_tries = CASE WHEN failed_tries + 1 >= $2 THEN 0 ELSE failed_tries + 1 END,
              locked_until = CASE WHEN failed_tries + 1 >= $2 THEN $3 ELSE locked_until END
        WHERE id = $1`,
      [linkId, tries, lockUntil],
    );
  }

  async clearWrongPasswords(linkId: number): Promise<void> {
    await this.dataSource.query(`UPDATE catalogue.board_links SET failed_tries = 0 WHERE id = $1 AND failed_tries > 0`, [linkId]);
  }
}

interface RawBoard {
  id: string;
  owner_id: string;
  name: string;
  cover_material_id: string | null;
  cover_key: string | null;
  item_count: number;
  updated_at: Date;
}

interface RawItem {
  id: string;
  material_id: string;
  added_by: string;
  note: string;
  added_at: Date;
  comments: number;
  up: number;
  down: number;
}

interface RawLink {
  id: string;
  board_id: string;
  token: string;
  password_hash: string | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  failed_tries: number;
  locked_until: Date | null;
  created_at: Date;
}

const toBoard = (row: RawBoard): BoardRow => ({
  id: Number(row.id),
  ownerId: row.owner_id,
  name: row.name,
  coverMaterialId: row.cover_material_id === null ? null : Number(row.cover_material_id),
  coverKey: row.cover_key,
  itemCount: row.item_count,
  updatedAt: row.updated_at,
});

const toLink = (row: RawLink): BoardLinkRow => ({
  id: Number(row.id),
  boardId: Number(row.board_id),
  token: row.token,
  passwordHash: row.password_hash,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  failedTries: row.failed_tries,
  lockedUntil: row.locked_until,
  createdAt: row.created_at,
});
