import { ErrorCode, type BankInfoStatus } from '@mkt/contracts';
import { AppError } from '@mkt/platform';

type StoredStatus = Exclude<BankInfoStatus, 'none'>;

/**
 * A bank-info submission's life as data (spec section 4), checked in one place:
 *
 *   verifying --verify--> verified        (finance checked the account)
 *   verifying --reject--> failed          (with the reason the contributor reads)
 *
 * A contributor may submit again while one waits (it is replaced) or after it failed; after a
 * verification they wait out the yearly lock (bank-info-lock.ts).
 */
export const BANK_INFO_ACTIONS = ['verify', 'reject'] as const;
export type BankInfoAction = (typeof BANK_INFO_ACTIONS)[number];

export const BANK_INFO_TRANSITIONS: Readonly<Record<BankInfoAction, Partial<Record<StoredStatus, StoredStatus>>>> = {
  verify: { verifying: 'verified' },
  reject: { verifying: 'failed' },
};

export function bankInfoTransition(from: StoredStatus, action: BankInfoAction): StoredStatus {
  const to = BANK_INFO_TRANSITIONS[action][from];
  if (!to) throw new AppError(ErrorCode.BANK_INFO_TRANSITION_REFUSED, 'bankInfoTransitionRefused', { status: from, action });
  return to;
}
