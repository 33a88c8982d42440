import { CONTEST_LIMITS, CONTEST_PHASES, contestSetupSchema, misorderedPhase, type ContestPhase, type ContestPhases, type ContestStage, type ContestSetup, type ContestTrackKind, type PrizeEligibility } from '@mkt/contracts';
import { issueMessage, type SchemaIssue } from '../../common/validation';

/** A contest as the console reads it: the setup plus what only the server writes. */
export interface ContestRecord extends ContestSetup {
  id: number;
  stage: ContestStage;
  rubricBase: number;
  resultsPublishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TrackInput {
  id?: number;
  kind: ContestTrackKind;
  titleZh: string;
  titleEn: string;
  rulesZh?: string;
  rulesEn?: string;
}

export interface PrizeInput {
  trackIndex: number | null;
  place: number;
  winners: number;
  titleZh: string;
  titleEn: string;
  cashFen: number;
  goodsZh?: string;
  goodsEn?: string;
  eligibility: PrizeEligibility;
}

/** How long each phase lasts in a new contest, in days: a month of entries, two weeks of review, then the spec's stages. */
const DEFAULT_DAYS: Record<ContestPhase, number> = { submission: 30, review: 14, announcement: 3, publicity: 7, ceremony: 1, exhibition: 30 };
const DAY = 24 * 60 * 60 * 1000;
const UTC8 = 8 * 60 * 60 * 1000;

/**
 * Phases one after another from the next midnight in UTC+8, so a new contest opens with a plan
 * that already keeps the order the server requires; staff move the dates from there.
 */
export function defaultPhases(now: Date): ContestPhases {
  let at = Math.floor((now.getTime() + UTC8) / DAY) * DAY + DAY - UTC8;
  const phases = {} as ContestPhases;
  for (const phase of CONTEST_PHASES) {
    const startsAt = new Date(at).toISOString();
    at += DEFAULT_DAYS[phase] * DAY;
    phases[phase] = { startsAt, endsAt: new Date(at).toISOString() };
  }
  return phases;
}

export function newContestValues(now: Date): Partial<ContestSetup> {
  return {
    rulesZh: '',
    rulesEn: '',
    bannerUrl: null,
    maxScore: 100,
    pointsPool: 0,
    winnerInfoDays: 2,
    entriesPerTrack: CONTEST_LIMITS.entriesPerTrack,
    phases: defaultPhases(now),
    tracks: [{ kind: 'video', titleZh: '', titleEn: '', rulesZh: '', rulesEn: '' }],
    prizes: [],
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const blankToNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The PUT and POST body: exactly the setup's fields, tracks keeping their id (an existing track
 * keeps its entries and judges) and prizes naming their track by position.
 */
export function toSetup(values: Record<string, unknown>): Record<string, unknown> {
  const tracks = Array.isArray(values.tracks) ? (values.tracks as Partial<TrackInput>[]) : [];
  const prizes = Array.isArray(values.prizes) ? (values.prizes as Partial<PrizeInput>[]) : [];
  return {
    titleZh: values.titleZh,
    titleEn: values.titleEn,
    rulesZh: text(values.rulesZh),
    rulesEn: text(values.rulesEn),
    bannerUrl: blankToNull(values.bannerUrl),
    maxScore: values.maxScore,
    pointsPool: values.pointsPool,
    winnerInfoDays: values.winnerInfoDays,
    entriesPerTrack: values.entriesPerTrack,
    phases: values.phases,
    tracks: tracks.map((track) => ({
      ...(typeof track.id === 'number' ? { id: track.id } : {}),
      kind: track.kind,
      titleZh: track.titleZh,
      titleEn: track.titleEn,
      rulesZh: text(track.rulesZh),
      rulesEn: text(track.rulesEn),
    })),
    prizes: prizes.map((prize) => ({
      trackIndex: prize.trackIndex ?? null,
      place: prize.place,
      winners: prize.winners,
      titleZh: prize.titleZh,
      titleEn: prize.titleEn,
      cashFen: prize.cashFen,
      goodsZh: text(prize.goodsZh),
      goodsEn: text(prize.goodsEn),
      eligibility: prize.eligibility ?? 'all',
    })),
  };
}

type Message = ReturnType<typeof issueMessage>;
type Errors = Record<string, unknown>;

/** Puts `message` at `path` in a nested error object (arrays for list items), keeping the first message of a field. */
function place(errors: Errors, path: readonly PropertyKey[], message: Message): void {
  let node: Record<PropertyKey, unknown> = errors;
  path.forEach((key, index) => {
    const last = index === path.length - 1;
    if (last) {
      if (!(key in node)) node[key] = message;
      return;
    }
    const next = path[index + 1];
    if (node[key] === undefined) node[key] = typeof next === 'number' ? [] : {};
    // A field already marked as a whole keeps that message.
    if (typeof node[key] !== 'object' || node[key] === null || 'message' in (node[key] as object)) return;
    node = node[key] as Record<PropertyKey, unknown>;
  });
}

/** react-admin walks every item of an error array: gaps become empty objects. */
function fillGaps(value: unknown): void {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) if (value[index] === undefined) value[index] = {};
    value.forEach(fillGaps);
  } else if (value && typeof value === 'object' && !('message' in value)) Object.values(value).forEach(fillGaps);
}

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined), values);
}

