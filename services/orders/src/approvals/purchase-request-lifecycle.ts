import { ErrorCode, type PurchaseRequestStatus } from '@mkt/contracts';
import { AppError } from '@mkt/platform';

/**
 * A purchase request's lifecycle as data: asked, then approved (the quote request made) or
 * declined (with a reason), once.
 *
 *   pending --approve--> approved
 *   pending --decline--> declined
 */
export const PURCHASE_REQUEST_TRANSITIONS: Readonly<Record<'approve' | 'decline', Partial<Record<PurchaseRequestStatus, PurchaseRequestStatus>>>> = {
  approve: { pending: 'approved' },
  decline: { pending: 'declined' },
};

/** The status `action` leads to from `from`, or a 409 (already decided). */
export function decide(from: PurchaseRequestStatus, action: keyof typeof PURCHASE_REQUEST_TRANSITIONS): PurchaseRequestStatus {
  const to = PURCHASE_REQUEST_TRANSITIONS[action][from];
  if (!to) throw new AppError(ErrorCode.PURCHASE_REQUEST_DECIDED, 'purchaseRequestDecided');
  return to;
}
