import { z } from 'zod';
import { normaliseText, lineText } from '../text.js';
import { serialId, wholeNumber } from '../wire-numbers.js';
import { CAMPAIGN_PAGES, CONTEST_FILE_ROLES, contestListOrder, CONTEST_LIMITS, CONTEST_PHASES, CONTEST_TRACK_KINDS, ENTRY_GENDERS, ENTRY_STATUSES, PRIZE_ELIGIBILITIES, type ContestPhase } from './api.js';

/** Multi-line text (rules, intros): normalised, line breaks kept. */
const longText = (min: number, max: number) => z.string().overwrite(normaliseText).overwrite((value) => value.trim()).min(min).max(max);
const optionalLine = (max: number) => lineText(0, max).default('');
/** A picture staff link to: on the web, or a path on this site (a catalogue rendition). */
const link = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/|\/)[^\s<>"']*$/, 'a link');

export const contestListRequestSchema = z.object({
  pageNo: wholeNumber(1, 10_000).default(1),
  pageSize: wholeNumber(1, 100).default(100),
  /** newest first (the default, 0), or by submission deadline, soonest first (1); an unknown value is the default. */
  orderBy: z.union([z.number(), z.string(), z.null()]).optional().catch(undefined).transform(contestListOrder),
});
export type ContestListRequest = z.output<typeof contestListRequestSchema>;
export const contestIdRequestSchema = z.object({ id: serialId() });
export type ContestIdRequest = z.output<typeof contestIdRequestSchema>;

export const contestFileStartSchema = z.object({
  contestId: serialId(),
  trackId: serialId(),
  role: z.enum(CONTEST_FILE_ROLES),
  fileName: lineText(1, 200),
  // Any size the browser may report: an oversized file is told so with its size, not a generic refusal.
  fileSize: wholeNumber(1, Number.MAX_SAFE_INTEGER),
});
export type ContestFileStartRequest = z.output<typeof contestFileStartSchema>;
export const contestFilePartsSchema = z.object({ fileId: z.uuid(), partNumbers: z.array(wholeNumber(1, 10_000)).min(1).max(100) });
export type ContestFilePartsRequest = z.output<typeof contestFilePartsSchema>;
export const contestFileIdSchema = z.object({ fileId: z.uuid() });
export type ContestFileIdRequest = z.output<typeof contestFileIdSchema>;

/**
 * An entry as the form sends it. Text fields may arrive empty: the service answers the spec's
 * "fill in the complete information" for any that is, rather than a list of field names.
 */
export const contestEntrySubmitSchema = z.object({
  contestId: serialId(),
  trackId: serialId(),
  type: z.enum(CONTEST_TRACK_KINDS),
  title: optionalLine(100),
  signature: optionalLine(50),
  location: optionalLine(100),
  intro: longText(0, 2000).default(''),
  equipment: optionalLine(200),
  age: wholeNumber(0, 150).nullable().default(null),
  gender: z.enum(ENTRY_GENDERS).nullable().default(null),
  ownerFlag: z.boolean().default(false),
  studentFlag: z.boolean().default(false),
  /** No composites, no AI generation (spec section 9). */
  declaration: z.boolean().default(false),
  /** The video track's video and cover, or the photo group's photos in order. */
  fileIds: z.array(z.uuid()).max(20).default([]),
});
export type ContestEntrySubmitRequest = z.output<typeof contestEntrySubmitSchema>;
export const myEntriesRequestSchema = z.object({ contestId: serialId().optional() });

export const judgeKeySchema = z.object({ key: z.string().max(200) });
export type JudgeKeyRequest = z.output<typeof judgeKeySchema>;
export const judgeWorksSchema = judgeKeySchema.extend({
  type: z.enum(CONTEST_TRACK_KINDS),
  pageNo: wholeNumber(1, 100_000).default(1),
  pageSize: wholeNumber(1, 50).default(12),
});
export type JudgeWorksRequest = z.output<typeof judgeWorksSchema>;
export const judgeScoreSchema = judgeKeySchema.extend({ entryId: serialId(), score: wholeNumber(0, CONTEST_LIMITS.maxScoreCeiling) });
export type JudgeScoreRequest = z.output<typeof judgeScoreSchema>;

export const winnerInfoSchema = z.object({
  entryId: serialId(),
  realName: lineText(1, 50),
  phone: z.string().trim().regex(/^\+?[0-9 -]{6,20}$/, 'a phone number'),
  address: lineText(1, 200),
});
export type WinnerInfoRequest = z.output<typeof winnerInfoSchema>;
export const proofLinkSchema = z.object({ entryId: serialId(), fileName: lineText(1, 200), fileSize: wholeNumber(1, Number.MAX_SAFE_INTEGER) });
export type ProofLinkRequest = z.output<typeof proofLinkSchema>;
export const proofFinishSchema = z.object({ entryId: serialId() });

// --- console ---

const isoTime = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());
const phaseWindow = z.object({ startsAt: isoTime, endsAt: isoTime });
const phasesShape = Object.fromEntries(CONTEST_PHASES.map((phase) => [phase, phaseWindow])) as Record<ContestPhase, typeof phaseWindow>;

