import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CONTEST_LIMITS,
  ContestResultsPublished,
  ErrorCode,
  type ContestResultsView,
  type Language,
  type MyAwardView,
  type MyPointsResponse,
  type StandingView,
  type WinnerInfoRequest,
} from '@mkt/contracts';
import { AppError, Clock, OutboxWriter, StaffAuditWriter, chinaDateTime, type AuthenticatedStaff } from '@mkt/platform';
import { EntriesRepository } from '../entries/entries.repository.js';
import { ContestFileLinks } from '../files/contest-file-links.js';
import { ContestSetupService } from '../setup/contest-setup.service.js';
import { ContestsRepository, type ContestAggregate } from '../setup/contests.repository.js';
import { sharePoints } from './points-share.js';
import { awardPrizes, rankEntries } from './ranking.js';
import { ResultsRepository } from './results.repository.js';
import { pick } from '../setup/contest-views.js';

const DAY_MS = 86_400_000;

const prizeRules = (contest: ContestAggregate) =>
  contest.prizes.map((prize) => ({ prizeId: prize.id, trackId: prize.trackId, place: prize.place, winners: prize.winners, cashFen: prize.cashFen, eligibility: prize.eligibility }));

/**
 * Results (docs/adr/0019-contests.md): a preview of the standings for staff while judging goes
 * on; publishing (once the review phase has ended) ranks the entries, gives the prizes and shares
 * the points pool, all kept as they were computed; winners then give their information within
 * the contest's deadline (two days in the spec's contest).
 */
@Injectable()
export class ResultsService {
  constructor(
    private readonly results: ResultsRepository,
    private readonly contests: ContestsRepository,
    private readonly entries: EntriesRepository,
    private readonly setup: ContestSetupService,
    private readonly links: ContestFileLinks,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
    private readonly audit: StaffAuditWriter,
  ) {}

  /** The standings as they would be published now (every scored entry, its rank and the place it would win). */
  async standings(contestId: number): Promise<StandingView[]> {
    const contest = await this.setup.require(contestId);
    const entries = await this.results.scoredEntries(contestId);
    const standings = rankEntries(entries, contest.maxScore, CONTEST_LIMITS.rubricBase);
    const awards = new Map(awardPrizes(entries, standings, prizeRules(contest)).map((award) => [award.entryId, award]));
    const byId = new Map(entries.map((entry) => [entry.entryId, entry]));
    const ranked = new Map(standings.map((standing) => [standing.entryId, standing]));
    return entries.map((entry) => ({
      entryId: entry.entryId,
      trackId: entry.trackId,
      title: byId.get(entry.entryId)!.title,
      userId: entry.userId,
      scores: entry.scores.length,
      averageScore: ranked.get(entry.entryId)?.averageScore ?? 0,
      rank: ranked.get(entry.entryId)?.rank ?? null,
      place: awards.get(entry.entryId)?.place ?? null,
    }));
  }

  async publish(staff: AuthenticatedStaff, contestId: number) {
    const summary = await this.contests.transaction(async (manager) => {
      const after = await this.rankAndAward(manager, contestId, this.clock.now());
      await this.audit.record(manager, staff, { action: 'contest.results.publish', resource: 'contests', resourceId: contestId, before: { publishedAt: null }, after });
      return after;
    });
    return { contestId, ...summary };
  }

  /** Publishing as the demo data does it for contests whose review ended before the demo began: no staff acted, so nothing is audited. */
  async publishDemo(contestId: number, at: Date) {
    return this.contests.transaction((manager) => this.rankAndAward(manager, contestId, at));
  }

