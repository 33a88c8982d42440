import { formatShanghai } from './time';

describe('formatShanghai', () => {
  it('shows UTC instants in UTC+8', () => {
    expect(formatShanghai('2025-06-03T16:30:00.000Z')).toBe('2025-06-04 00:30');
    expect(formatShanghai('2024-12-31T15:59:00Z')).toBe('2024-12-31 23:59');
    expect(formatShanghai('2024-12-31T16:00:00Z')).toBe('2025-01-01 00:00');
  });

  it('is empty for missing or invalid dates', () => {
    expect(formatShanghai(null)).toBe('');
    expect(formatShanghai(undefined)).toBe('');
    expect(formatShanghai('not a date')).toBe('');
  });
});
