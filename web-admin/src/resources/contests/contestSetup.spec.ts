import { CONTEST_PHASES, contestSetupSchema, misorderedPhase } from '@mkt/contracts';
import { isAllowed } from '../../providers/access';
import { canPublish, defaultPhases, newContestValues, prizesWithoutTrack, toSetup, totalCashFen, validateContest } from './contestSetup';

const NOW = new Date('2025-03-01T10:00:00Z');

function filled() {
  return {
    ...newContestValues(NOW),
    id: 7,
    stage: 'upcoming',
    titleZh: '年度大赛',
    titleEn: 'Yearly contest',
    tracks: [
      { id: 3, kind: 'video', titleZh: '视频', titleEn: 'Video', rulesZh: '', rulesEn: '' },
      { kind: 'photo', titleZh: '图片', titleEn: 'Photo', rulesZh: null, rulesEn: null },
    ],
    prizes: [{ trackIndex: 1, place: 1, winners: 2, titleZh: '一等奖', titleEn: 'First prize', cashFen: 800_000, goodsZh: '', goodsEn: '', eligibility: 'all' }],
    createdAt: NOW.toISOString(),
  } as Record<string, unknown>;
}

describe('contest setup in the console', () => {
  it('plans six phases in order from the next midnight in UTC+8', () => {
    const phases = defaultPhases(NOW);
    expect(phases.submission.startsAt).toBe('2025-03-01T16:00:00.000Z');
    expect(misorderedPhase(phases)).toBeNull();
    expect(Object.keys(phases)).toEqual([...CONTEST_PHASES]);
  });

  it('sends exactly the setup: tracks keep their id, empty rules become empty text, an empty banner none', () => {
    const body = toSetup({ ...filled(), bannerUrl: '  ' });
    expect(Object.keys(body).sort()).toEqual(Object.keys(contestSetupSchema.shape).sort());
    expect(body.bannerUrl).toBeNull();
    expect(body.tracks).toEqual([
      { id: 3, kind: 'video', titleZh: '视频', titleEn: 'Video', rulesZh: '', rulesEn: '' },
      { kind: 'photo', titleZh: '图片', titleEn: 'Photo', rulesZh: '', rulesEn: '' },
    ]);
    expect(contestSetupSchema.safeParse(body).success).toBe(true);
    expect(validateContest(filled())).toEqual({});
  });

  it('marks the field inside phases, tracks and prizes that breaks a rule', () => {
    const values = filled();
    const phases = structuredClone(values.phases) as ReturnType<typeof defaultPhases>;
    phases.review.startsAt = phases.submission.startsAt;
    values.phases = phases;
    values.tracks = [{ kind: 'video', titleZh: '', titleEn: 'Video' }];
    values.prizes = [
      { trackIndex: 1, place: 1, winners: 1, titleZh: '一等奖', titleEn: 'First', cashFen: 100, eligibility: 'all' },
      { trackIndex: null, place: 2, winners: 1, titleZh: '二等奖', titleEn: 'Second', cashFen: '12.345', eligibility: 'all' },
      { trackIndex: null, place: 2, winners: 1, titleZh: '二等奖', titleEn: 'Second', cashFen: 100, eligibility: 'all' },
    ];
    type Tree = { [key: string]: Tree } & { [index: number]: Tree };
    const errors = validateContest(values) as unknown as Tree;
    expect(errors.phases.review.endsAt).toBe('resources.contests.validation.phase_overlaps');
    expect(errors.tracks[0].titleZh).toBe('ra.validation.required');
    expect(errors.prizes[0].trackIndex).toBe('resources.contests.validation.prize_track_missing');
    expect(errors.prizes[1].cashFen).toBeDefined();
    expect(errors.prizes[2].place).toBe('resources.contests.validation.place_twice');
  });

  it('adds up the prize money as the store does, and publishes only after the review', () => {
    expect(totalCashFen([{ cashFen: 800_000, winners: 2 }, { cashFen: 150_000, winners: 1 }])).toBe(1_750_000);
    const phases = defaultPhases(NOW);
    expect(canPublish({ phases, resultsPublishedAt: null }, NOW)).toBe(false);
    expect(canPublish({ phases, resultsPublishedAt: null }, new Date(phases.review.endsAt))).toBe(true);
    expect(canPublish({ phases, resultsPublishedAt: phases.review.endsAt }, new Date(phases.exhibition.endsAt))).toBe(false);
  });

  it('opens the contest resources to contest managers and admins only', () => {
    for (const resource of ['contests', 'contest-entries', 'contest-judges']) {
      expect(isAllowed(['contest-manager'], resource, 'list')).toBe(true);
      expect(isAllowed(['admin'], resource, 'show')).toBe(true);
      expect(isAllowed(['sales', 'finance', 'reviewer'], resource, 'list')).toBe(false);
      expect(isAllowed(['contest-manager'], resource, 'delete')).toBe(false);
    }
    expect(isAllowed(['contest-manager'], 'contest-entries', 'edit')).toBe(false);
  });

  it('takes a removed track’s prizes with it and moves the later tracks’ prizes up with their tracks', () => {
    const prizes = [
      { trackIndex: 0, place: 1 },
      { trackIndex: 1, place: 1 },
      { trackIndex: null, place: 1 },
      { trackIndex: 2, place: 2 },
      { trackIndex: 1, place: 2 },
    ];
    expect(prizesWithoutTrack(prizes, 1)).toEqual({
      prizes: [
        { trackIndex: 0, place: 1 },
        { trackIndex: null, place: 1 },
        { trackIndex: 1, place: 2 },
      ],
      dropped: 2,
    });
    expect(prizesWithoutTrack(prizes, 5)).toEqual({ prizes, dropped: 0 });
  });
});
