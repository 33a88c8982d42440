/**
 * Contests contracts: the yearly sponsored photo and video contest, its entries, the judge portal
 * and the results (spec sections 2, 3, 5, 8 and 9). Times are ISO strings in UTC; the store shows
 * them in UTC+8. Money is integer fen.
 */
export type {
  ContestIdRequest,
  ContestListRequest,
  ContestFileStartRequest,
  ContestFilePartsRequest,
  ContestFileIdRequest,
  ContestEntrySubmitRequest,
  JudgeKeyRequest,
  JudgeWorksRequest,
  JudgeScoreRequest,
  WinnerInfoRequest,
  ContestSetup,
  CampaignSetup,
} from './schemas.js';

/**
 * The contest list's order (the spec's `orderBy`): newest first, or by submission deadline, soonest
 * first. The original client sends its sort fields as numbers, so 0 and 1 mean the same.
 */
export const CONTEST_LIST_ORDERS = ['newest', 'deadline'] as const;
export type ContestListOrder = (typeof CONTEST_LIST_ORDERS)[number];

/** `orderBy` as any client sends it: a name (any case) or its number (as a JSON number or digits); anything else is the default, newest. */
export function contestListOrder(value: unknown): ContestListOrder {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim().toLowerCase() : '';
  const byNumber = /^\d{1,3}$/.test(text) ? CONTEST_LIST_ORDERS[Number(text)] : undefined;
  return byNumber ?? CONTEST_LIST_ORDERS.find((order) => order === text) ?? 'newest';
}

/** Store call paths of the contests service (POST below /api). */
export const ContestCalls = {
  /** The spec's contest list: pageNo, pageSize (100), orderBy; returns collectingGameCount. */
  gameList: '/home/gameList',
  detail: '/contest/detail',
  results: '/contest/results',
  fileStart: '/contest/file/start',
  fileParts: '/contest/file/parts',
  fileFinish: '/contest/file/finish',
  entrySubmit: '/contest/entry/submit',
  myEntries: '/contest/entry/my',
  myPoints: '/contest/points/my',
  winnerInfo: '/contest/award/info',
  /** An owner or student award's proof: a signed link for one file, then the check of its bytes. */
  proofLink: '/contest/award/proof/link',
  proofFinish: '/contest/award/proof/finish',
  judgeSignIn: '/judge/signin',
  judgeWorks: '/judge/works',
  judgeScore: '/judge/score',
  /** A campaign page (/8k2021 … /fcb1year/m3) as kept in the console. */
  campaign: '/contest/campaign',
} as const;

/**
 * A contest's phases in the order they happen (spec section 5). Before the first it is
 * `upcoming`; after the last has ended it is `ended`.
 */
export const CONTEST_PHASES = ['submission', 'review', 'announcement', 'publicity', 'ceremony', 'exhibition'] as const;
export type ContestPhase = (typeof CONTEST_PHASES)[number];
export type ContestStage = 'upcoming' | ContestPhase | 'ended';

export interface PhaseWindow {
  startsAt: string;
  endsAt: string;
}
export type ContestPhases = Record<ContestPhase, PhaseWindow>;

/**
 * Where a contest stands at `now`: the phase whose window holds it; between two windows, the one
 * that began last (an announcement that came early still reads as the announcement).
 */
export function contestStage(phases: ContestPhases, now: Date): ContestStage {
  const at = now.getTime();
  if (at < Date.parse(phases.submission.startsAt)) return 'upcoming';
  if (at >= Date.parse(phases.exhibition.endsAt)) return 'ended';
  let stage: ContestStage = 'submission';
  for (const phase of CONTEST_PHASES) if (at >= Date.parse(phases[phase].startsAt)) stage = phase;
  return stage;
}

/**
 * The order phases must keep: each ends after it starts, and none starts before the previous one
 * started or ends before it ended. Returns the first phase that breaks it, or null.
 */
