import type { PrizeEligibility } from '@mkt/contracts';

/**
 * How results are computed from the judges' scores (docs/adr/0019-contests.md, "Ranking"):
 *
 * 1. An entry's score is the mean of the scores its judges gave (0 means unscored and does not
 *    count), scaled to the rubric's 100 and rounded to two decimals. An entry nobody scored is
 *    not ranked.
 * 2. Entries rank per track by that score, highest first. Equal scores share a rank, and the
 *    next rank skips as many places ("1, 2, 2, 4"): ties are never broken by anything the judges
 *    did not say.
 * 3. Prizes go in order of place, the contest-wide ones before a track's of the same place (a grand
 *    prize takes the best work of all; its track's first prize then goes to the next). A prize
 *    takes the best-ranked entries in its scope that hold no prize yet and meet its eligibility
 *    (owner or student awards), as many as it has winners, and never splits a tie: entries tied
 *    with its last winner win it too. An entry wins one prize at most; each winner receives the
 *    prize's full cash.
 */
export interface ScoredEntry {
  entryId: number;
  trackId: number;
  userId: string;
  ownerFlag: boolean;
  studentFlag: boolean;
  /** The non-zero scores judges gave, each from 1 to the contest maximum. */
  scores: readonly number[];
}

export interface Standing {
  entryId: number;
  trackId: number;
  averageScore: number;
  scoreCount: number;
  rank: number;
}


export interface PrizeRule {
  prizeId: number;
  /** null: the whole contest. */
  trackId: number | null;
  place: number;
  winners: number;
  cashFen: number;
  eligibility: PrizeEligibility;
}

export interface Award {
  entryId: number;
  userId: string;
  trackId: number;
  prizeId: number;
  place: number;
  cashFen: number;
}

/** Rules 1 and 2: the standings of every scored entry, per track. */
export function rankEntries(entries: readonly ScoredEntry[], maxScore: number, rubricBase = 100): Standing[] {
  const scored = entries
    .filter((entry) => entry.scores.length > 0)
    .map((entry) => ({
      entryId: entry.entryId,
      trackId: entry.trackId,
      scoreCount: entry.scores.length,
      averageScore: Math.round((entry.scores.reduce((sum, score) => sum + score, 0) / entry.scores.length / maxScore) * rubricBase * 100) / 100,
    }));
  const byTrack = new Map<number, typeof scored>();
  for (const entry of scored) byTrack.set(entry.trackId, [...(byTrack.get(entry.trackId) ?? []), entry]);
  const standings: Standing[] = [];
  for (const track of byTrack.values()) {
    // Entry id only orders the output of tied entries; they keep the same rank.
    track.sort((a, b) => b.averageScore - a.averageScore || a.entryId - b.entryId);
    track.forEach((entry, index) => {
      const previous = standings[standings.length - 1];
      const rank = index > 0 && previous && previous.averageScore === entry.averageScore ? previous.rank : index + 1;
      standings.push({ ...entry, rank });
    });
  }
  return standings;
}

/** Rule 3: who wins which prize. */
export function awardPrizes(entries: readonly ScoredEntry[], standings: readonly Standing[], prizes: readonly PrizeRule[]): Award[] {
  const entryById = new Map(entries.map((entry) => [entry.entryId, entry]));
  // Contest-wide prizes compare scores across tracks.
  const ordered = [...standings].sort((a, b) => b.averageScore - a.averageScore || a.entryId - b.entryId);
  const awarded = new Map<number, Award>();
  const prizeOrder = [...prizes].sort((a, b) => a.place - b.place || Number(a.trackId !== null) - Number(b.trackId !== null) || a.prizeId - b.prizeId);
  for (const prize of prizeOrder) {
    const candidates = ordered.filter((standing) => {
      const entry = entryById.get(standing.entryId)!;
      if (awarded.has(standing.entryId)) return false;
      if (prize.trackId !== null && standing.trackId !== prize.trackId) return false;
      return prize.eligibility === 'all' || (prize.eligibility === 'owner' ? entry.ownerFlag : entry.studentFlag);
    });
    let lastScore: number | null = null;
    let taken = 0;
    for (const standing of candidates) {
      if (taken >= prize.winners && standing.averageScore !== lastScore) break;
      const entry = entryById.get(standing.entryId)!;
      awarded.set(standing.entryId, { entryId: entry.entryId, userId: entry.userId, trackId: entry.trackId, prizeId: prize.prizeId, place: prize.place, cashFen: prize.cashFen });
      lastScore = standing.averageScore;
      taken += 1;
    }
  }
  return [...awarded.values()];
}
