import { Injectable } from '@nestjs/common';
import { BoardCommentAdded, BoardMemberAdded, BoardVoteCast, LicenceIssued, OrderQuoted, PurchaseDecided, PurchaseRequested, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { NotificationsRepository } from './notifications.repository.js';

/**
 * What other services announce that concerns an account, into its notification centre. The bus
 * delivers at least once; each handler runs in the transaction that records the event as
 * handled, so a delivery counts once.
 */
@Injectable()
export class NotificationEventsHandler {
  constructor(private readonly notifications: NotificationsRepository) {}

  @OnEvent(BoardCommentAdded)
  async boardComment(event: PayloadOf<typeof BoardCommentAdded>, { manager }: EventHandlerContext): Promise<void> {
    await this.notifications.notify(manager, {
      userId: event.ownerId,
      kind: 'boardComment',
      ref: `board:${event.boardId}`,
      payload: { boardId: event.boardId, boardName: event.boardName, author: event.author, byGuest: event.byGuest, excerpt: event.excerpt },
      at: new Date(event.at),
    });
  }

  /** Votes on one board gather on one unread line, the latest voter named. */
  @OnEvent(BoardVoteCast)
  async boardVote(event: PayloadOf<typeof BoardVoteCast>, { manager }: EventHandlerContext): Promise<void> {
    await this.notifications.notify(manager, {
      userId: event.ownerId,
      kind: 'boardVote',
      ref: `board:${event.boardId}`,
      payload: { boardId: event.boardId, boardName: event.boardName, voter: event.voter, byGuest: event.byGuest, up: event.value === 1 },
      at: new Date(event.at),
    });
  }

  @OnEvent(BoardMemberAdded)
  async boardMember(event: PayloadOf<typeof BoardMemberAdded>, { manager }: EventHandlerContext): Promise<void> {
    await this.notifications.notify(manager, {
      userId: event.userId,
      kind: 'boardMember',
      ref: `board:${event.boardId}`,
      payload: { boardId: event.boardId, boardName: event.boardName, role: event.role, invitedBy: event.invitedBy },
      at: new Date(event.at),
    });
  }

  @OnEvent(OrderQuoted)
  async orderQuoted(event: PayloadOf<typeof OrderQuoted>, { manager, envelope }: EventHandlerContext): Promise<void> {
    await this.notifications.notify(manager, {
      userId: event.userId,
      kind: 'orderQuoted',
      ref: `order:${event.orderId}`,
      payload: { orderId: event.orderId, orderNo: event.orderNo, totalFen: event.totalFen },
      at: new Date(envelope.occurredAt),
    });
  }

  /** One line an order, however many of its items' licences arrive. */
  @OnEvent(LicenceIssued)
  async licenceIssued(event: PayloadOf<typeof LicenceIssued>, { manager }: EventHandlerContext): Promise<void> {
    await this.notifications.notify(manager, { userId: event.userId, kind: 'licenceIssued', ref: `order:${event.orderId}`, payload: { orderId: event.orderId }, at: new Date(event.issuedAt) });
  }

  /** Every administrator of the company is told; pending requests of one company gather on one line. */
  @OnEvent(PurchaseRequested)
  async purchaseRequested(event: PayloadOf<typeof PurchaseRequested>, { manager }: EventHandlerContext): Promise<void> {
    const admins: { id: string }[] = await manager.query(
      `SELECT id FROM identity.users WHERE customer_id = $1 AND customer_status = 1 AND customer_type = 1 AND enterprise_admin AND NOT disabled`,
      [event.customerId],
    );
    for (const admin of admins) {
      await this.notifications.notify(manager, {
        userId: admin.id,
        kind: 'purchaseRequested',
        ref: `company:${event.customerId}`,
        payload: { requester: event.requester, boardName: event.boardName, itemCount: event.itemCount },
        at: new Date(event.requestedAt),
      });
    }
  }

  @OnEvent(PurchaseDecided)
  async purchaseDecided(event: PayloadOf<typeof PurchaseDecided>, { manager }: EventHandlerContext): Promise<void> {
    await this.notifications.notify(manager, {
      userId: event.requesterId,
      kind: 'purchaseDecided',
      ref: `request:${event.requestId}`,
      payload: { approved: event.approved, reason: event.reason, orderId: event.orderId, orderNo: event.orderNo },
      at: new Date(event.decidedAt),
    });
  }
}
