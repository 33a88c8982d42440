import { CONTEST_LIMITS, contestStage, type ContestCard, type ContestDetail, type Language } from '@mkt/contracts';
import type { ContestAggregate } from './contests.repository.js';

/** The text in the reader's language, the other when that one is empty. */
export const pick = (language: Language, zh: string, en: string) => (language === 'en' ? en || zh : zh || en);

/** A contest as the store lists it, in the reader's language. */
export function contestCard(contest: ContestAggregate, language: Language, now: Date): ContestCard {
  return {
    id: contest.id,
    title: pick(language, contest.titleZh, contest.titleEn),
    bannerUrl: contest.bannerUrl,
    stage: contestStage(contest.phases, now),
    phases: contest.phases,
    trackCount: contest.tracks.length,
    totalCashFen: contest.prizes.reduce((sum, prize) => sum + prize.cashFen * prize.winners, 0),
    resultsPublished: contest.resultsPublishedAt !== null,
  };
}

export function contestDetail(contest: ContestAggregate, language: Language, now: Date): ContestDetail {
  return {
    ...contestCard(contest, language, now),
    rules: pick(language, contest.rulesZh, contest.rulesEn),
    maxScore: contest.maxScore,
    pointsPool: contest.pointsPool,
    winnerInfoDays: contest.winnerInfoDays,
    entriesPerTrack: contest.entriesPerTrack,
    tracks: contest.tracks.map((track) => ({ id: track.id, kind: track.kind, title: pick(language, track.titleZh, track.titleEn), rules: pick(language, track.rulesZh, track.rulesEn) })),
    prizes: contest.prizes.map((prize) => ({
      id: prize.id,
      trackId: prize.trackId,
      place: prize.place,
      title: pick(language, prize.titleZh, prize.titleEn),
      winners: prize.winners,
      cashFen: prize.cashFen,
      goods: pick(language, prize.goodsZh, prize.goodsEn),
      eligibility: prize.eligibility,
    })),
  };
}

/** The console's record: the setup as it is edited (prizes point at tracks by position) plus what is read-only. */
export function contestAdminView(contest: ContestAggregate, now: Date) {
  const positionOf = new Map(contest.tracks.map((track, index) => [track.id, index]));
  return {
    id: contest.id,
    titleZh: contest.titleZh,
    titleEn: contest.titleEn,
    rulesZh: contest.rulesZh,
    rulesEn: contest.rulesEn,
    bannerUrl: contest.bannerUrl,
    maxScore: contest.maxScore,
    rubricBase: CONTEST_LIMITS.rubricBase,
    pointsPool: contest.pointsPool,
    winnerInfoDays: contest.winnerInfoDays,
    entriesPerTrack: contest.entriesPerTrack,
    phases: contest.phases,
    stage: contestStage(contest.phases, now),
    tracks: contest.tracks.map((track) => ({ id: track.id, kind: track.kind, titleZh: track.titleZh, titleEn: track.titleEn, rulesZh: track.rulesZh, rulesEn: track.rulesEn })),
    prizes: contest.prizes.map((prize) => ({
      trackIndex: prize.trackId === null ? null : (positionOf.get(prize.trackId) ?? null),
      place: prize.place,
      winners: prize.winners,
      titleZh: prize.titleZh,
      titleEn: prize.titleEn,
      cashFen: prize.cashFen,
      goodsZh: prize.goodsZh,
      goodsEn: prize.goodsEn,
      eligibility: prize.eligibility,
    })),
    resultsPublishedAt: contest.resultsPublishedAt ? new Date(contest.resultsPublishedAt).toISOString() : null,
    createdAt: new Date(contest.createdAt).toISOString(),
    updatedAt: new Date(contest.updatedAt).toISOString(),
  };
}
