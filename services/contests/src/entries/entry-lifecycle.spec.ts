import { ENTRY_STATUSES, ErrorCode } from '@mkt/contracts';
import { AppError } from '@mkt/platform';
import { ENTRY_ACTIONS, ENTRY_TRANSITIONS, entryTransition } from './entry-lifecycle.js';

describe('entry review', () => {
  it.each([
    ['submitted', 'approve', 'approved'],
    ['submitted', 'reject', 'rejected'],
    ['approved', 'reject', 'rejected'],
  ] as const)('%s --%s--> %s', (from, action, to) => {
    expect(entryTransition(from, action)).toBe(to);
  });

  it('refuses every other move with a 409 that names the status and the action', () => {
    const allowed = new Set(ENTRY_ACTIONS.flatMap((action) => Object.keys(ENTRY_TRANSITIONS[action]).map((from) => `${from}:${action}`)));
    const refused = ENTRY_STATUSES.flatMap((from) => ENTRY_ACTIONS.map((action) => [from, action] as const)).filter(([from, action]) => !allowed.has(`${from}:${action}`));
    expect(refused).toEqual([
      ['approved', 'approve'],
      ['rejected', 'approve'],
      ['rejected', 'reject'],
    ]);
    for (const [from, action] of refused) {
      let error: unknown;
      try {
        entryTransition(from, action);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(ErrorCode.CONTEST_ENTRY_TRANSITION_REFUSED);
    }
  });
});
