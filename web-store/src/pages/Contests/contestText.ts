import { CONTEST_PHASES, type ContestCard, type ContestPrizeView, type ContestStage } from '@mkt/contracts/web';

/** Contests still to come or running: the list's first tab. Ended ones move to the second and to /postActivityList. */
export function isCurrent(contest: Pick<ContestCard, 'stage'>): boolean {
  return contest.stage !== 'ended';
}

/** Where a card leads: a contest with published results shows its winners, any other its detail page. */
export function contestHref(contest: Pick<ContestCard, 'id' | 'stage' | 'resultsPublished'>): string {
  return contest.stage === 'ended' || (contest.resultsPublished && contest.stage !== 'submission') ? `/postActivityDetail?id=${contest.id}` : `/ActivityDetail?id=${contest.id}`;
}

/** The phases as a timeline, with the one the contest is in marked. */
export function timeline(contest: Pick<ContestCard, 'phases' | 'stage'>): { phase: (typeof CONTEST_PHASES)[number]; startsAt: string; endsAt: string; current: boolean }[] {
  return CONTEST_PHASES.map((phase) => ({ phase, ...contest.phases[phase], current: contest.stage === phase }));
}

/** A positive whole contest id from the query string, or null. */
export function contestIdParam(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export const STAGE_TONE: Record<ContestStage, 'live' | 'soon' | 'done'> = {
  upcoming: 'soon',
  submission: 'live',
  review: 'live',
  announcement: 'live',
  publicity: 'live',
  ceremony: 'live',
  exhibition: 'live',
  ended: 'done',
};

/** The owner and student awards a contest gives: an entrant applies only for those. */
export function offeredAwards(prizes: readonly Pick<ContestPrizeView, 'eligibility'>[]): { owner: boolean; student: boolean } {
  return { owner: prizes.some((prize) => prize.eligibility === 'owner'), student: prizes.some((prize) => prize.eligibility === 'student') };
}

/** Prizes as a reader takes them in: the same prize in several tracks is one line that names them. */
export interface PrizeLine {
  key: string;
  title: string;
  place: number;
  cashFen: number;
  goods: string;
  eligibility: ContestPrizeView['eligibility'];
  winners: number;
  /** null: the whole contest. */
  trackIds: number[] | null;
}

export function prizeLines(prizes: readonly ContestPrizeView[]): PrizeLine[] {
  const lines = new Map<string, PrizeLine>();
  for (const prize of prizes) {
    const key = [prize.trackId === null ? 'contest' : 'track', prize.place, prize.title, prize.cashFen, prize.goods, prize.eligibility, prize.winners].join('|');
    const line = lines.get(key);
    if (line && line.trackIds && prize.trackId !== null) line.trackIds.push(prize.trackId);
    else lines.set(key, { key: `${key}|${prize.id}`, title: prize.title, place: prize.place, cashFen: prize.cashFen, goods: prize.goods, eligibility: prize.eligibility, winners: prize.winners, trackIds: prize.trackId === null ? null : [prize.trackId] });
  }
  return [...lines.values()].sort((a, b) => a.place - b.place || Number(a.trackIds !== null) - Number(b.trackIds !== null));
}