  private async rankAndAward(manager: EntityManager, contestId: number, now: Date) {
    const locked = await this.contests.lock(manager, contestId);
    if (!locked) throw new AppError(ErrorCode.CONTEST_NOT_FOUND, 'contestNotFound');
    if (locked.resultsPublishedAt) throw new AppError(ErrorCode.CONTEST_RESULTS_PUBLISHED, 'contestResultsPublished');
    const contest = (await this.contests.find(contestId, manager))!;
    if (now.getTime() < Date.parse(contest.phases.review.endsAt)) throw new AppError(ErrorCode.CONTEST_RESULTS_NOT_READY, 'contestResultsNotReady');
    const entries = await this.results.scoredEntries(contestId, manager);
    const standings = rankEntries(entries, contest.maxScore, CONTEST_LIMITS.rubricBase);
    const awards = awardPrizes(entries, standings, prizeRules(contest));
    const points = sharePoints(contest.pointsPool, await this.results.participants(manager, contestId));
    await this.results.saveResults(manager, contestId, standings, awards, points, new Date(now.getTime() + contest.winnerInfoDays * DAY_MS), now);
    await this.contests.markResultsPublished(manager, contestId, now);
    await this.outbox.add(manager, ContestResultsPublished, String(contestId), {
      contestId,
      publishedAt: now.toISOString(),
      awards: awards.map((award) => ({ entryId: award.entryId, userId: award.userId, trackId: award.trackId, place: award.place, cashFen: award.cashFen })),
      points: [...points].map(([userId, value]) => ({ userId, points: value })),
    });
    return { publishedAt: now.toISOString(), ranked: standings.length, awards: awards.length, participants: points.size };
  }

  async published(contestId: number, language: Language): Promise<ContestResultsView> {
    const contest = await this.setup.require(contestId);
    if (!contest.resultsPublishedAt) throw new AppError(ErrorCode.CONTEST_RESULTS_NOT_PUBLISHED, 'contestResultsNotPublished');
    const winners = await this.results.winners(contestId);
    const files = await this.entries.filesOf(winners.map((winner) => winner.entryId));
    const prizes = new Map(contest.prizes.map((prize) => [prize.id, prize]));
    return {
      contestId,
      publishedAt: new Date(contest.resultsPublishedAt).toISOString(),
      winners: await Promise.all(
        winners.map(async (winner) => {
          const prize = prizes.get(winner.prizeId);
          return {
            entryId: winner.entryId,
            trackId: winner.trackId,
            rank: winner.rank,
            place: winner.place,
            prizeTitle: prize ? pick(language, prize.titleZh, prize.titleEn) : null,
            title: winner.title,
            signature: winner.signature,
            kind: winner.kind,
            averageScore: winner.averageScore,
            files: await this.links.views(files.filter((file) => file.entryId === winner.entryId)),
          };
        }),
      ),
    };
  }

  async myAwards(userId: string, language: Language): Promise<MyAwardView[]> {
    const awards = await this.results.awardsOf(userId);
    const titles = new Map<number, string | null>();
    for (const contestId of new Set(awards.map((award) => award.contestId))) {
      const contest = await this.setup.require(contestId);
      for (const prize of contest.prizes) titles.set(prize.id, pick(language, prize.titleZh, prize.titleEn));
    }
    return awards.map((award) => ({
      entryId: award.entryId,
      place: award.place,
      prizeTitle: titles.get(award.prizeId) ?? null,
      infoDueAt: new Date(award.infoDueAt).toISOString(),
      infoGiven: award.infoGivenAt !== null,
      proofNeeded: award.proofNeeded,
      proofGiven: award.proofGivenAt !== null,
    }));
  }

  async myPoints(userId: string, language: Language): Promise<MyPointsResponse> {
    const rows = await this.results.pointsOf(userId);
    return {
      total: rows.reduce((sum, row) => sum + row.points, 0),
      contests: rows.map((row) => ({ contestId: row.contestId, title: pick(language, row.titleZh, row.titleEn), points: row.points, awardedAt: new Date(row.awardedAt).toISOString() })),
    };
  }

  /** A winner's information for the prize, by the deadline; it can be corrected until then. */
  async giveWinnerInfo(userId: string, request: WinnerInfoRequest, language: Language): Promise<MyAwardView> {
    const now = this.clock.now();
    await this.contests.transaction(async (manager) => {
      const award = await this.results.award(manager, request.entryId, userId);
      if (!award) throw new AppError(ErrorCode.CONTEST_ENTRY_NOT_FOUND, 'contestEntryNotFound');
      if (now > new Date(award.infoDueAt)) throw new AppError(ErrorCode.WINNER_INFO_CLOSED, 'winnerInfoClosed', { dueAt: chinaDateTime(new Date(award.infoDueAt)) });
      await this.results.saveWinnerInfo(manager, request.entryId, request, now);
    });
    const mine = await this.myAwards(userId, language);
    return mine.find((award) => award.entryId === request.entryId)!;
  }
}