export const contestTrackInputSchema = z.object({
  /** Present for a track that exists; a track with entries keeps its kind. */
  id: serialId().optional(),
  kind: z.enum(CONTEST_TRACK_KINDS),
  titleZh: lineText(1, 100),
  titleEn: lineText(1, 100),
  rulesZh: longText(0, 5000).default(''),
  rulesEn: longText(0, 5000).default(''),
});

export const contestPrizeInputSchema = z.object({
  /** Position of the track in `tracks` (0-based); null for a prize of the whole contest. */
  trackIndex: z.number().int().min(0).max(11).nullable(),
  place: z.number().int().min(1).max(20),
  winners: z.number().int().min(1).max(100),
  titleZh: lineText(1, 100),
  titleEn: lineText(1, 100),
  cashFen: z.number().int().min(0).max(100_000_000_00),
  /** Who may win it: any entry, or only entries that claimed the owner or student award (with proof later). */
  eligibility: z.enum(PRIZE_ELIGIBILITIES).default('all'),
  goodsZh: optionalLine(200),
  goodsEn: optionalLine(200),
});

export const contestSetupSchema = z.object({
  titleZh: lineText(1, 100),
  titleEn: lineText(1, 100),
  rulesZh: longText(0, 20_000).default(''),
  rulesEn: longText(0, 20_000).default(''),
  /** A catalogue image shown as the banner (an http(s) or site-relative link), or none. */
  bannerUrl: link.nullable().default(null),
  maxScore: z.number().int().min(1).max(CONTEST_LIMITS.maxScoreCeiling),
  pointsPool: z.number().int().min(0).max(1_000_000_000),
  winnerInfoDays: z.number().int().min(1).max(30).default(2),
  /** Entries a participant may send per track (the spec's 15 unless the contest says otherwise). */
  entriesPerTrack: z.number().int().min(1).max(CONTEST_LIMITS.entriesPerTrackCeiling).default(CONTEST_LIMITS.entriesPerTrack),
  phases: z.object(phasesShape),
  tracks: z.array(contestTrackInputSchema).min(1).max(12),
  prizes: z.array(contestPrizeInputSchema).max(60).default([]),
});
export type ContestSetup = z.output<typeof contestSetupSchema>;

export const contestFilterSchema = z.object({ q: z.string().max(100), id: z.array(serialId()).max(500) }).partial();
export const judgeCreateSchema = z.object({ contestId: serialId(), name: lineText(1, 50), trackIds: z.array(serialId()).min(1).max(12) });
export const judgeUpdateSchema = z.object({ name: lineText(1, 50), trackIds: z.array(serialId()).min(1).max(12) });
export const judgeFilterSchema = z.object({ contestId: serialId(), id: z.array(z.uuid()).max(500) }).partial();
export const entryFilterSchema = z
  .object({ contestId: serialId(), trackId: serialId(), status: z.enum(ENTRY_STATUSES), q: z.string().max(100), id: z.array(serialId()).max(500) })
  .partial();
export const campaignRequestSchema = z.object({ slug: z.enum(CAMPAIGN_PAGES) });

/** Console: a campaign page's content. Its slug is the route it is shown on. */
export const campaignSetupSchema = z.object({
  slug: z.enum(CAMPAIGN_PAGES),
  contestId: serialId().nullable().default(null),
  titleZh: lineText(1, 100),
  titleEn: lineText(1, 100),
  subtitleZh: optionalLine(200),
  subtitleEn: optionalLine(200),
  bannerUrl: link.nullable().default(null),
  sections: z
    .array(z.object({ headingZh: optionalLine(100), headingEn: optionalLine(100), textZh: longText(0, 5000).default(''), textEn: longText(0, 5000).default('') }))
    .max(12)
    .default([]),
  winnersShown: z.number().int().min(0).max(24).default(6),
  published: z.boolean().default(true),
});
export type CampaignSetup = z.output<typeof campaignSetupSchema>;
export const campaignUpdateSchema = campaignSetupSchema.omit({ slug: true });
export const campaignFilterSchema = z.object({ id: z.array(z.enum(CAMPAIGN_PAGES)).max(20) }).partial();

export const entryRejectSchema = z.object({ reason: lineText(1, 200) });
