import type { OrderStatus } from '@mkt/contracts';

/**
 * The order process as data (spec section 4): one table of allowed transitions, checked in one
 * place. Services call {@link transition} inside the transaction that holds the order's row lock.
 *
 *   submitted --quote--> quoted --pay--> paid --confirm--> confirmed --refund--> closed
 *                quoted --quote--> quoted (staff re-price before payment)
 *                  paid --reject--> quoted (voucher refused; the buyer uploads another)
 *   submitted | quoted | paid --close--> closed (staff, with a reason)
 *   submitted | quoted --cancel--> closed (the buyer, with a cancel reason)
 *
 * Confirming a confirmed order is not an error and changes nothing ("noop"): staff double clicks
 * and retried requests must not issue licences twice.
 */
export const ORDER_ACTIONS = ['quote', 'pay', 'reject', 'confirm', 'close', 'cancel', 'refund'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const ORDER_TRANSITIONS: Readonly<Record<OrderAction, Partial<Record<OrderStatus, OrderStatus>>>> = {
  quote: { submitted: 'quoted', quoted: 'quoted' },
  pay: { quoted: 'paid' },
  reject: { paid: 'quoted' },
  confirm: { paid: 'confirmed' },
  close: { submitted: 'closed', quoted: 'closed', paid: 'closed' },
  cancel: { submitted: 'closed', quoted: 'closed' },
  refund: { confirmed: 'closed' },
};

/** Actions that, repeated on the state they lead to, are accepted and change nothing. */
const IDEMPOTENT: Partial<Record<OrderAction, OrderStatus>> = { confirm: 'confirmed' };

export type TransitionResult = { kind: 'moved'; from: OrderStatus; to: OrderStatus } | { kind: 'noop'; status: OrderStatus } | { kind: 'refused'; from: OrderStatus; action: OrderAction };

export function transition(from: OrderStatus, action: OrderAction): TransitionResult {
  const to = ORDER_TRANSITIONS[action][from];
  if (to) return { kind: 'moved', from, to };
  if (IDEMPOTENT[action] === from) return { kind: 'noop', status: from };
  return { kind: 'refused', from, action };
}

export function allowedActions(from: OrderStatus): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => ORDER_TRANSITIONS[action][from] !== undefined);
}
