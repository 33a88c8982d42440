import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  BOARD_LIMITS,
  BoardCommentAdded,
  BoardMemberAdded,
  ErrorCode,
  type BoardComment,
  type BoardDetail,
  type BoardLink,
  type BoardMember,
  type BoardRole,
  type BoardSummary,
  type Language,
} from '@mkt/contracts';
import { ACCOUNT_DIRECTORY, AppError, Clock, OutboxWriter, hashPassword, type AccountDirectory } from '@mkt/platform';
import { BoardViews } from './board-views.js';
import { BoardVotes, memberVoter } from './board-votes.js';
import { BoardsRepository, type BoardRow } from './boards.repository.js';

const DAY = 86_400_000;
export const boardNotFound = () => new AppError(ErrorCode.BOARD_NOT_FOUND, 'boardNotFound');
export const boardItemNotFound = () => new AppError(ErrorCode.BOARD_ITEM_NOT_FOUND, 'boardItemNotFound');

/** What a call needs of the caller: to see the board, to change its items, or to own it. */
type Need = 'view' | 'edit' | 'own';
type Role = BoardSummary['role'];
const ALLOWED: Record<Need, readonly Role[]> = {
  view: ['owner', 'editor', 'viewer'],
  edit: ['owner', 'editor'],
  own: ['owner'],
};

/**
 * Boards and who may do what with them: the owner does everything; editors change the items
 * (add, remove, note, order, cover) and comment; viewers see and comment. Anyone else's call is
 * answered as if the board did not exist, so ids cannot be probed; a member asking for more than
 * their part is told so (403). Access is read on every call, so a removed member loses it at once.
 */
@Injectable()
export class BoardsService {
  constructor(
    private readonly boards: BoardsRepository,
    private readonly views: BoardViews,
    private readonly votes: BoardVotes,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
    @Optional() @Inject(ACCOUNT_DIRECTORY) private readonly directory?: AccountDirectory,
  ) {}

  /** The caller's own boards, then those they are a member of; newest change first in each. */
  async list(userId: string): Promise<BoardSummary[]> {
    const [owned, shared] = await Promise.all([this.boards.owned(userId), this.boards.memberOf(userId)]);
    return [...owned.map((board) => this.views.summary(board, 'owner')), ...shared.map((board) => this.views.summary(board, board.role))];
  }

  async create(ownerId: string, name: string, materialIds: readonly number[]): Promise<{ id: number }> {
    if ((await this.boards.countOwned(ownerId)) >= BOARD_LIMITS.boardsMax) throw new AppError(ErrorCode.BOARD_LIMIT, 'boardsTooMany', { max: BOARD_LIMITS.boardsMax });
    // Refused before anything is made: no empty board is left behind by a material not on sale.
    await this.materialsOnSale(materialIds);
    const id = await this.boards.create(ownerId, name, this.clock.now());
    if (materialIds.length > 0) await this.addItems(ownerId, id, materialIds);
    return { id };
  }

  /** The name is the owner's to change; the cover, an editor's too. */
  async update(userId: string, id: number, change: { name?: string; coverMaterialId?: number | null }): Promise<null> {
    await this.access(userId, id, change.name !== undefined ? 'own' : 'edit');
    if (change.coverMaterialId != null && !(await this.boards.published([change.coverMaterialId])).has(change.coverMaterialId)) {
      throw new AppError(ErrorCode.NOT_FOUND, 'materialNotFound');
    }
    await this.boards.update(id, change, this.clock.now());
    return null;
  }

  async remove(userId: string, id: number): Promise<null> {
    await this.access(userId, id, 'own');
    await this.boards.delete(id);
    return null;
  }

  async detail(userId: string, id: number, pageNo: number, pageSize: number, language: Language): Promise<BoardDetail> {
    const { board, role } = await this.access(userId, id, 'view');
    const items = await this.views.items(id, pageNo, pageSize, language, userId, memberVoter(userId));
    return { ...this.views.summary(board, role), coverMaterialId: board.coverMaterialId, items, pageNo, pageSize };
  }

