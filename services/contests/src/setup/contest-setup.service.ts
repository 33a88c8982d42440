import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CONTEST_PHASES, ErrorCode, misorderedPhase, type ContestDetail, type ContestListRequest, type ContestListResponse, type ContestSetup, type Language, type MessageKey } from '@mkt/contracts';
import { AppError, Clock, StaffAuditWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { contestAdminView, contestCard, contestDetail } from './contest-views.js';
import { ContestsRepository, type ContestAggregate } from './contests.repository.js';

const notFound = () => new AppError(ErrorCode.CONTEST_NOT_FOUND, 'contestNotFound');
const invalid = (messageKey: MessageKey, params: Record<string, string | number> = {}) => new AppError(ErrorCode.CONTEST_SETUP_INVALID, messageKey, params);

/**
 * Contests as data, kept in the console by contest managers (spec sections 3 and 9): the contest,
 * its six phases, its tracks and prizes; and the store's reading of them. Every change is audited.
 * Once results are published the setup is frozen: the published results were computed from it.
 */
@Injectable()
export class ContestSetupService {
  constructor(
    private readonly contests: ContestsRepository,
    private readonly clock: Clock,
    private readonly audit: StaffAuditWriter,
  ) {}

  async list(request: ContestListRequest, language: Language): Promise<ContestListResponse> {
    const now = this.clock.now();
    const [{ rows, total }, collectingGameCount] = await Promise.all([
      this.contests.page(request.orderBy, (request.pageNo - 1) * request.pageSize, request.pageSize),
      this.contests.collectingCount(now),
    ]);
    return { collectingGameCount, list: rows.map((contest) => contestCard(contest, language, now)), total };
  }

  async detail(id: number, language: Language): Promise<ContestDetail> {
    const contest = await this.contests.find(id);
    if (!contest) throw notFound();
    return contestDetail(contest, language, this.clock.now());
  }

  /** The contest, or the 404 every caller answers for an unknown one. */
  async require(id: number, manager?: EntityManager): Promise<ContestAggregate> {
    const contest = await this.contests.find(id, manager);
    if (!contest) throw notFound();
    return contest;
  }

  async adminList(query: ListQuery<{ q?: string; id?: number[] }>) {
    const { rows, total } = await this.contests.adminList(query.filter, query.sortField, query.sortOrder, query.skip, query.take);
    const now = this.clock.now();
    return { rows: rows.map((contest) => contestAdminView(contest, now)), total };
  }

  async adminGet(id: number) {
    return contestAdminView(await this.require(id), this.clock.now());
  }

  async create(staff: AuthenticatedStaff, setup: ContestSetup) {
    checkSetup(setup);
    const now = this.clock.now();
    const id = await this.contests.transaction(async (manager) => {
      const id = await this.insertContest(manager, setup, now);
      const created = contestAdminView((await this.contests.find(id, manager))!, now);
      await this.audit.record(manager, staff, { action: 'contest.create', resource: 'contests', resourceId: id, before: null, after: created });
      return id;
    });
    return this.adminGet(id);
  }

  /** The demo data's contests: the same checks and rows, with no staff action to audit; `within` runs in the same transaction. */
  async createDemo(setup: ContestSetup, within?: (manager: EntityManager, id: number) => Promise<void>): Promise<ContestAggregate> {
    checkSetup(setup);
    const id = await this.contests.transaction(async (manager) => {
      const created = await this.insertContest(manager, setup, this.clock.now());
      await within?.(manager, created);
      return created;
    });
    return this.require(id);
  }

  private async insertContest(manager: EntityManager, setup: ContestSetup, now: Date): Promise<number> {
    const id = await this.contests.insert(manager, setup, now);
    await this.contests.replacePhases(manager, id, setup.phases);
    const trackIds: number[] = [];
    for (const [position, track] of setup.tracks.entries()) trackIds.push(await this.contests.insertTrack(manager, id, position, track));
    await this.contests.replacePrizes(manager, id, prizeRows(setup, trackIds));
    return id;
  }

  /** Whether any contest exists: the demo data goes only into an empty service. */
  async any(): Promise<boolean> {
    return (await this.contests.page('newest', 0, 1)).total > 0;
  }

  async update(staff: AuthenticatedStaff, id: number, setup: ContestSetup) {
    checkSetup(setup);
    const now = this.clock.now();
    await this.contests.transaction(async (manager) => {
      const locked = await this.contests.lock(manager, id);
      if (!locked) throw notFound();
      if (locked.resultsPublishedAt) throw new AppError(ErrorCode.CONTEST_SETUP_LOCKED, 'contestSetupLocked');
      const before = (await this.contests.find(id, manager))!;
      const existing = new Map(before.tracks.map((track) => [track.id, track]));
      for (const track of setup.tracks) if (track.id !== undefined && !existing.has(track.id)) throw new AppError(ErrorCode.CONTEST_TRACK_NOT_FOUND, 'contestTrackNotFound');
      const kept = new Set(setup.tracks.flatMap((track) => (track.id === undefined ? [] : [track.id])));
      const removed = before.tracks.filter((track) => !kept.has(track.id)).map((track) => track.id);
      const inUse = await this.contests.tracksInUse(manager, before.tracks.map((track) => track.id));
      if (removed.some((trackId) => inUse.has(trackId))) throw invalid('contestTrackInUse');
      if (setup.tracks.some((track) => track.id !== undefined && inUse.has(track.id) && existing.get(track.id)!.kind !== track.kind)) {
        throw invalid('contestTrackKindLocked');
      }
      await this.contests.updateContest(manager, id, setup, now);
      await this.contests.replacePhases(manager, id, setup.phases);
      // Prizes point at tracks; they go first so a removed track takes none with it.
      await this.contests.replacePrizes(manager, id, []);
      await this.contests.deleteTracks(manager, removed);
      const trackIds: number[] = [];
      for (const [position, track] of setup.tracks.entries()) {
        if (track.id === undefined) trackIds.push(await this.contests.insertTrack(manager, id, position, track));
        else {
          await this.contests.updateTrack(manager, track.id, position, track);
          trackIds.push(track.id);
        }
      }
      await this.contests.replacePrizes(manager, id, prizeRows(setup, trackIds));
      const after = (await this.contests.find(id, manager))!;
      await this.audit.record(manager, staff, { action: 'contest.update', resource: 'contests', resourceId: id, before: contestAdminView(before, now), after: contestAdminView(after, now) });
    });
    return this.adminGet(id);
  }
}

/** Rules a setup must keep beyond its schema: phases in order, prizes on tracks that exist, one place once per scope. */
function checkSetup(setup: ContestSetup): void {
  const phase = misorderedPhase(setup.phases);
  if (phase) throw invalid('contestPhaseMisordered', { position: CONTEST_PHASES.indexOf(phase) + 1 });
  const places = new Set<string>();
  for (const prize of setup.prizes) {
    if (prize.trackIndex !== null && prize.trackIndex >= setup.tracks.length) throw invalid('contestPrizeTrackMissing', { track: prize.trackIndex + 1 });
    const key = `${prize.trackIndex}:${prize.place}:${prize.eligibility}`;
    if (places.has(key)) throw invalid('contestPlaceTwice', { place: prize.place });
    places.add(key);
  }
}

function prizeRows(setup: ContestSetup, trackIds: number[]) {
  return setup.prizes.map((prize) => ({
    trackId: prize.trackIndex === null ? null : trackIds[prize.trackIndex]!,
    place: prize.place,
    winners: prize.winners,
    titleZh: prize.titleZh,
    titleEn: prize.titleEn,
    cashFen: prize.cashFen,
    goodsZh: prize.goodsZh,
    goodsEn: prize.goodsEn,
    eligibility: prize.eligibility,
  }));
}
