import { STATEMENT_STATUSES, type StatementStatus, messageWords } from '@mkt/contracts';
import { AppError } from '@mkt/platform';
import { STATEMENT_ACTIONS, STATEMENT_TRANSITIONS, nextStatementStatus, statementTransition, type StatementAction } from './statement-state-machine.js';

describe('statement state machine', () => {
  const allowed: [StatementStatus, StatementAction, StatementStatus][] = [
    ['toBeConfirmed', 'confirm', 'generated'],
    ['toBeConfirmed', 'reject', 'rejected'],
    ['rejected', 'correct', 'invalid'],
    ['generated', 'remit', 'remitted'],
  ];

  it.each(allowed)('%s --%s--> %s', (from, action, to) => {
    expect(statementTransition(from, action)).toBe(to);
  });

  it('refuses every other move', () => {
    const listed = new Set(allowed.map(([from, action]) => `${from}:${action}`));
    for (const from of STATEMENT_STATUSES) {
      for (const action of STATEMENT_ACTIONS) {
        if (listed.has(`${from}:${action}`)) continue;
        expect(nextStatementStatus(from, action)).toBeNull();
        expect(() => statementTransition(from, action)).toThrow(AppError);
      }
    }
  });

  it('lists exactly the tested moves; remitted and invalid are final', () => {
    const table = Object.entries(STATEMENT_TRANSITIONS).flatMap(([action, moves]) => Object.entries(moves).map(([from, to]) => [from, action, to]));
    expect(table.sort()).toEqual([...allowed].map((move) => [...move]).sort());
    const leaving = new Set(allowed.map(([from]) => from));
    expect(STATEMENT_STATUSES.filter((status) => !leaving.has(status)).sort()).toEqual(['invalid', 'remitted']);
  });
});

describe('statementAction words', () => {
  it('names every action in refusals, in both languages', () => {
    for (const language of ['zh-CN', 'en'] as const) expect(Object.keys(messageWords[language].statementAction).sort()).toEqual([...STATEMENT_ACTIONS].sort());
  });
});
