import { ErrorCode, type StatementStatus } from '@mkt/contracts';
import { AppError } from '@mkt/platform';

/**
 * A quarterly statement's life as data (spec section 4), checked in one place:
 *
 *   toBeConfirmed --confirm--> generated --remit--> remitted
 *   toBeConfirmed --reject---> rejected  --correct--> invalid   (finance issues a corrected statement)
 *
 * The contributor confirms or rejects; finance corrects and remits.
 */
export const STATEMENT_ACTIONS = ['confirm', 'reject', 'correct', 'remit'] as const;
export type StatementAction = (typeof STATEMENT_ACTIONS)[number];

export const STATEMENT_TRANSITIONS: Readonly<Record<StatementAction, Partial<Record<StatementStatus, StatementStatus>>>> = {
  confirm: { toBeConfirmed: 'generated' },
  reject: { toBeConfirmed: 'rejected' },
  correct: { rejected: 'invalid' },
  remit: { generated: 'remitted' },
};

export function nextStatementStatus(from: StatementStatus, action: StatementAction): StatementStatus | null {
  return STATEMENT_TRANSITIONS[action][from] ?? null;
}

/** The status `action` leads to; anything else is a 409 naming the status and the action. */
export function statementTransition(from: StatementStatus, action: StatementAction): StatementStatus {
  const to = nextStatementStatus(from, action);
  if (!to) throw new AppError(ErrorCode.STATEMENT_TRANSITION_REFUSED, 'statementTransitionRefused', { status: from, action });
  return to;
}
