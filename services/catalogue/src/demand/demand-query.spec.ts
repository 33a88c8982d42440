import { addDays, demandDay, firstKeptDay, windowDays } from './demand-calendar.js';
import { normalizeDemandQuery } from './demand-query.js';

describe('normalizeDemandQuery', () => {
  it('counts the same words typed differently as one query', () => {
    expect(normalizeDemandQuery('  City   Night ')).toBe('city night');
    expect(normalizeDemandQuery('ＣＩＴＹ\u3000ｎｉｇｈｔ')).toBe('city night');
    expect(normalizeDemandQuery('攝影機')).toBe('摄影机');
    expect(normalizeDemandQuery('Drone\tShot\n')).toBe('drone shot');
  });

  it('drops invisible characters, NUL included (PostgreSQL text refuses it)', () => {
    expect(normalizeDemandQuery('sun\u0000set\u200b')).toBe('sun set');
    expect(normalizeDemandQuery('\u0000\u0001 ')).toBe('');
  });

  it('keeps punctuation that tells demands apart', () => {
    expect(normalizeDemandQuery('C++')).toBe('c++');
  });

  it('keeps at most 100 characters, never half of one', () => {
    expect(normalizeDemandQuery('山'.repeat(150))).toBe('山'.repeat(100));
    const emoji = normalizeDemandQuery('😀'.repeat(120));
    expect(Array.from(emoji)).toHaveLength(100);
    expect(normalizeDemandQuery(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
  });
});

describe('demand days (UTC+8)', () => {
  it('turns the day at 16:00 UTC', () => {
    expect(demandDay(new Date('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
    expect(demandDay(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });

  it('makes windows of whole days, today included, and the same length before', () => {
    expect(windowDays(7, new Date('2026-03-01T16:30:00Z'))).toEqual({ from: '2026-02-24', to: '2026-03-02', previousFrom: '2026-02-17', previousTo: '2026-02-23' });
    expect(windowDays(30, new Date('2026-03-01T00:00:00Z'))).toMatchObject({ from: '2026-01-31', to: '2026-03-01', previousTo: '2026-01-30' });
  });

  it('keeps 90 days, today included', () => {
    expect(firstKeptDay(90, new Date('2026-03-31T04:00:00Z'))).toBe(addDays('2026-03-31', -89));
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
