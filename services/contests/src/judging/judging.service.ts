import { Injectable } from '@nestjs/common';
import { ContestEntryScored, ErrorCode, contestStage, type JudgeView, type JudgeWorksRequest, type JudgeWorksResponse, type Language } from '@mkt/contracts';
import { AppError, Clock, OutboxWriter, chinaDateTime } from '@mkt/platform';
import { EntriesRepository } from '../entries/entries.repository.js';
import { ContestFileLinks } from '../files/contest-file-links.js';
import { ContestSetupService } from '../setup/contest-setup.service.js';
import type { ContestAggregate } from '../setup/contests.repository.js';
import { hashJudgeKey, normaliseJudgeKey } from './judge-key.js';
import { JudgingRepository, type JudgeRow } from './judging.repository.js';
import { pick } from '../setup/contest-views.js';

const invalidKey = () => new AppError(ErrorCode.JUDGE_KEY_INVALID, 'judgeKeyInvalid');

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
    private readonly outbox: OutboxWriter,
  ) {}

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

  async score(key: string, entryId: number, score: number): Promise<{ entryId: number; score: number }> {
    const normalised = normaliseJudgeKey(key);
    const context = normalised ? await this.judging.scoringContext(hashJudgeKey(normalised)) : null;
    if (!context) throw invalidKey();
    if (!this.reviewOpen(context)) {
      throw new AppError(ErrorCode.JUDGE_WINDOW_CLOSED, 'judgeWindowClosed', { startsAt: chinaDateTime(new Date(context.phases.review.startsAt)), endsAt: chinaDateTime(new Date(context.phases.review.endsAt)) });
    }
    if (score > context.maxScore) throw new AppError(ErrorCode.JUDGE_SCORE_OUT_OF_RANGE, 'judgeScoreOutOfRange', { max: context.maxScore });
    const now = this.clock.now();
    await this.judging.transaction(async (manager) => {
      if (!(await this.judging.score(manager, context, entryId, score, now))) throw new AppError(ErrorCode.JUDGE_WORK_NOT_FOUND, 'judgeWorkNotFound');
      await this.outbox.add(manager, ContestEntryScored, String(entryId), { entryId, contestId: context.contestId, judgeId: context.id, score, scoredAt: now.toISOString() });
    });
    return { entryId, score };
  }

  private reviewOpen(contest: Pick<ContestAggregate, 'phases' | 'resultsPublishedAt'>): boolean {
    return contestStage(contest.phases, this.clock.now()) === 'review' && contest.resultsPublishedAt === null;
  }

  private async open(key: string): Promise<{ judge: JudgeRow; contest: ContestAggregate }> {
    const normalised = normaliseJudgeKey(key);
    const judge = normalised ? await this.judging.byKeyHash(hashJudgeKey(normalised)) : null;
    if (!judge) throw invalidKey();
    return { judge, contest: await this.setup.require(judge.contestId) };
  }
}
