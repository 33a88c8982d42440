import { periodStart, periodStarts } from '@mkt/contracts';
import { analyticsRange, wholeWeeksWithin } from './analytics-range.js';

describe('analytics periods', () => {
  it('starts weeks on Monday and quarters on their first month', () => {
    expect(periodStart('week', '2026-03-01')).toBe('2026-02-23'); // a Sunday
    expect(periodStart('week', '2026-03-02')).toBe('2026-03-02'); // a Monday
    expect(periodStart('quarter', '2026-06-30')).toBe('2026-04-01');
    expect(periodStart('quarter', '2026-12-31')).toBe('2026-10-01');
    expect(periodStart('day', '2026-05-05')).toBe('2026-05-05');
  });

  it('lists every period of a range, across a year end', () => {
    expect(periodStarts('quarter', '2025-11-15', '2026-02-01')).toEqual(['2025-10-01', '2026-01-01']);
    expect(periodStarts('day', '2025-12-31', '2026-01-02')).toEqual(['2025-12-31', '2026-01-01', '2026-01-02']);
  });
});

describe('wholeWeeksWithin', () => {
  it('finds the Monday-to-Sunday weeks inside a range of days', () => {
    // 2026-10-31 is a Saturday, 2026-11-29 a Sunday.
    expect(wholeWeeksWithin('2026-10-31', '2026-11-29')).toEqual({ firstWeek: '2026-11-02', lastWeek: '2026-11-23' });
    expect(wholeWeeksWithin('2026-11-02', '2026-11-08')).toEqual({ firstWeek: '2026-11-02', lastWeek: '2026-11-02' });
    expect(wholeWeeksWithin('2026-11-02', '2026-11-07')).toBeNull();
    expect(wholeWeeksWithin('2026-11-03', '2026-11-09')).toBeNull();
    expect(wholeWeeksWithin('2025-12-29', '2026-01-11')).toEqual({ firstWeek: '2025-12-29', lastWeek: '2026-01-05' });
  });
});

describe('analyticsRange', () => {
  it('covers the default number of whole periods up to today', () => {
    expect(analyticsRange('day', '2026-03-10')).toEqual(expect.objectContaining({ from: '2026-02-09', to: '2026-03-10' }));
    expect(analyticsRange('day', '2026-03-10')!.starts).toHaveLength(30);
    const weeks = analyticsRange('week', '2026-03-04')!; // a Wednesday
    expect(weeks.starts).toHaveLength(12);
    expect(weeks.to).toBe('2026-03-08');
    const quarters = analyticsRange('quarter', '2026-03-04')!;
    expect(quarters).toEqual(expect.objectContaining({ from: '2025-04-01', to: '2026-03-31' }));
  });

  it('widens a given range to whole periods', () => {
    expect(analyticsRange('week', '2026-03-10', '2026-03-04', '2026-03-04')).toEqual({ from: '2026-03-02', to: '2026-03-08', starts: ['2026-03-02'] });
    expect(analyticsRange('quarter', '2026-03-10', '2025-02-14', '2025-02-14')!.to).toBe('2025-03-31');
  });

  it('refuses a start after the end, before counting began, or more periods than allowed', () => {
    expect(analyticsRange('day', '2026-03-10', '2026-03-05', '2026-03-04')).toBeNull();
    expect(analyticsRange('day', '2026-03-10', '1999-01-01', '1999-01-02')).toBeNull();
    expect(analyticsRange('day', '2026-03-10', '2026-01-01', '2026-03-03')).not.toBeNull(); // 62 days
    expect(analyticsRange('day', '2026-03-10', '2026-01-01', '2026-03-04')).toBeNull(); // 63
    expect(analyticsRange('quarter', '2026-03-10', '2024-04-01', '2026-03-31')).not.toBeNull(); // 8
    expect(analyticsRange('quarter', '2026-03-10', '2024-01-01', '2026-03-31')).toBeNull(); // 9
  });
});