export function misorderedPhase(phases: ContestPhases): ContestPhase | null {
  let previous: PhaseWindow | null = null;
  for (const phase of CONTEST_PHASES) {
    const window = phases[phase];
    const starts = Date.parse(window.startsAt);
    const ends = Date.parse(window.endsAt);
    if (!(ends > starts)) return phase;
    if (previous && (starts < Date.parse(previous.endsAt) || ends < Date.parse(previous.endsAt))) return phase;
    previous = window;
  }
  return null;
}

export const CONTEST_TRACK_KINDS = ['video', 'photo'] as const;
export type ContestTrackKind = (typeof CONTEST_TRACK_KINDS)[number];

/** What an uploaded contest file is for: the video, its cover, or one photo of a group. */
export const CONTEST_FILE_ROLES = ['video', 'cover', 'photo'] as const;
export type ContestFileRole = (typeof CONTEST_FILE_ROLES)[number];

const MB = 1024 * 1024;

/** Entry rules of spec sections 8 and 9, checked on the server on the real content. */
export const CONTEST_LIMITS = {
  video: { maxBytes: 500 * MB, width: 1920, height: 1080, minSecondsExclusive: 30, maxSecondsExclusive: 300 },
  cover: { maxBytes: 2 * MB, width: 1920, height: 1080 },
  photo: { maxBytes: 5 * MB, maxLongSide: 30000 },
  group: { min: 5, max: 9 },
  /** The spec's limit of entries per track and participant: a new contest's default (each contest keeps its own). */
  entriesPerTrack: 15,
  entriesPerTrackCeiling: 100,
  /** The spec's rubric is out of 100; each contest scales it to its own maximum. */
  rubricBase: 100,
  maxScoreCeiling: 1000,
  /** Parts of a video upload; the store uploads 10 at once. */
  partBytes: 8 * MB,
  /** An award's proof: a photo of the licence or student card, or a PDF. */
  proofMaxBytes: 10 * MB,
  /** Two files this close (bits of 64, on any of their frames) are the same work. */
  sameWorkDistance: 6,
} as const;

/** The largest file each role accepts. */
export function maxBytesFor(role: ContestFileRole): number {
  return CONTEST_LIMITS[role].maxBytes;
}

/**
 * An entry's average as the console's standings and the published results show it: on the
 * rubric's scale (`CONTEST_LIMITS.rubricBase`, 100), whatever maximum the judges scored out of.
 */
export function formatAverageScore(averageScore: number): string {
  return averageScore.toFixed(2);
}

export const ENTRY_GENDERS = ['male', 'female', 'other'] as const;
export const ENTRY_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export interface ContestTrackView {
  id: number;
  kind: ContestTrackKind;
  title: string;
  rules: string;
}

export const PRIZE_ELIGIBILITIES = ['all', 'owner', 'student'] as const;
export type PrizeEligibility = (typeof PRIZE_ELIGIBILITIES)[number];

export interface ContestPrizeView {
  id: number;
  trackId: number | null;
  place: number;
  title: string;
  winners: number;
  cashFen: number;
  goods: string;
  eligibility: PrizeEligibility;
}

export interface ContestCard {
  id: number;
  title: string;
  bannerUrl: string | null;
  stage: ContestStage;
  phases: ContestPhases;
  trackCount: number;
  totalCashFen: number;
  resultsPublished: boolean;
}

export interface ContestListResponse {
  /** Contests in their submission phase, shown on the header's contests entry. */
  collectingGameCount: number;
  list: ContestCard[];
  total: number;
}

export interface ContestDetail extends ContestCard {
  rules: string;
  maxScore: number;
  pointsPool: number;
  winnerInfoDays: number;
  /** This contest's limit of entries per track and participant. */
  entriesPerTrack: number;
  tracks: ContestTrackView[];
  prizes: ContestPrizeView[];
}

/** An uploaded file as the server measured it; `url` is a short-lived link to look at it. */
export interface ContestFileView {
  id: string;
  role: ContestFileRole;
  fileName: string;
  size: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  url: string | null;
}

export interface ContestFileStarted {
  fileId: string;
  partSize: number;
  partCount: number;
  /** Signed PUT links of the parts asked for (all of them for up to 20 parts), by part number. */
  parts: { partNumber: number; url: string }[];
}

