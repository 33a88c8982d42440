import { ErrorCode, messageWords } from '@mkt/contracts';
import { AppError } from '@mkt/platform';
import { BANK_INFO_ACTIONS, BANK_INFO_TRANSITIONS, bankInfoTransition } from './bank-info-lifecycle.js';

describe('bank info lifecycle', () => {
  it('lets finance verify or reject only a submission that waits', () => {
    expect(bankInfoTransition('verifying', 'verify')).toBe('verified');
    expect(bankInfoTransition('verifying', 'reject')).toBe('failed');
  });

  it.each([
    ['verified', 'verify'],
    ['verified', 'reject'],
    ['failed', 'verify'],
    ['failed', 'reject'],
  ] as const)('refuses to %s → %s with a 409 naming both', (from, action) => {
    try {
      bankInfoTransition(from, action);
      throw new Error('allowed');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(ErrorCode.BANK_INFO_TRANSITION_REFUSED);
      expect((error as AppError).params).toEqual({ status: from, action });
    }
  });

  it('has no way out of a final state', () => {
    for (const moves of Object.values(BANK_INFO_TRANSITIONS)) {
      expect(Object.keys(moves)).toEqual(['verifying']);
    }
  });
});

describe('bankInfoAction words', () => {
  it('names every action in refusals, in both languages', () => {
    for (const language of ['zh-CN', 'en'] as const) expect(Object.keys(messageWords[language].bankInfoAction).sort()).toEqual([...BANK_INFO_ACTIONS].sort());
  });
});
