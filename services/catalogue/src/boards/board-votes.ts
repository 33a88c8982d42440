import { Injectable } from '@nestjs/common';
import { BoardVoteCast } from '@mkt/contracts';
import { Clock, OutboxWriter } from '@mkt/platform';
import { BoardsRepository, type BoardLinkRow, type BoardRow } from './boards.repository.js';

/** A member votes as their account; a guest as their browser's key on that link (another link of the board votes apart). */
export const memberVoter = (userId: string) => `user:${userId}`;
export const guestVoter = (link: BoardLinkRow, voterKey: string) => `guest:${link.id}:${voterKey}`;

/**
 * Votes on a board's items, one a voter an item. A new or changed vote by anyone but the owner
 * is announced (BoardVoteCast) in the same transaction, so the owner is told once; taking a vote
 * back, or casting the same one again, tells no one.
 */
@Injectable()
export class BoardVotes {
  constructor(
    private readonly boards: BoardsRepository,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  async cast(board: BoardRow, itemId: number, vote: { voter: string; name: string; byGuest: boolean; isOwner: boolean; value: -1 | 0 | 1 }): Promise<void> {
    const now = this.clock.now();
    await this.boards.transaction(async (manager) => {
      const changed = await this.boards.vote(manager, itemId, vote.voter, vote.value, now);
      if (!changed || vote.isOwner || vote.value === 0) return;
      await this.outbox.add(manager, BoardVoteCast, String(board.id), {
        boardId: board.id,
        boardName: board.name,
        ownerId: board.ownerId,
        itemId,
        voter: vote.name.slice(0, 60),
        byGuest: vote.byGuest,
        value: vote.value,
        at: now.toISOString(),
      });
    });
  }
}
