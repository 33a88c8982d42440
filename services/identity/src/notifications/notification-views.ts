import type { NotificationView } from '@mkt/contracts';
import type { NotificationRow } from './notifications.repository.js';

/** A stored notification on the wire; null for a kind this version does not know (left out). */
export function viewOf(row: NotificationRow): NotificationView | null {
  const base = { id: row.id, at: row.updatedAt.toISOString(), read: row.read };
  const p = row.payload;
  switch (row.kind) {
    case 'boardComment':
      return { ...base, kind: 'boardComment', boardId: Number(p.boardId), boardName: String(p.boardName), author: String(p.author), byGuest: p.byGuest === true, excerpt: String(p.excerpt), count: row.count };
    case 'boardVote':
      return { ...base, kind: 'boardVote', boardId: Number(p.boardId), boardName: String(p.boardName), voter: String(p.voter), byGuest: p.byGuest === true, up: p.up === true, count: row.count };
    case 'boardMember':
      return { ...base, kind: 'boardMember', boardId: Number(p.boardId), boardName: String(p.boardName), role: p.role === 'editor' ? 'editor' : 'viewer', invitedBy: String(p.invitedBy) };
    case 'orderQuoted':
      return { ...base, kind: 'orderQuoted', orderId: String(p.orderId), orderNo: String(p.orderNo), totalFen: Number(p.totalFen) };
    case 'licenceIssued':
      return { ...base, kind: 'licenceIssued', orderId: String(p.orderId), count: row.count };
    case 'purchaseRequested':
      return { ...base, kind: 'purchaseRequested', requester: String(p.requester), boardName: String(p.boardName), itemCount: Number(p.itemCount), count: row.count };
    case 'purchaseDecided':
      return { ...base, kind: 'purchaseDecided', approved: p.approved === true, reason: String(p.reason), orderId: typeof p.orderId === 'string' ? p.orderId : null, orderNo: typeof p.orderNo === 'string' ? p.orderNo : null };
    default:
      return null;
  }
}
