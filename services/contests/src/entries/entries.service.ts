import { Injectable } from '@nestjs/common';
import {
  CONTEST_LIMITS,
  ContestEntrySubmitted,
  ErrorCode,
  contestStage,
  type ContestEntrySubmitRequest,
  type EntryAdminView,
  type EntryView,
  type Language,
  maskMiddle,
  maskPhone,
  mayRevealContactDetails,
} from '@mkt/contracts';
import { AppError, Clock, OutboxWriter, StaffAuditWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { sharesFrame } from '@mkt/platform/media';
import { ContestFileLinks } from '../files/contest-file-links.js';
import { ResultsRepository } from '../results/results.repository.js';
import { ContestSetupService } from '../setup/contest-setup.service.js';
import type { TrackRow } from '../setup/contests.repository.js';
import { entryTransition, type EntryAction } from './entry-lifecycle.js';
import { EntriesRepository, type EntryFilter, type EntryRow, type FileRow } from './entries.repository.js';
import { pick } from '../setup/contest-views.js';

const entryNotFound = () => new AppError(ErrorCode.CONTEST_ENTRY_NOT_FOUND, 'contestEntryNotFound');

/**
 * Contest entries (spec sections 3, 5 and 9): a participant enters checked files with the
 * entry's details during the submission phase, within the per-track limit, and never the same
 * work in two tracks; staff review entries (reject with a reason).
 */
@Injectable()
export class EntriesService {
  constructor(
    private readonly entries: EntriesRepository,
    private readonly setup: ContestSetupService,
    private readonly links: ContestFileLinks,
    private readonly clock: Clock,
    private readonly outbox: OutboxWriter,
    private readonly audit: StaffAuditWriter,
    private readonly results: ResultsRepository,
  ) {}

  async submit(userId: string, request: ContestEntrySubmitRequest, language: Language): Promise<EntryView> {
    const contest = await this.setup.require(request.contestId);
    const now = this.clock.now();
    if (contestStage(contest.phases, now) !== 'submission') throw new AppError(ErrorCode.CONTEST_NOT_COLLECTING, 'contestNotCollecting');
    const track = contest.tracks.find((candidate) => candidate.id === request.trackId);
    if (!track) throw new AppError(ErrorCode.CONTEST_TRACK_NOT_FOUND, 'contestTrackNotFound');
    if (request.type !== track.kind) throw new AppError(ErrorCode.CONTEST_TYPE_MISMATCH, 'contestTypeMismatch');
    if (request.fileIds.length === 0) throw new AppError(ErrorCode.CONTEST_NO_VALID_FILES, 'contestNoValidFiles');
    const { age, gender } = request;
    if (!request.title || !request.signature || !request.location || !request.intro || !request.equipment || age === null || age < 1 || gender === null) {
      throw new AppError(ErrorCode.CONTEST_ENTRY_INCOMPLETE, 'contestEntryIncomplete');
    }
    if (!request.declaration) throw new AppError(ErrorCode.CONTEST_DECLARATION_REQUIRED, 'contestDeclarationRequired');

    const entryId = await this.entries.transaction(async (manager) => {
      await this.entries.lockParticipant(manager, contest.id, userId);
      const found = await this.entries.freeReadyFiles(manager, userId, request.fileIds);
      const files = orderedFiles(found.filter((file) => file.contestId === contest.id && file.trackId === track.id), request.fileIds);
      const ordered = checkFileSet(track, files);
      if ((await this.entries.entryCount(manager, userId, track.id)) >= contest.entriesPerTrack) {
        throw new AppError(ErrorCode.CONTEST_ENTRY_LIMIT, 'contestEntryLimit', { max: contest.entriesPerTrack });
      }
      const ours = ordered.flatMap((file) => file.phashes ?? []);
      const elsewhere = (await this.entries.otherTrackFingerprints(manager, contest.id, track.id)).find((other) => sharesFrame(ours, other.phashes, CONTEST_LIMITS.sameWorkDistance));
      if (elsewhere) {
        const other = contest.tracks.find((candidate) => candidate.id === elsewhere.trackId);
        throw new AppError(ErrorCode.CONTEST_SAME_WORK, 'contestSameWork', { trackTitle: other ? pick(language, other.titleZh, other.titleEn) : String(elsewhere.trackId) });
      }
      const id = await this.entries.insertEntry(manager, {
        contestId: contest.id,
        trackId: track.id,
        userId,
        kind: track.kind,
        title: request.title,
        signature: request.signature,
        location: request.location,
        intro: request.intro,
        equipment: request.equipment,
        age,
        gender,
        ownerFlag: request.ownerFlag,
        studentFlag: request.studentFlag,
        submittedAt: now,
      });
      await this.entries.attachFiles(manager, id, ordered.map((file) => file.id));
      await this.outbox.add(manager, ContestEntrySubmitted, String(id), { entryId: id, contestId: contest.id, trackId: track.id, userId, kind: track.kind, submittedAt: now.toISOString() });
      return id;
    });
    const [view] = await this.views([(await this.entries.entry(entryId))!], [track], language);
    return view!;
  }

  /** The caller's entries (in one contest or all), newest first. */
  async mine(userId: string, contestId: number | undefined, language: Language): Promise<EntryView[]> {
    const rows = await this.entries.entriesOf(userId, contestId);
    const tracks = new Map<number, TrackRow>();
    for (const id of new Set(rows.map((row) => row.contestId))) {
      const contest = await this.setup.require(id);
      for (const track of contest.tracks) tracks.set(track.id, track);
    }
    return this.views(rows, [...tracks.values()], language);
  }

  async adminList(query: ListQuery<EntryFilter>) {
    const { rows, total } = await this.entries.adminList(query.filter, query.sortField, query.sortOrder, query.skip, query.take);
    const files = await this.entries.filesOf(rows.map((row) => row.id));
    return { rows: await Promise.all(rows.map((row) => this.adminView(row, files.filter((file) => file.entryId === row.id)))), total };
  }

  /** One entry for staff, with the award and what its winner gave (contact details masked unless the role may see them). */
  async adminGet(id: number, actor: AuthenticatedStaff) {
    const row = await this.entries.entry(id);
    if (!row) throw entryNotFound();
    const [view, award] = await Promise.all([this.adminView(row, await this.entries.filesOf([id])), this.results.awardOfEntry(id)]);
    if (!award) return { ...view, award: null };
    const full = mayRevealContactDetails(actor.roles);
    return {
      ...view,
      award: {
        place: award.place,
        cashFen: award.cashFen,
        infoDueAt: new Date(award.infoDueAt).toISOString(),
        infoGivenAt: award.infoGivenAt ? new Date(award.infoGivenAt).toISOString() : null,
        realName: award.infoRealName,
        phone: award.infoPhone && (full ? award.infoPhone : maskPhone(award.infoPhone)),
        address: award.infoAddress && (full ? award.infoAddress : maskMiddle(award.infoAddress, 3, 0)),
        proofNeeded: award.proofNeeded,
        proofGivenAt: award.proofGivenAt ? new Date(award.proofGivenAt).toISOString() : null,
        proofUrl: award.proofGivenAt && award.proofKey ? await this.links.signedLink(award.proofKey) : null,
      },
    };
  }

  async review(staff: AuthenticatedStaff, id: number, action: EntryAction, reason: string | null) {
    await this.entries.transaction(async (manager) => {
      const row = await this.entries.entry(id, manager, true);
      if (!row) throw entryNotFound();
      const contest = await this.setup.require(row.contestId, manager);
      if (contest.resultsPublishedAt) throw new AppError(ErrorCode.CONTEST_RESULTS_PUBLISHED, 'contestResultsPublished');
      const status = entryTransition(row.status, action);
      await this.entries.setStatus(manager, id, status, action === 'reject' ? reason : null, staff.username, this.clock.now());
      await this.audit.record(manager, staff, {
        action: `contest-entry.${action}`,
        resource: 'contest-entries',
        resourceId: id,
        before: { status: row.status },
        after: { status, rejectReason: action === 'reject' ? reason : null },
      });
    });
    return this.adminGet(id, staff);
  }

  private async adminView(row: EntryRow, files: FileRow[]): Promise<EntryAdminView> {
    return { ...row, reviewedAt: row.reviewedAt ? new Date(row.reviewedAt).toISOString() : null, submittedAt: new Date(row.submittedAt).toISOString(), files: await this.links.views(files) };
  }

  private async views(rows: EntryRow[], tracks: TrackRow[], language: Language): Promise<EntryView[]> {
    const files = await this.entries.filesOf(rows.map((row) => row.id));
    return Promise.all(
      rows.map(async (row) => {
        const track = tracks.find((candidate) => candidate.id === row.trackId);
        return {
          id: row.id,
          contestId: row.contestId,
          trackId: row.trackId,
          trackTitle: track ? pick(language, track.titleZh, track.titleEn) : '',
          kind: row.kind,
          title: row.title,
          status: row.status,
          rejectReason: row.rejectReason,
          submittedAt: new Date(row.submittedAt).toISOString(),
          files: await this.links.views(files.filter((file) => file.entryId === row.id)),
        };
      }),
    );
  }
}

/** The files in the order the form sent them. */
function orderedFiles(files: FileRow[], ids: string[]): FileRow[] {
  const byId = new Map(files.map((file) => [file.id, file]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/**
 * What a track's entry is made of: one video and its cover, or a group of 5 to 9 photos (the
 * minimum enforced, spec section 9). Returns the files in the order they are kept (video first).
 */
function checkFileSet(track: TrackRow, files: FileRow[]): FileRow[] {
  if (files.length === 0) throw new AppError(ErrorCode.CONTEST_NO_VALID_FILES, 'contestNoValidFiles');
  if (track.kind === 'video') {
    const videos = files.filter((file) => file.role === 'video');
    const covers = files.filter((file) => file.role === 'cover');
    if (videos.length !== 1) throw new AppError(ErrorCode.CONTEST_NO_VALID_FILES, 'contestNoValidFiles');
    if (covers.length !== 1) throw new AppError(ErrorCode.CONTEST_ENTRY_INCOMPLETE, 'contestEntryIncomplete');
    return [videos[0]!, covers[0]!];
  }
  const photos = files.filter((file) => file.role === 'photo');
  const { min, max } = CONTEST_LIMITS.group;
  if (photos.length < min || photos.length > max) throw new AppError(ErrorCode.CONTEST_GROUP_TOO_SMALL, 'contestGroupTooSmall', { min, max, count: photos.length });
  return photos;
}
