import { Injectable } from '@nestjs/common';
import { BOARD_LIMITS, BoardCommentAdded, ErrorCode, type BoardComment, type BoardSummary, type Language, type SampleDownloadResponse, type SharedBoard } from '@mkt/contracts';
import { AppError, Clock, OutboxWriter, verifyPassword } from '@mkt/platform';
import { MemberActionsService } from '../store/member-actions.service.js';
import { BoardViews } from './board-views.js';
import { BoardVotes, guestVoter } from './board-votes.js';
import { GuestPasses } from './guest-passes.js';
import { BoardsRepository, type BoardLinkRow, type BoardRow } from './boards.repository.js';
import { boardItemNotFound } from './boards.service.js';

const MINUTE = 60_000;
const linkGone = () => new AppError(ErrorCode.BOARD_LINK_GONE, 'boardLinkGone');
/** Neither revoked nor expired: the one rule of which links open. */
const isLive = (link: BoardLinkRow, now: Date) => link.revokedAt === null && (link.expiresAt === null || link.expiresAt > now);

export interface GuestPass {
  token: string;
  password?: string | undefined;
  /** A pass the link's password earned before (GuestPasses), in its place. */
  pass?: string | undefined;
}

/**
 * A board as a guest link opens it, without an account: read-only but for comments and votes
 * under a display name, and the items' watermarked samples (never an original: no call here
 * reaches one). Every call proves the link again: unknown, revoked and expired links are all
 * "gone" (404); a password link wants its password (or the pass a right one earned), and after
 * BOARD_LIMITS.passwordTries wrong ones in a row refuses every try for BOARD_LIMITS.lockMinutes,
 * whoever sends it.
 */
@Injectable()
export class SharedBoardsService {
  constructor(
    private readonly boards: BoardsRepository,
    private readonly views: BoardViews,
    private readonly members: MemberActionsService,
    private readonly passes: GuestPasses,
    private readonly votes: BoardVotes,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
  ) {}

  async open(pass: GuestPass, pageNo: number, pageSize: number, voterKey: string | undefined, language: Language): Promise<SharedBoard> {
    const { link, board } = await this.admit(pass);
    const items = await this.views.items(board.id, pageNo, pageSize, language, null, voterKey ? guestVoter(link, voterKey) : null);
    const summary = this.views.summary(board, 'viewer');
    const owner = await this.views.names([board.ownerId]);
    return {
      name: summary.name,
      ownerName: owner.get(board.ownerId) ?? '',
      cover: summary.cover,
      itemCount: summary.itemCount,
      items,
      pageNo,
      pageSize,
      pass: link.passwordHash === null ? null : this.passes.issue(link.id),
    };
  }

  async comments(pass: GuestPass, itemId: number): Promise<BoardComment[]> {
    const { board } = await this.admit(pass);
    await this.itemOf(board, itemId);
    return this.views.comments(await this.boards.comments(itemId), board.ownerId);
  }

  /** A guest's comment, under the name they gave; the owner is told of it (BoardCommentAdded). */
  async comment(pass: GuestPass, itemId: number, name: string, body: string): Promise<{ id: number }> {
    const { link, board } = await this.admit(pass);
    await this.itemOf(board, itemId);
    const now = this.clock.now();
    const id = await this.boards.transaction(async (manager) => {
      const created = await this.boards.addComment(manager, { itemId, authorId: null, guestName: name, linkId: link.id, body, now });
      await this.outbox.add(manager, BoardCommentAdded, String(board.id), this.views.commentAdded(board, itemId, name, true, body, now));
      return created;
    });
    return { id };
  }

  /** A guest's vote, under the name they gave with it (or none); the owner is told of a new one. */
  async vote(pass: GuestPass, itemId: number, voterKey: string, value: -1 | 0 | 1, name: string): Promise<null> {
    const { link, board } = await this.admit(pass);
    await this.itemOf(board, itemId);
    await this.votes.cast(board, itemId, { voter: guestVoter(link, voterKey), name, byGuest: true, isOwner: false, value });
    return null;
  }

  /** The item's watermarked sample (the comp anyone may download), as the detail page offers it. */
  async sample(pass: GuestPass, itemId: number): Promise<SampleDownloadResponse> {
    const { board } = await this.admit(pass);
    return this.members.sample(await this.itemOf(board, itemId));
  }

  /**
   * What a link shows before anyone opens it (its preview in a chat app, ADR 0029): the board's
   * name, cover and size, for a live link without a password only. Anything else is null, the
   * same for unknown, revoked, expired and password links, so a preview never tells more than
   * opening the link would, and asking for one counts no password try.
   */
  async preview(token: string): Promise<BoardSummary | null> {
    const link = await this.boards.linkByToken(token);
    if (!link || !isLive(link, this.clock.now()) || link.passwordHash !== null) return null;
    const board = await this.boards.board(link.boardId);
    return board ? this.views.summary(board, 'viewer') : null;
  }

  private async admit(pass: GuestPass): Promise<{ link: BoardLinkRow; board: BoardRow }> {
    const now = this.clock.now();
    const link = await this.boards.linkByToken(pass.token);
    if (!link || !isLive(link, now)) throw linkGone();
    if (link.passwordHash !== null && !this.passes.admits(pass.pass, link.id)) {
      if (link.lockedUntil !== null && link.lockedUntil > now) {
        throw new AppError(ErrorCode.BOARD_LINK_LOCKED, 'boardLinkLocked', { minutes: Math.ceil((link.lockedUntil.getTime() - now.getTime()) / MINUTE) });
      }
      if (pass.password === undefined || pass.password === '') throw new AppError(ErrorCode.BOARD_PASSWORD_REQUIRED, 'boardPasswordRequired');
      if (!(await verifyPassword(pass.password, link.passwordHash))) {
        await this.boards.recordWrongPassword(link.id, BOARD_LIMITS.passwordTries, new Date(now.getTime() + BOARD_LIMITS.lockMinutes * MINUTE));
        throw new AppError(ErrorCode.BOARD_PASSWORD_WRONG, 'boardPasswordWrong');
      }
      if (link.failedTries > 0) await this.boards.clearWrongPasswords(link.id);
    }
    const board = await this.boards.board(link.boardId);
    if (!board) throw linkGone();
    return { link, board };
  }

  private async itemOf(board: BoardRow, itemId: number): Promise<number> {
    const materialId = await this.boards.itemMaterial(board.id, itemId);
    if (materialId === null) throw boardItemNotFound();
    return materialId;
  }
}

