import { isClosed, isRecorded, quarterOf, quarterRange } from './quarter.js';

describe('quarters in UTC+8', () => {
  it('puts the last evening of a quarter in China into the next quarter when it is already past midnight there', () => {
    expect(quarterOf(new Date('2025-03-31T15:59:59.999Z'))).toEqual({ year: 2025, quarter: 1 });
    expect(quarterOf(new Date('2025-03-31T16:00:00.000Z'))).toEqual({ year: 2025, quarter: 2 });
    expect(quarterOf(new Date('2025-12-31T16:00:00.000Z'))).toEqual({ year: 2026, quarter: 1 });
  });

  it('bounds a quarter by midnight in UTC+8', () => {
    expect(quarterRange({ year: 2025, quarter: 2 })).toEqual({ start: new Date('2025-03-31T16:00:00.000Z'), end: new Date('2025-06-30T16:00:00.000Z') });
    expect(quarterRange({ year: 2025, quarter: 4 }).end).toEqual(new Date('2025-12-31T16:00:00.000Z'));
  });

  it('closes a quarter at its end, not before', () => {
    expect(isClosed({ year: 2025, quarter: 2 }, new Date('2025-06-30T15:59:59.999Z'))).toBe(false);
    expect(isClosed({ year: 2025, quarter: 2 }, new Date('2025-06-30T16:00:00.000Z'))).toBe(true);
  });

  it('records statements from 2020 Q4', () => {
    expect(isRecorded({ year: 2020, quarter: 3 })).toBe(false);
    expect(isRecorded({ year: 2020, quarter: 4 })).toBe(true);
    expect(isRecorded({ year: 2021, quarter: 1 })).toBe(true);
  });
});
