import type { ContestPhases } from '@mkt/contracts/web';
import { contestHref, contestIdParam, isCurrent, offeredAwards, prizeLines, timeline } from './contestText';

const window = (from: string, to: string) => ({ startsAt: from, endsAt: to });
const phases: ContestPhases = {
  submission: window('2025-01-01T00:00:00Z', '2025-03-31T16:00:00Z'),
  review: window('2025-04-01T00:00:00Z', '2025-04-20T00:00:00Z'),
  announcement: window('2025-04-21T00:00:00Z', '2025-04-29T00:00:00Z'),
  publicity: window('2025-04-30T00:00:00Z', '2025-05-06T00:00:00Z'),
  ceremony: window('2025-05-10T00:00:00Z', '2025-05-11T00:00:00Z'),
  exhibition: window('2025-05-12T00:00:00Z', '2025-06-12T00:00:00Z'),
};

describe('contest pages', () => {
  it('send ended contests and published results to the winners, the rest to the detail page', () => {
    expect(contestHref({ id: 3, stage: 'ended', resultsPublished: false })).toBe('/postActivityDetail?id=3');
    expect(contestHref({ id: 3, stage: 'publicity', resultsPublished: true })).toBe('/postActivityDetail?id=3');
    expect(contestHref({ id: 3, stage: 'submission', resultsPublished: false })).toBe('/ActivityDetail?id=3');
    expect(isCurrent({ stage: 'upcoming' })).toBe(true);
    expect(isCurrent({ stage: 'ended' })).toBe(false);
  });

  it('mark the phase a contest is in on its timeline', () => {
    const marked = timeline({ phases, stage: 'review' }).filter((step) => step.current).map((step) => step.phase);
    expect(marked).toEqual(['review']);
    expect(timeline({ phases, stage: 'ended' }).some((step) => step.current)).toBe(false);
  });

  it('read only positive whole ids from the address', () => {
    expect(contestIdParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1e3', 'abc', '12345678901']) expect(contestIdParam(bad)).toBeNull();
  });

  it('show the same prize of several tracks as one line, contest-wide prizes of a place first', () => {
    const prize = (id: number, trackId: number | null, place: number, title: string, cashFen: number) => ({ id, trackId, place, title, winners: 1, cashFen, goods: '', eligibility: 'all' as const });
    const lines = prizeLines([prize(1, 10, 1, 'First', 800_000), prize(2, 11, 1, 'First', 800_000), prize(3, null, 1, 'Grand', 1_300_000), prize(4, 10, 2, 'Second', 300_000)]);
    expect(lines.map((line) => [line.title, line.trackIds])).toEqual([
      ['Grand', null],
      ['First', [10, 11]],
      ['Second', [10]],
    ]);
  });
});

describe('offeredAwards', () => {
  it('offers the owner and student boxes only for the awards the contest gives', () => {
    expect(offeredAwards([])).toEqual({ owner: false, student: false });
    expect(offeredAwards([{ eligibility: 'all' }, { eligibility: 'owner' }])).toEqual({ owner: true, student: false });
    expect(offeredAwards([{ eligibility: 'student' }, { eligibility: 'all' }])).toEqual({ owner: false, student: true });
  });
});
