import { Inject, Injectable, Optional } from '@nestjs/common';
import type { BoardComment, BoardCommentAdded, BoardItem, BoardLink, BoardSummary, Language, PayloadOf } from '@mkt/contracts';
import { ACCOUNT_DIRECTORY, publicRenditionPath, type AccountDirectory } from '@mkt/platform';
import { CatalogueReadService } from '../store/catalogue-read.service.js';
import { BoardsRepository, type BoardCommentRow, type BoardLinkRow, type BoardRow } from './boards.repository.js';

/**
 * How boards, their items, comments and links read on the wire, for members and guests alike.
 * Members are named by their nicknames from the account directory (identity's); without one in
 * this deployment the names are left empty rather than failing the page.
 */
@Injectable()
export class BoardViews {
  constructor(
    private readonly boards: BoardsRepository,
    private readonly read: CatalogueReadService,
    @Optional() @Inject(ACCOUNT_DIRECTORY) private readonly directory?: AccountDirectory,
  ) {}

  summary(board: BoardRow, role: BoardSummary['role']): BoardSummary {
    return { id: board.id, name: board.name, role, cover: publicRenditionPath(board.coverKey) ?? '', itemCount: board.itemCount, updatedAt: board.updatedAt.toISOString() };
  }

  /**
   * A page of the board's items in its order, each with its material's card (null once off
   * sale) and the vote of `voter` (a member's or a guest's, see board-votes.ts).
   */
  async items(boardId: number, pageNo: number, pageSize: number, language: Language, userId: string | null, voter: string | null): Promise<BoardItem[]> {
    const rows = await this.boards.items(boardId, pageSize, (pageNo - 1) * pageSize);
    const [cards, names, mine] = await Promise.all([
      this.read.cards(rows.map((row) => row.materialId), language, userId),
      this.names(rows.map((row) => row.addedBy)),
      voter && rows.length > 0 ? this.boards.votesOf(voter, rows.map((row) => row.id)) : new Map<number, number>(),
    ]);
    const byId = new Map(cards.map((card) => [card.id, card]));
    return rows.map((row) => ({
      id: row.id,
      note: row.note,
      card: byId.get(row.materialId) ?? null,
      materialId: row.materialId,
      addedBy: names.get(row.addedBy) ?? '',
      comments: row.comments,
      votes: { up: row.up, down: row.down },
      myVote: (mine.get(row.id) ?? 0) as BoardItem['myVote'],
      addedAt: row.addedAt.toISOString(),
    }));
  }

  async comments(rows: readonly BoardCommentRow[], ownerId: string): Promise<BoardComment[]> {
    const names = await this.names(rows.flatMap((row) => (row.authorId ? [row.authorId] : [])));
    return rows.map((row) => ({
      id: row.id,
      author: row.guestName ?? names.get(row.authorId ?? '') ?? '',
      byOwner: row.authorId === ownerId,
      byGuest: row.guestName !== null,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  link(row: BoardLinkRow, now: Date): BoardLink {
    return {
      id: row.id,
      token: row.token,
      hasPassword: row.passwordHash !== null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      state: row.revokedAt !== null ? 'revoked' : row.expiresAt !== null && row.expiresAt <= now ? 'expired' : 'live',
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * What the board's owner is told of a comment by someone else (BoardCommentAdded): written in
   * the comment's transaction.
   */
  commentAdded(board: BoardRow, itemId: number, author: string, byGuest: boolean, body: string, at: Date): PayloadOf<typeof BoardCommentAdded> {
    return { boardId: board.id, boardName: board.name, ownerId: board.ownerId, itemId, author: author.slice(0, 60), byGuest, excerpt: body.slice(0, 140), at: at.toISOString() };
  }

  /** Nicknames by account id (none without a directory). */
  async names(userIds: readonly string[]): Promise<Map<string, string>> {
    if (!this.directory || userIds.length === 0) return new Map();
    const accounts = await this.directory.byIds([...new Set(userIds)]);
    return new Map([...accounts].map(([id, account]) => [id, account.nickname]));
  }
}
