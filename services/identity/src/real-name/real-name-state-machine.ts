import { ErrorCode, type RealNameStatus } from '@mkt/contracts';
import { AppError } from '@mkt/platform';

/**
 * A contributor's real-name check as data (spec section 4), checked in one place:
 *
 *   none --submit--> verifying --verify--> verified   (final)
 *                    verifying --reject--> rejected --submit--> verifying
 *
 * The contributor submits; staff verify or reject. A submission after a rejection is a new row,
 * so the status moved by `submit` is the contributor's (their latest row's), not a row's.
 */
export const REAL_NAME_ACTIONS = ['submit', 'verify', 'reject'] as const;
export type RealNameAction = (typeof REAL_NAME_ACTIONS)[number];

export const REAL_NAME_TRANSITIONS: Readonly<Record<RealNameAction, Partial<Record<RealNameStatus, RealNameStatus>>>> = {
  submit: { none: 'verifying', rejected: 'verifying' },
  verify: { verifying: 'verified' },
  reject: { verifying: 'rejected' },
};


export function nextRealNameStatus(from: RealNameStatus, action: RealNameAction): RealNameStatus | null {
  return REAL_NAME_TRANSITIONS[action][from] ?? null;
}

/** The status `action` leads to; anything else is a 409 naming the status and the action. */
export function realNameTransition(from: RealNameStatus, action: RealNameAction): RealNameStatus {
  const to = nextRealNameStatus(from, action);
  if (!to) throw new AppError(ErrorCode.REAL_NAME_TRANSITION_REFUSED, 'realNameTransitionRefused', { status: from, action });
  return to;
}
