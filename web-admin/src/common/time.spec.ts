import { formatShanghai, fromShanghaiInput, toShanghaiInput } from './time';

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

describe('datetime-local inputs in UTC+8', () => {
  it('shows an instant as the input value in UTC+8', () => {
    expect(toShanghaiInput('2026-12-31T15:59:00.000Z')).toBe('2026-12-31T23:59');
    expect(toShanghaiInput('2026-06-30T23:59:00+08:00')).toBe('2026-06-30T23:59');
    expect(toShanghaiInput('2026-06-30T23:59')).toBe('2026-06-30T23:59');
    expect(toShanghaiInput(null)).toBe('');
    expect(toShanghaiInput('')).toBe('');
  });

  it('reads the input value as UTC+8 and an empty input as no date', () => {
    expect(fromShanghaiInput('2026-12-31T23:59')).toBe('2026-12-31T15:59:00.000Z');
    expect(fromShanghaiInput('2027-01-01T07:30')).toBe('2026-12-31T23:30:00.000Z');
    expect(fromShanghaiInput('2026-12-31T23:59:59')).toBe('2026-12-31T15:59:59.000Z');
    expect(fromShanghaiInput('')).toBeNull();
    expect(fromShanghaiInput(null)).toBeNull();
  });

  it('goes back and forth without drifting', () => {
    expect(fromShanghaiInput(toShanghaiInput('2026-03-01T04:05:00.000Z'))).toBe('2026-03-01T04:05:00.000Z');
  });
});
