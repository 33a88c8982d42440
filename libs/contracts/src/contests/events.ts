import { z } from 'zod';
import { defineEvent } from '../events.js';
import { CONTEST_TRACK_KINDS } from './api.js';

/** A participant entered a work in a contest track (it waits for the entry review and the judges). */
export const ContestEntrySubmitted = defineEvent(
  'contest.entry.submitted',
  1,
  z.object({ entryId: z.number().int(), contestId: z.number().int(), trackId: z.number().int(), userId: z.uuid(), kind: z.enum(CONTEST_TRACK_KINDS), submittedAt: z.string() }),
);

/** A judge gave or changed a score (0 takes it back). */
export const ContestEntryScored = defineEvent(
  'contest.entry.scored',
  1,
  z.object({ entryId: z.number().int(), contestId: z.number().int(), judgeId: z.uuid(), score: z.number().int(), scoredAt: z.string() }),
);

/** Staff published a contest's results: the awards per track and the points each participant received. */
export const ContestResultsPublished = defineEvent(
  'contest.results.published',
  1,
  z.object({
    contestId: z.number().int(),
    publishedAt: z.string(),
    awards: z.array(z.object({ entryId: z.number().int(), userId: z.uuid(), trackId: z.number().int(), place: z.number().int(), cashFen: z.number().int() })),
    points: z.array(z.object({ userId: z.uuid(), points: z.number().int() })),
  }),
);
