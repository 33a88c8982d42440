import type { OrderStatus } from '@mkt/contracts/web';

/**
 * States a buyer may cancel: before payment. Mirrors the orders service's state machine
 * (cancel: submitted | quoted -> closed); the server decides, this only hides a button that
 * would always be refused.
 */
const BUYER_CANCELLABLE: readonly OrderStatus[] = ['submitted', 'quoted'];

export function buyerMayCancel(status: OrderStatus): boolean {
  return BUYER_CANCELLABLE.includes(status);
}

/** The listed reasons, in the order shown; 'other' asks for the buyer's own words. */
export const CANCEL_REASONS = ['mistake', 'changeLicence', 'foundOther', 'price', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The server takes a one-line reason of 1 to 200 characters (orderCancelRequestSchema). */
export const CANCEL_REASON_MAX = 200;

export type CancelReasonResult = { ok: true; reason: string } | { ok: false; problem: 'choose' | 'otherRequired' | 'tooLong' };

/**
 * The text sent as `reason`: the listed reason's label in the buyer's language (staff read it as
 * written), or the buyer's own words for 'other', on one line as the server stores it.
 */
export function cancelReasonText(choice: CancelReason | null, otherText: string, labelOf: (reason: Exclude<CancelReason, 'other'>) => string): CancelReasonResult {
  if (!choice) return { ok: false, problem: 'choose' };
  if (choice !== 'other') return { ok: true, reason: labelOf(choice) };
  const reason = otherText.replace(/\s+/g, ' ').trim();
  if (!reason) return { ok: false, problem: 'otherRequired' };
  if (reason.length > CANCEL_REASON_MAX) return { ok: false, problem: 'tooLong' };
  return { ok: true, reason };
}
