import { Injectable } from '@nestjs/common';
import type { BoardComment, BoardItem, BoardLink, BoardSummary, Language } from '@mkt/contracts';
import { publicRenditionPath } from '@mkt/platform';
import { CatalogueReadService } from '../store/catalogue-read.service.js';
import { BoardsRepository, type BoardCommentRow, type BoardLinkRow, type BoardRow } from './boards.repository.js';

/** How boards, their items, comments and links read on the wire, for owners and guests alike. */
@Injectable()
export class BoardViews {
  constructor(
    private readonly boards: BoardsRepository,
    private readonly read: CatalogueReadService,
  ) {}

  summary(board: BoardRow): BoardSummary {
    return { id: board.id, name: board.name, cover: publicRenditionPath(board.coverKey) ?? '', itemCount: board.itemCount, updatedAt: board.updatedAt.toISOString() };
  }

  /** A page of the board's items in its order, each with its material's card (null once off sale). */
  async items(boardId: number, pageNo: number, pageSize: number, language: Language, userId: string | null): Promise<BoardItem[]> {
    const rows = await this.boards.items(boardId, pageSize, (pageNo - 1) * pageSize);
    const cards = new Map((await this.read.cards(rows.map((row) => row.materialId), language, userId)).map((card) => [card.id, card]));
    return rows.map((row) => ({
      id: row.id,
      note: row.note,
      card: cards.get(row.materialId) ?? null,
      materialId: row.materialId,
      comments: row.comments,
      votes: { up: row.up, down: row.down },
      addedAt: row.addedAt.toISOString(),
    }));
  }

  comment(row: BoardCommentRow): BoardComment {
    return { id: row.id, author: row.guestName ?? 'owner', byOwner: row.guestName === null, body: row.body, createdAt: row.createdAt.toISOString() };
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
}