  /** Adds the materials on sale that are not on the board yet, after its last item; the board holds at most BOARD_LIMITS.itemsMax. */
  async addItems(userId: string, id: number, materialIds: readonly number[]): Promise<{ added: number }> {
    await this.access(userId, id, 'edit');
    const wanted = await this.materialsOnSale(materialIds);
    const now = this.clock.now();
    const added = await this.boards.withBoardLocked(id, async (manager) => {
      const count = await this.boards.itemCount(manager, id);
      // Only new items count (those already on the board are skipped); too many rolls it all back.
      const appended = await this.boards.append(manager, id, wanted, userId, now);
      if (count + appended > BOARD_LIMITS.itemsMax) throw new AppError(ErrorCode.BOARD_FULL, 'boardFull', { max: BOARD_LIMITS.itemsMax });
      await this.boards.touch(manager, id, now);
      return appended;
    });
    return { added };
  }

  async removeItems(userId: string, id: number, itemIds: readonly number[]): Promise<{ removed: number }> {
    await this.access(userId, id, 'edit');
    const now = this.clock.now();
    const removed = await this.boards.withBoardLocked(id, async (manager) => {
      const count = await this.boards.removeItems(manager, id, itemIds);
      await this.boards.touch(manager, id, now);
      return count;
    });
    return { removed };
  }

  async note(userId: string, id: number, itemId: number, note: string): Promise<null> {
    await this.access(userId, id, 'edit');
    if (!(await this.boards.setNote(id, itemId, note))) throw boardItemNotFound();
    return null;
  }

