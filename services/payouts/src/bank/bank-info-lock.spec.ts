import { bankInfoUnlocksAt, isBankInfoLocked } from './bank-info-lock.js';

describe('yearly bank-info lock', () => {
  it('unlocks on the same UTC+8 day a year later', () => {
    // 23:30 on 31 Dec 2025 in Beijing is 15:30 UTC: the unlock is 23:30 on 31 Dec 2026, Beijing time.
    expect(bankInfoUnlocksAt(new Date('2025-12-31T15:30:00Z')).toISOString()).toBe('2026-12-31T15:30:00.000Z');
  });

  it('moves 29 February to 1 March', () => {
    expect(bankInfoUnlocksAt(new Date('2028-02-29T04:00:00Z')).toISOString()).toBe('2029-03-01T04:00:00.000Z');
  });

  it('is locked until that moment and not after', () => {
    const verified = new Date('2026-03-10T02:00:00Z');
    expect(isBankInfoLocked(verified, new Date('2027-03-10T01:59:59Z'))).toBe(true);
    expect(isBankInfoLocked(verified, new Date('2027-03-10T02:00:00Z'))).toBe(false);
    expect(isBankInfoLocked(null, new Date())).toBe(false);
  });
});
