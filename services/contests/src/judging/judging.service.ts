import { Injectable } from '@nestjs/common';
import { ErrorCode, type JudgeView, type JudgeWorksRequest, type JudgeWorksResponse, type Language } from '@mkt/contracts';
import { AppError, Clock, chinaDateTime } from '@mkt/platform';
import { EntriesRepository } from '../entries/entries.repository.js';
import { ContestFileLinks } from '../files/contest-file-links.js';
import { ContestSetupService } from '../setup/contest-setup.service.js';
import type { ContestAggregate } from '../setup/contests.repository.js';
import { hashJudgeKey, normaliseJudgeKey } from './judge-key.js';
import { JudgingRepository, type JudgeRow } from './judging.repository.js';
import { ScoreBatcher } from './score-batcher.js';
import { pick } from '../setup/contest-views.js';

const invalidKey = () => new AppError(ErrorCode.JUDGE_KEY_INVALID, 'judgeKeyInvalid');

/** How many keys' owners are remembered; a contest has tens of judges, so this bounds only abuse. */
const KEY_OWNERS_KEPT = 10_000;

/**
 * The judge portal (spec sections 5 and 9): a judge's key opens the works of the tracks it was
 * given, by type, a page at a time with short-lived links to look at them; scores are whole
 * numbers from 0 (unscored) to the contest's maximum, given or changed only while the review
 * phase is open and locked after it.
 */
@Injectable()
export class JudgingService {
  constructor(
    private readonly judging: JudgingRepository,
    private readonly entries: EntriesRepository,
    private readonly setup: ContestSetupService,
    private readonly links: ContestFileLinks,
    private readonly clock: Clock,
  ) {}

  /**
   * Key hash -> whose key: immutable, so kept without invalidation; a score still checks
   * revocation, tracks and the window in its own statement.
   */
  private readonly keyOwners = new Map<string, { judgeId: string; contestId: number }>();

  private readonly batcher = new ScoreBatcher((scores) => this.judging.scoreMany(scores));

  async signIn(key: string, language: Language): Promise<JudgeView> {
    const { judge, contest } = await this.open(key);
    const kinds = [...new Set(contest.tracks.filter((track) => judge.trackIds.includes(track.id)).map((track) => track.kind))];
    return {
      judgeId: judge.id,
      name: judge.name,
      contestId: contest.id,
      contestTitle: pick(language, contest.titleZh, contest.titleEn),
      maxScore: contest.maxScore,
      kinds,
      reviewStartsAt: contest.phases.review.startsAt,
      reviewEndsAt: contest.phases.review.endsAt,
      open: this.reviewOpen(contest),
    };
  }

  async works(request: JudgeWorksRequest, language: Language): Promise<JudgeWorksResponse> {
    const { judge, contest } = await this.open(request.key);
    const skip = (request.pageNo - 1) * request.pageSize;
    const { rows, total } = await this.judging.works(judge, request.type, skip, request.pageSize);
    const files = await this.entries.filesOf(rows.map((row) => row.id));
    const list = await Promise.all(
      rows.map(async (row) => {
        const track = contest.tracks.find((candidate) => candidate.id === row.trackId);
        return {
          entryId: row.id,
          trackTitle: track ? pick(language, track.titleZh, track.titleEn) : '',
          title: row.title,
          intro: row.intro,
          kind: row.kind,
          myScore: row.myScore,
          files: await this.links.views(files.filter((file) => file.entryId === row.id)),
        };
      }),
    );
    return {
      list,
      pageNo: request.pageNo,
      pageSize: request.pageSize,
      total,
      hasPrevious: request.pageNo > 1,
      hasNext: skip + rows.length < total,
      scorable: total > 0 && this.reviewOpen(contest),
    };
  }

  /**
   * The hot path of judging: one statement both checks and writes, shared with the scores of other
   * judges that arrive meanwhile (see ScoreBatcher and JudgingRepository.scoreMany); only a
   * refused score reads the contest again, to say why.
   */
  async score(key: string, entryId: number, score: number): Promise<{ entryId: number; score: number }> {
    const normalised = normaliseJudgeKey(key);
    if (!normalised) throw invalidKey();
    const keyHash = hashJudgeKey(normalised);
    const owner = await this.keyOwner(keyHash);
    if (!owner) throw invalidKey();
    if (await this.batcher.submit({ ...owner, entryId, score, scoredAt: this.clock.now() })) return { entryId, score };

    const context = await this.judging.scoringContext(keyHash);
    if (!context) throw invalidKey();
    if (!this.reviewOpen(context)) {
      throw new AppError(ErrorCode.JUDGE_WINDOW_CLOSED, 'judgeWindowClosed', { startsAt: chinaDateTime(new Date(context.phases.review.startsAt)), endsAt: chinaDateTime(new Date(context.phases.review.endsAt)) });
    }
    if (score > context.maxScore) throw new AppError(ErrorCode.JUDGE_SCORE_OUT_OF_RANGE, 'judgeScoreOutOfRange', { max: context.maxScore });
    throw new AppError(ErrorCode.JUDGE_WORK_NOT_FOUND, 'judgeWorkNotFound');
  }

  /** Scores are taken from the review phase's start until its end, and never after results are published. */
  private reviewOpen(contest: Pick<ContestAggregate, 'phases' | 'resultsPublishedAt'>): boolean {
    const at = this.clock.now().getTime();
    const { startsAt, endsAt } = contest.phases.review;
    return Date.parse(startsAt) <= at && at < Date.parse(endsAt) && contest.resultsPublishedAt === null;
  }

  private async keyOwner(keyHash: string): Promise<{ judgeId: string; contestId: number } | null> {
    const known = this.keyOwners.get(keyHash);
    if (known) return known;
    const owner = await this.judging.keyOwner(keyHash);
    if (!owner) return null;
    if (this.keyOwners.size >= KEY_OWNERS_KEPT) this.keyOwners.delete(this.keyOwners.keys().next().value!);
    this.keyOwners.set(keyHash, owner);
    return owner;
  }

  private async open(key: string): Promise<{ judge: JudgeRow; contest: ContestAggregate }> {
    const normalised = normaliseJudgeKey(key);
    const judge = normalised ? await this.judging.byKeyHash(hashJudgeKey(normalised)) : null;
    if (!judge) throw invalidKey();
    return { judge, contest: await this.setup.require(judge.contestId) };
  }
}
