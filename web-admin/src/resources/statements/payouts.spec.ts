import { isRemittable, latestClosedQuarter, parseContributorId, parseQuarter, quarterLabel, remittanceFileName, shanghaiQuarterOf, statementYears, withByteOrderMark } from './payouts';

describe('statement quarters', () => {
  it('reads the quarter in UTC+8, as the payouts service does', () => {
    // 23:00 on 31 March in Beijing is still Q1; 00:30 on 1 April is Q2.
    expect(shanghaiQuarterOf(new Date('2025-03-31T15:00:00Z'))).toEqual({ year: 2025, quarter: 1 });
    expect(shanghaiQuarterOf(new Date('2025-03-31T16:30:00Z'))).toEqual({ year: 2025, quarter: 2 });
    expect(shanghaiQuarterOf(new Date('2025-12-31T16:00:00Z'))).toEqual({ year: 2026, quarter: 1 });
  });

  it('offers the quarter before the current one, across the new year', () => {
    expect(latestClosedQuarter(new Date('2025-05-10T00:00:00Z'))).toEqual({ year: 2025, quarter: 1 });
    expect(latestClosedQuarter(new Date('2026-01-01T01:00:00Z'))).toEqual({ year: 2025, quarter: 4 });
    expect(latestClosedQuarter(new Date('2025-12-31T15:59:00Z'))).toEqual({ year: 2025, quarter: 3 });
  });

  it('accepts a year from 2020 and a quarter 1 to 4, and leaves open quarters to the server', () => {
    expect(parseQuarter('2025', '1')).toEqual({ year: 2025, quarter: 1 });
    expect(parseQuarter(' 2099 ', '4')).toEqual({ year: 2099, quarter: 4 });
    expect(parseQuarter('2019', '4')).toBeNull();
    expect(parseQuarter('2025', '5')).toBeNull();
    expect(parseQuarter('2025', '0')).toBeNull();
    expect(parseQuarter('25', '1')).toBeNull();
    expect(parseQuarter('2025.5', '1')).toBeNull();
    expect(parseQuarter('', '')).toBeNull();
  });

  it('lists the years from this one back to 2020', () => {
    expect(statementYears(new Date('2023-02-01T00:00:00Z'))).toEqual([2023, 2022, 2021, 2020]);
    expect(statementYears(new Date('2023-12-31T17:00:00Z'))[0]).toBe(2024);
    expect(quarterLabel({ year: 2025, quarter: 1 })).toBe('2025 Q1');
  });
});

describe('statement helpers', () => {
  it('takes a pasted contributor id and refuses anything else', () => {
    expect(parseContributorId('  5F0C9C1E-8D1A-4C55-9C1E-2B7A0F3E4D21\n')).toBe('5f0c9c1e-8d1a-4c55-9c1e-2b7a0f3e4d21');
    expect(parseContributorId('13800000002')).toBeNull();
    expect(parseContributorId('5f0c9c1e-8d1a-4c55-9c1e-2b7a0f3e4d2')).toBeNull();
    expect(parseContributorId('')).toBeNull();
  });

  it('remits only confirmed statements', () => {
    expect(isRemittable('generated')).toBe(true);
    for (const status of ['toBeConfirmed', 'rejected', 'remitted', 'invalid'] as const) expect(isRemittable(status)).toBe(false);
  });

  it('names the bank file after its batch and keeps the byte-order mark spreadsheets need', () => {
    expect(remittanceFileName('R20250401083000-1a2b3c4d')).toBe('remittance-R20250401083000-1a2b3c4d.csv');
    expect(remittanceFileName('a/../b c')).toBe('remittance-a_.._b_c.csv');
    expect(withByteOrderMark('id,net\r\n')).toBe('\uFEFFid,net\r\n');
    expect(withByteOrderMark('\uFEFFid,net\r\n')).toBe('\uFEFFid,net\r\n');
  });
});