/**
 * The contest form's validation: the shared schema, field by field (inside phases, tracks and
 * prizes too), plus the rules the server checks beyond it, so staff see them on the field rather
 * than as a refusal: phases in order, prizes on tracks that exist, a place once per track.
 */
export function validateContest(values: Record<string, unknown>): Errors {
  const setup = toSetup(values);
  const errors: Errors = {};
  const result = contestSetupSchema.safeParse(setup);
  if (!result.success) {
    for (const issue of result.error.issues as SchemaIssue[]) place(errors, issue.path, issueMessage(issue, valueAt(setup, issue.path)));
  }
  const phases = setup.phases as ContestPhases | undefined;
  const phasesComplete = !!phases && CONTEST_PHASES.every((phase) => phases[phase] && !Number.isNaN(Date.parse(phases[phase].startsAt)) && !Number.isNaN(Date.parse(phases[phase].endsAt)));
  if (phasesComplete) {
    const wrong = misorderedPhase(phases);
    if (wrong) place(errors, ['phases', wrong, 'endsAt'], Date.parse(phases[wrong].endsAt) > Date.parse(phases[wrong].startsAt) ? 'resources.contests.validation.phase_overlaps' : 'resources.contests.validation.phase_ends_first');
  }
  const tracks = setup.tracks as unknown[];
  const seen = new Set<string>();
  (setup.prizes as PrizeInput[]).forEach((prize, index) => {
    if (prize.trackIndex !== null && prize.trackIndex >= tracks.length) place(errors, ['prizes', index, 'trackIndex'], 'resources.contests.validation.prize_track_missing');
    const key = `${prize.trackIndex}:${prize.place}:${prize.eligibility}`;
    if (seen.has(key)) place(errors, ['prizes', index, 'place'], 'resources.contests.validation.place_twice');
    seen.add(key);
  });
  fillGaps(errors);
  return errors;
}

/**
 * The prizes once track `removed` is gone: prizes name their track by position, so the removed
 * track's prizes go with it and the later tracks' prizes move up one place with their tracks.
 */
export function prizesWithoutTrack<P extends Pick<PrizeInput, 'trackIndex'>>(prizes: readonly P[], removed: number): { prizes: P[]; dropped: number } {
  const kept = prizes.filter((prize) => prize.trackIndex !== removed);
  return {
    prizes: kept.map((prize) => (prize.trackIndex !== null && prize.trackIndex > removed ? { ...prize, trackIndex: prize.trackIndex - 1 } : prize)),
    dropped: prizes.length - kept.length,
  };
}

/** The prizes' total cash, as the store adds it up: each prize's cash times its winners. */
export function totalCashFen(prizes: readonly Pick<PrizeInput, 'cashFen' | 'winners'>[]): number {
  return prizes.reduce((sum, prize) => sum + (Number.isInteger(prize.cashFen) ? prize.cashFen : 0) * (Number.isInteger(prize.winners) ? prize.winners : 0), 0);
}

/** A track's label where prizes and judges choose it: its position, its name in the console's language, its kind. */
export function trackLabel(index: number, title: string, kind: string): string {
  return `${index + 1}. ${title || '—'} · ${kind}`;
}

/** Results can be published once the review has ended, and only once. */
export function canPublish(record: Pick<ContestRecord, 'phases' | 'resultsPublishedAt'>, now: Date): boolean {
  return record.resultsPublishedAt === null && now.getTime() >= Date.parse(record.phases.review.endsAt);
}

/** The setup can no longer change once results are out: the published results were computed from it. */
export const isLocked = (record: Pick<ContestRecord, 'resultsPublishedAt'>): boolean => record.resultsPublishedAt !== null;
