import type { MaterialKind } from '../catalogue/api.js';

/**
 * Purchase approval for enterprise customers: a member of a company asks to buy materials (a
 * board's selection); the company's administrator approves, which makes the quote request for
 * videos and photos (an order under the member's name, its licence form filled from the
 * company's project) and the music order for music at the licence the member chose, or declines
 * with a reason. The orders service holds them (it knows companies, projects and orders).
 */
export const PURCHASE_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type PurchaseRequestStatus = (typeof PURCHASE_REQUEST_STATUSES)[number];

export const PURCHASE_REQUEST_LIMITS = { itemsMax: 100, noteMax: 500, reasonMax: 300, contactMax: 30 } as const;

/** Store calls (POST below /api), under the orders service's /project prefix. */
export const PurchaseRequestCalls = {
  /** { materialIds, boardId?, boardName?, contact, phone?, note? } → { id }: an enterprise customer asks. */
  request: '/project/purchase/request',
  /** { pageNo, pageSize } → PurchaseRequestPage: the caller's own requests. */
  mine: '/project/purchase/mine',
  /** { status?, pageNo, pageSize } → PurchaseRequestPage: the company's (its administrator only). */
  company: '/project/purchase/company',
  /** { id } → PurchaseRequestView: approved, with the quote request made. */
  approve: '/project/purchase/approve',
  /** { id, reason } → PurchaseRequestView. */
  decline: '/project/purchase/decline',
} as const;

export interface PurchaseRequestItem {
  materialId: number;
  kind: MaterialKind;
  code: string;
  title: string;
  thumbnail: string | null;
}

export interface PurchaseRequestView {
  id: string;
  status: PurchaseRequestStatus;
  requester: string;
  boardName: string;
  projectName: string;
  note: string;
  items: PurchaseRequestItem[];
  reason: string;
  /** The quote request an approval made for the videos and photos (the requester's order), or null. */
  orderId: string | null;
  orderNo: string | null;
  /** The music licence asked for the music and sound effects, and the music order an approval placed (its number once placed). */
  music: { label: string; orderId: string | null; orderNo: string | null } | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface PurchaseRequestPage {
  infos: PurchaseRequestView[];
  total: number;
}
