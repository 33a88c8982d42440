import { awardPrizes, rankEntries, type PrizeRule, type ScoredEntry } from './ranking.js';
import { sharePoints } from './points-share.js';

const entry = (entryId: number, trackId: number, scores: number[], flags: Partial<Pick<ScoredEntry, 'ownerFlag' | 'studentFlag'>> = {}): ScoredEntry => ({
  entryId,
  trackId,
  userId: `user-${entryId}`,
  ownerFlag: flags.ownerFlag ?? false,
  studentFlag: flags.studentFlag ?? false,
  scores,
});
const prize = (prizeId: number, trackId: number | null, place: number, winners: number, eligibility: PrizeRule['eligibility'] = 'all'): PrizeRule => ({
  prizeId,
  trackId,
  place,
  winners,
  cashFen: place * 100,
  eligibility,
});

describe('rankEntries', () => {
  it('scales the mean of the scores to 100, ranks per track and leaves unscored entries out', () => {
    const standings = rankEntries([entry(1, 10, [40, 50]), entry(2, 10, [50]), entry(3, 10, []), entry(4, 20, [20])], 50);
    expect(standings).toEqual([
      { entryId: 2, trackId: 10, scoreCount: 1, averageScore: 100, rank: 1 },
      { entryId: 1, trackId: 10, scoreCount: 2, averageScore: 90, rank: 2 },
      { entryId: 4, trackId: 20, scoreCount: 1, averageScore: 40, rank: 1 },
    ]);
  });

  it('gives tied entries one rank and skips the places they take', () => {
    const ranks = rankEntries([entry(1, 1, [7]), entry(2, 1, [9]), entry(3, 1, [7]), entry(4, 1, [5])], 10).map((s) => [s.entryId, s.rank]);
    expect(ranks).toEqual([
      [2, 1],
      [1, 2],
      [3, 2],
      [4, 4],
    ]);
  });

  it('rounds to two decimals, so scores that differ only past them tie', () => {
    const standings = rankEntries([entry(1, 1, [4, 4, 5]), entry(2, 1, [4, 4, 4, 5]), entry(3, 1, [4])], 1000);
    expect(standings.map((s) => [s.entryId, s.averageScore, s.rank])).toEqual([
      [1, 0.43, 1],
      [2, 0.43, 1],
      [3, 0.4, 3],
    ]);
  });
});

describe('awardPrizes', () => {
  it('fills places in order per track and never splits a tie at the last winner', () => {
    const entries = [entry(1, 1, [90]), entry(2, 1, [80]), entry(3, 1, [80]), entry(4, 1, [70]), entry(5, 2, [60])];
    const awards = awardPrizes(entries, rankEntries(entries, 100), [prize(1, 1, 1, 1), prize(2, 1, 2, 1), prize(3, 1, 3, 1), prize(4, 2, 1, 1)]);
    expect(awards.map((a) => [a.entryId, a.place])).toEqual([
      [1, 1],
      [5, 1],
      [2, 2],
      [3, 2],
      [4, 3],
    ]);
  });

  it('gives contest-wide owner and student awards to eligible entries without a prize, across tracks', () => {
    const entries = [entry(1, 1, [95], { ownerFlag: true }), entry(2, 2, [85], { ownerFlag: true }), entry(3, 1, [50], { studentFlag: true }), entry(4, 2, [99])];
    const awards = awardPrizes(entries, rankEntries(entries, 100), [prize(1, 1, 1, 1), prize(2, 2, 1, 1), prize(3, null, 4, 1, 'owner'), prize(4, null, 5, 1, 'student')]);
    expect(awards.map((a) => [a.entryId, a.prizeId])).toEqual([
      [1, 1],
      [4, 2],
      [2, 3],
      [3, 4],
    ]);
  });

  it('gives a contest-wide prize of a place before the tracks’ prizes of that place', () => {
    const entries = [entry(1, 1, [99]), entry(2, 1, [90]), entry(3, 2, [80])];
    const awards = awardPrizes(entries, rankEntries(entries, 100), [prize(1, 1, 1, 1), prize(2, 2, 1, 1), prize(3, null, 1, 1)]);
    expect(awards.map((a) => [a.entryId, a.prizeId])).toEqual([
      [1, 3],
      [2, 1],
      [3, 2],
    ]);
  });

  it('awards nothing to unscored entries and leaves a prize empty when nobody qualifies', () => {
    const entries = [entry(1, 1, []), entry(2, 1, [10])];
    expect(awardPrizes(entries, rankEntries(entries, 10), [prize(1, 1, 1, 2), prize(2, null, 2, 1, 'student')]).map((a) => a.entryId)).toEqual([2]);
  });
});

describe('sharePoints', () => {
  it('shares the pool equally and gives the rest to the first entrants, adding up exactly', () => {
    const shares = sharePoints(1_000_000, ['a', 'b', 'c']);
    expect([...shares]).toEqual([
      ['a', 333_334],
      ['b', 333_333],
      ['c', 333_333],
    ]);
    expect([...shares.values()].reduce((s, v) => s + v, 0)).toBe(1_000_000);
  });

  it('shares nothing without participants or points', () => {
    expect(sharePoints(1_000_000, []).size).toBe(0);
    expect([...sharePoints(0, ['a']).values()]).toEqual([]);
  });
});
