import { ErrorCode, type EntryStatus } from '@mkt/contracts';
import { AppError } from '@mkt/platform';

/**
 * An entry's review as data: staff approve or reject what was submitted, and may still reject an
 * approved entry (a rule broken that the judges noticed) until the results are published.
 *
 *   submitted --approve--> approved
 *   submitted --reject---> rejected
 *   approved  --reject---> rejected
 */
export const ENTRY_ACTIONS = ['approve', 'reject'] as const;
export type EntryAction = (typeof ENTRY_ACTIONS)[number];

export const ENTRY_TRANSITIONS: Readonly<Record<EntryAction, Partial<Record<EntryStatus, EntryStatus>>>> = {
  approve: { submitted: 'approved' },
  reject: { submitted: 'rejected', approved: 'rejected' },
};

/** The status `action` leads to; anything else is a 409 naming the status and the action. */
export function entryTransition(from: EntryStatus, action: EntryAction): EntryStatus {
  const to = ENTRY_TRANSITIONS[action][from];
  if (!to) throw new AppError(ErrorCode.CONTEST_ENTRY_TRANSITION_REFUSED, 'contestEntryTransitionRefused', { status: from, action });
  return to;
}

/** Judges score, and results rank, every entry that review has not rejected. */
export const JUDGED_STATUSES: readonly EntryStatus[] = ['submitted', 'approved'];