/** An entry as the console reads it: everything the participant gave, the review, and the files behind short-lived links. */
export interface EntryAdminView {
  id: number;
  contestId: number;
  trackId: number;
  userId: string;
  kind: ContestTrackKind;
  title: string;
  signature: string;
  location: string;
  intro: string;
  equipment: string;
  age: number;
  gender: string;
  ownerFlag: boolean;
  studentFlag: boolean;
  status: EntryStatus;
  rejectReason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  submittedAt: string;
  files: ContestFileView[];
}

export interface EntryView {
  id: number;
  contestId: number;
  trackId: number;
  trackTitle: string;
  kind: ContestTrackKind;
  title: string;
  status: EntryStatus;
  rejectReason: string | null;
  submittedAt: string;
  files: ContestFileView[];
}

export interface WinnerView {
  entryId: number;
  trackId: number;
  rank: number;
  place: number | null;
  prizeTitle: string | null;
  title: string;
  signature: string;
  kind: ContestTrackKind;
  averageScore: number;
  files: ContestFileView[];
}

export interface ContestResultsView {
  contestId: number;
  publishedAt: string;
  winners: WinnerView[];
}

/** One of my awards, with the deadline for giving my information. */
export interface MyAwardView {
  entryId: number;
  place: number | null;
  prizeTitle: string | null;
  infoDueAt: string;
  infoGiven: boolean;
  /** The entry claimed the owner or student award, so the winner sends proof (a picture or a PDF). */
  proofNeeded: boolean;
  proofGiven: boolean;
}

export interface MyEntriesResponse {
  entries: EntryView[];
  awards: MyAwardView[];
}

export interface MyPointsResponse {
  total: number;
  contests: { contestId: number; title: string; points: number; awardedAt: string }[];
}

export interface JudgeView {
  judgeId: string;
  name: string;
  contestId: number;
  contestTitle: string;
  maxScore: number;
  /** Kinds of the tracks on the key: the portal's type tabs. */
  kinds: ContestTrackKind[];
  reviewStartsAt: string;
  reviewEndsAt: string;
  /** Scores can be given or changed now. */
  open: boolean;
}

export interface JudgeWork {
  entryId: number;
  trackTitle: string;
  title: string;
  intro: string;
  kind: ContestTrackKind;
  myScore: number;
  files: ContestFileView[];
}

export interface JudgeWorksResponse {
  list: JudgeWork[];
  pageNo: number;
  pageSize: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** There are works on this key's tracks and the review window is open. */
  scorable: boolean;
}

/** A console view of one entry's standing: the judges' scores and where it ranks. */
export interface StandingView {
  entryId: number;
  trackId: number;
  title: string;
  userId: string;
  scores: number;
  averageScore: number;
  rank: number | null;
  place: number | null;
}

/**
 * The campaign pages of spec section 2, each kept in the console: the yearly /8k2021 to /8k2024,
 * /canon2022, /canon2022autumn and the contest landing /fcb1year with its m1 to m3 (a child's
 * slug joins the parent's with a dash).
 */
export const CAMPAIGN_PAGES = ['8k2021', '8k2022', '8k2023', '8k2024', 'canon2022', 'canon2022autumn', 'fcb1year', 'fcb1year-m1', 'fcb1year-m2', 'fcb1year-m3'] as const;
export type CampaignPage = (typeof CAMPAIGN_PAGES)[number];

/** The campaign a store path shows: "/fcb1year/m2" → "fcb1year-m2"; null for any other path. */
export function campaignOfPath(pathname: string): CampaignPage | null {
  const slug = pathname.replace(/^\/+|\/+$/g, '').replace(/\//g, '-');
  return (CAMPAIGN_PAGES as readonly string[]).includes(slug) ? (slug as CampaignPage) : null;
}

export interface CampaignView {
  slug: CampaignPage;
  title: string;
  subtitle: string;
  /** The banner staff chose, else a picture of the linked contest's best work, else none. */
  heroUrl: string | null;
  sections: { heading: string; text: string }[];
  contest: ContestCard | null;
  /** The linked contest's winners (published results only), best first. */
  winners: WinnerView[];
}
