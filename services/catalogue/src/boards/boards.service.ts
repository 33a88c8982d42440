import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BOARD_LIMITS, ErrorCode, type BoardComment, type BoardDetail, type BoardLink, type BoardSummary, type Language } from '@mkt/contracts';
import { AppError, Clock, hashPassword } from '@mkt/platform';
import { BoardViews } from './board-views.js';
import { BoardsRepository, type BoardRow } from './boards.repository.js';

const DAY = 86_400_000;
export const boardNotFound = () => new AppError(ErrorCode.BOARD_NOT_FOUND, 'boardNotFound');
export const boardItemNotFound = () => new AppError(ErrorCode.BOARD_ITEM_NOT_FOUND, 'boardItemNotFound');

/**
 * An owner's boards: the owner alone reads and changes them here (anyone else's id is answered
 * as unknown, so ids cannot be probed), and shares them through guest links.
 */
@Injectable()
export class BoardsService {
  constructor(
    private readonly boards: BoardsRepository,
    private readonly views: BoardViews,
    private readonly clock: Clock,
  ) {}

  async list(ownerId: string): Promise<BoardSummary[]> {
    return (await this.boards.owned(ownerId)).map((board) => this.views.summary(board));
  }

  async create(ownerId: string, name: string, materialIds: readonly number[]): Promise<{ id: number }> {
    if ((await this.boards.countOwned(ownerId)) >= BOARD_LIMITS.boardsMax) throw new AppError(ErrorCode.BOARD_LIMIT, 'boardsTooMany', { max: BOARD_LIMITS.boardsMax });
    const id = await this.boards.create(ownerId, name, this.clock.now());
    if (materialIds.length > 0) await this.addItems(ownerId, id, materialIds);
    return { id };
  }

  async update(ownerId: string, id: number, change: { name?: string; coverMaterialId?: number | null }): Promise<null> {
    await this.ownBoard(ownerId, id);
    if (change.coverMaterialId != null && !(await this.boards.published([change.coverMaterialId])).has(change.coverMaterialId)) {
      throw new AppError(ErrorCode.NOT_FOUND, 'materialNotFound');
    }
    await this.boards.update(id, change, this.clock.now());
    return null;
  }

  async remove(ownerId: string, id: number): Promise<null> {
    await this.ownBoard(ownerId, id);
    await this.boards.delete(id);
    return null;
  }

  async detail(ownerId: string, id: number, pageNo: number, pageSize: number, language: Language): Promise<BoardDetail> {
    const board = await this.ownBoard(ownerId, id);
    return { ...this.views.summary(board), coverMaterialId: board.coverMaterialId, items: await this.views.items(id, pageNo, pageSize, language, ownerId), pageNo, pageSize };
  }

  /** Adds the materials on sale that are not on the board yet, after its last item; the board holds at most BOARD_LIMITS.itemsMax. */
  async addItems(ownerId: string, id: number, materialIds: readonly number[]): Promise<{ added: number }> {
    await this.ownBoard(ownerId, id);
    const wanted = [...new Set(materialIds)];
    const onSale = await this.boards.published(wanted);
    if (wanted.some((materialId) => !onSale.has(materialId))) throw new AppError(ErrorCode.NOT_FOUND, 'materialNotFound');
    const now = this.clock.now();
    const added = await this.boards.withBoardLocked(id, async (manager) => {
      const count = await this.boards.itemCount(manager, id);
      // Only new items count (those already on the board are skipped); too many rolls it all back.
      const appended = await this.boards.append(manager, id, wanted, ownerId, now);
      if (count + appended > BOARD_LIMITS.itemsMax) throw new AppError(ErrorCode.BOARD_FULL, 'boardFull', { max: BOARD_LIMITS.itemsMax });
      await this.boards.touch(manager, id, now);
      return appended;
    });
    return { added };
  }

  async removeItems(ownerId: string, id: number, itemIds: readonly number[]): Promise<{ removed: number }> {
    await this.ownBoard(ownerId, id);
    const now = this.clock.now();
    const removed = await this.boards.withBoardLocked(id, async (manager) => {
      const count = await this.boards.removeItems(manager, id, itemIds);
      await this.boards.touch(manager, id, now);
      return count;
    });
    return { removed };
  }

  async note(ownerId: string, id: number, itemId: number, note: string): Promise<null> {
    await this.ownBoard(ownerId, id);
    if (!(await this.boards.setNote(id, itemId, note))) throw boardItemNotFound();
    return null;
  }

  /** Puts the item at `toIndex` of the board's order (the last place when beyond it). */
  async move(ownerId: string, id: number, itemId: number, toIndex: number): Promise<null> {
    await this.ownBoard(ownerId, id);
    await this.boards.withBoardLocked(id, async (manager) => {
      const order = await this.boards.order(manager, id);
      const from = order.indexOf(itemId);
      if (from < 0) throw boardItemNotFound();
      order.splice(from, 1);
      order.splice(Math.min(toIndex, order.length), 0, itemId);
      await this.boards.renumber(manager, id, order);
    });
    return null;
  }

  async comments(ownerId: string, id: number, itemId: number): Promise<BoardComment[]> {
    await this.ownItem(ownerId, id, itemId);
    return (await this.boards.comments(itemId)).map((row) => this.views.comment(row));
  }

  async comment(ownerId: string, id: number, itemId: number, body: string): Promise<{ id: number }> {
    await this.ownItem(ownerId, id, itemId);
    return { id: await this.boards.addComment({ itemId, authorId: ownerId, guestName: null, linkId: null, body, now: this.clock.now() }) };
  }

  async links(ownerId: string, id: number): Promise<BoardLink[]> {
    await this.ownBoard(ownerId, id);
    const now = this.clock.now();
    return (await this.boards.links(id)).map((row) => this.views.link(row, now));
  }

  /** A new guest link: an unguessable token (24 random bytes), with the password kept only as a scrypt hash. */
  async createLink(ownerId: string, id: number, password: string | undefined, expiresInDays: number | undefined): Promise<BoardLink> {
    await this.ownBoard(ownerId, id);
    const now = this.clock.now();
    if ((await this.boards.liveLinkCount(id, now)) >= BOARD_LIMITS.linksMax) throw new AppError(ErrorCode.BOARD_LIMIT, 'boardLinksTooMany', { max: BOARD_LIMITS.linksMax });
    const link = {
      boardId: id,
      token: randomBytes(24).toString('base64url'),
      passwordHash: password === undefined ? null : await hashPassword(password),
      expiresAt: expiresInDays === undefined ? null : new Date(now.getTime() + expiresInDays * DAY),
      now,
    };
    const linkId = await this.boards.createLink(link);
    return this.views.link({ id: linkId, boardId: id, token: link.token, passwordHash: link.passwordHash, expiresAt: link.expiresAt, revokedAt: null, failedTries: 0, lockedUntil: null, createdAt: now }, now);
  }

  async revokeLink(ownerId: string, id: number, linkId: number): Promise<null> {
    await this.ownBoard(ownerId, id);
    if (!(await this.boards.revokeLink(id, linkId, this.clock.now()))) throw new AppError(ErrorCode.BOARD_LINK_GONE, 'boardLinkGone');
    return null;
  }

  private async ownBoard(ownerId: string, id: number): Promise<BoardRow> {
    const board = await this.boards.board(id);
    if (!board || board.ownerId !== ownerId) throw boardNotFound();
    return board;
  }

  private async ownItem(ownerId: string, id: number, itemId: number): Promise<void> {
    await this.ownBoard(ownerId, id);
    if ((await this.boards.itemMaterial(id, itemId)) === null) throw boardItemNotFound();
  }
}
