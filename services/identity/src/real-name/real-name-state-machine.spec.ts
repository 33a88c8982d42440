import { ErrorCode, REAL_NAME_STATUSES, type RealNameStatus, messageWords } from '@mkt/contracts';
import { AppError } from '@mkt/platform';
import { REAL_NAME_ACTIONS, REAL_NAME_TRANSITIONS, nextRealNameStatus, realNameTransition, type RealNameAction } from './real-name-state-machine.js';

describe('real-name state machine', () => {
  const allowed: [RealNameStatus, RealNameAction, RealNameStatus][] = [
    ['none', 'submit', 'verifying'],
    ['rejected', 'submit', 'verifying'],
    ['verifying', 'verify', 'verified'],
    ['verifying', 'reject', 'rejected'],
  ];

  it.each(allowed)('%s --%s--> %s', (from, action, to) => {
    expect(realNameTransition(from, action)).toBe(to);
  });

  it('refuses every other move with a 409 naming the status', () => {
    const listed = new Set(allowed.map(([from, action]) => `${from}:${action}`));
    for (const from of REAL_NAME_STATUSES) {
      for (const action of REAL_NAME_ACTIONS) {
        if (listed.has(`${from}:${action}`)) continue;
        expect(nextRealNameStatus(from, action)).toBeNull();
        const error = (() => {
          try {
            realNameTransition(from, action);
          } catch (thrown) {
            return thrown;
          }
          return null;
        })();
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ code: ErrorCode.REAL_NAME_TRANSITION_REFUSED, httpStatus: 409, params: { status: from } });
      }
    }
  });

  it('lists exactly the tested moves; verified is final', () => {
    const table = Object.entries(REAL_NAME_TRANSITIONS).flatMap(([action, moves]) => Object.entries(moves).map(([from, to]) => [from, action, to]));
    expect(table.sort()).toEqual([...allowed].map((move) => [...move]).sort());
    const leaving = new Set(allowed.map(([from]) => from));
    expect(REAL_NAME_STATUSES.filter((status) => !leaving.has(status))).toEqual(['verified']);
  });
});

describe('realNameAction words', () => {
  it('names every action in refusals, in both languages', () => {
    for (const language of ['zh-CN', 'en'] as const) expect(Object.keys(messageWords[language].realNameAction).sort()).toEqual([...REAL_NAME_ACTIONS].sort());
  });
});