  /** Puts the item at `toIndex` of the board's order (the last place when beyond it). */
  async move(userId: string, id: number, itemId: number, toIndex: number): Promise<null> {
    await this.access(userId, id, 'edit');
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

  async comments(userId: string, id: number, itemId: number): Promise<BoardComment[]> {
    const { board } = await this.accessItem(userId, id, itemId, 'view');
    return this.views.comments(await this.boards.comments(itemId), board.ownerId);
  }

  /** A member's comment; the owner is told of it (BoardCommentAdded) unless it is theirs. */
  async comment(userId: string, id: number, itemId: number, body: string): Promise<{ id: number }> {
    const { board } = await this.accessItem(userId, id, itemId, 'view');
    const now = this.clock.now();
    const author = userId === board.ownerId ? '' : ((await this.views.names([userId])).get(userId) ?? '');
    const commentId = await this.boards.transaction(async (manager) => {
      const created = await this.boards.addComment(manager, { itemId, authorId: userId, guestName: null, linkId: null, body, now });
      if (userId !== board.ownerId) await this.outbox.add(manager, BoardCommentAdded, String(id), this.views.commentAdded(board, itemId, author, false, body, now));
      return created;
    });
    return { id: commentId };
  }

  /** A member's vote on an item (viewers vote too); the owner is told of a new one by someone else. */
  async vote(userId: string, id: number, itemId: number, value: -1 | 0 | 1): Promise<null> {
    const { board } = await this.accessItem(userId, id, itemId, 'view');
    const isOwner = userId === board.ownerId;
    const name = isOwner || value === 0 ? '' : ((await this.views.names([userId])).get(userId) ?? '');
    await this.votes.cast(board, itemId, { voter: memberVoter(userId), name, byGuest: false, isOwner, value });
    return null;
  }

  /** Every member sees who else is on the board. */
  async members(userId: string, id: number): Promise<BoardMember[]> {
    await this.access(userId, id, 'view');
    const members = await this.boards.members(id);
    const accounts = this.directory ? await this.directory.byIds(members.map((member) => member.userId)) : new Map();
    return members.map((member) => {
      const account = accounts.get(member.userId);
      return { userId: member.userId, nickname: account?.nickname ?? '', contact: account?.contact ?? '', role: member.role, addedAt: member.addedAt.toISOString() };
    });
  }

  /** Makes the account that signs in with `contact` a member (or changes its role). */
  async addMember(ownerId: string, id: number, contact: string, role: BoardRole): Promise<BoardMember> {
    const { board } = await this.access(ownerId, id, 'own');
    if (!this.directory) throw new AppError(ErrorCode.NOT_READY, 'serviceUnavailable');
    const [account] = await this.directory.byContacts([contact]);
    if (!account) throw new AppError(ErrorCode.BOARD_MEMBER_UNKNOWN, 'boardMemberUnknown');
    if (account.userId === ownerId) throw new AppError(ErrorCode.BOARD_MEMBER_SELF, 'boardMemberSelf');
    const already = (await this.boards.memberRole(id, account.userId)) !== null;
    if (!already && (await this.boards.countMembers(id)) >= BOARD_LIMITS.membersMax) throw new AppError(ErrorCode.BOARD_LIMIT, 'boardMembersTooMany', { max: BOARD_LIMITS.membersMax });
    const now = this.clock.now();
    const invitedBy = (await this.views.names([ownerId])).get(ownerId) ?? '';
    await this.boards.transaction(async (manager) => {
      await this.boards.putMember(manager, id, account.userId, role, ownerId, now);
      // The member is told (their notification centre), a new member and a changed part alike.
      await this.outbox.add(manager, BoardMemberAdded, String(id), { boardId: id, boardName: board.name, userId: account.userId, role, invitedBy: invitedBy.slice(0, 60), at: now.toISOString() });
    });
    return { userId: account.userId, nickname: account.nickname, contact: account.contact, role, addedAt: now.toISOString() };
  }

  /** The owner removes a member; a member may leave. */
  async removeMember(userId: string, id: number, memberId: string): Promise<null> {
    await this.access(userId, id, memberId === userId ? 'view' : 'own');
    if (!(await this.boards.removeMember(id, memberId))) throw new AppError(ErrorCode.NOT_FOUND, 'boardMemberUnknown');
    return null;
  }

  async links(ownerId: string, id: number): Promise<BoardLink[]> {
    await this.access(ownerId, id, 'own');
    const now = this.clock.now();
    return (await this.boards.links(id)).map((row) => this.views.link(row, now));
  }

  /** A new guest link: an unguessable token (24 random bytes), with the password kept only as a scrypt hash. */
  async createLink(ownerId: string, id: number, password: string | undefined, expiresInDays: number | undefined): Promise<BoardLink> {
    await this.access(ownerId, id, 'own');
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
    await this.access(ownerId, id, 'own');
    if (!(await this.boards.revokeLink(id, linkId, this.clock.now()))) throw new AppError(ErrorCode.BOARD_LINK_GONE, 'boardLinkGone');
    return null;
  }

  /** The distinct ids, once every one is a material on sale (else 404). */
  private async materialsOnSale(materialIds: readonly number[]): Promise<number[]> {
    const wanted = [...new Set(materialIds)];
    const onSale = await this.boards.published(wanted);
    if (wanted.some((materialId) => !onSale.has(materialId))) throw new AppError(ErrorCode.NOT_FOUND, 'materialNotFound');
    return wanted;
  }

  private async access(userId: string, id: number, need: Need): Promise<{ board: BoardRow; role: Role }> {
    const board = await this.boards.board(id);
    if (!board) throw boardNotFound();
    const role: Role | null = board.ownerId === userId ? 'owner' : await this.boards.memberRole(id, userId);
    if (!role) throw boardNotFound();
    if (!ALLOWED[need].includes(role)) throw new AppError(ErrorCode.BOARD_READ_ONLY, 'boardReadOnly');
    return { board, role };
  }

  private async accessItem(userId: string, id: number, itemId: number, need: Need): Promise<{ board: BoardRow; role: Role }> {
    const access = await this.access(userId, id, need);
    if ((await this.boards.itemMaterial(id, itemId)) === null) throw boardItemNotFound();
    return access;
  }
}
