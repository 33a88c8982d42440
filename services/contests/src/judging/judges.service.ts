import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@mkt/contracts';
import { AppError, Clock, StaffAuditWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { ContestSetupService } from '../setup/contest-setup.service.js';
import { generateJudgeKey, hashJudgeKey, judgeKeyHint, normaliseJudgeKey } from './judge-key.js';
import { JudgingRepository, type JudgeRow } from './judging.repository.js';

const judgeNotFound = () => new AppError(ErrorCode.JUDGE_NOT_FOUND, 'judgeNotFound');

const view = (row: JudgeRow) => ({
  id: row.id,
  contestId: row.contestId,
  name: row.name,
  keyHint: row.keyHint,
  trackIds: row.trackIds,
  revokedAt: row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
  createdAt: new Date(row.createdAt).toISOString(),
});

/**
 * Judges as contest managers keep them in the console: a judge has a name, the tracks their key
 * opens, and a key that is generated here, shown once in the answer that creates it, and can be
 * revoked. A revoked key opens nothing; the scores given with it stay.
 */
@Injectable()
export class JudgesService {
  constructor(
    private readonly judging: JudgingRepository,
    private readonly setup: ContestSetupService,
    private readonly clock: Clock,
    private readonly audit: StaffAuditWriter,
  ) {}

  async list(query: ListQuery<{ contestId?: number; id?: string[] }>) {
    const { rows, total } = await this.judging.list(query.filter, query.skip, query.take, query.sortOrder);
    return { rows: rows.map(view), total };
  }

  async get(id: string) {
    const row = await this.judging.judge(id);
    if (!row) throw judgeNotFound();
    return view(row);
  }

  /** The answer is the only time the key is seen. */
  async create(staff: AuthenticatedStaff, request: { contestId: number; name: string; trackIds: number[] }) {
    await this.checkTracks(request.contestId, request.trackIds);
    const key = generateJudgeKey();
    const normalised = normaliseJudgeKey(key)!;
    const id = randomUUID();
    await this.judging.transaction(async (manager) => {
      await this.judging.insert(manager, { id, contestId: request.contestId, name: request.name, keyHash: hashJudgeKey(normalised), keyHint: judgeKeyHint(normalised), createdAt: this.clock.now() });
      await this.judging.replaceTracks(manager, id, [...new Set(request.trackIds)]);
      const created = view((await this.judging.judge(id, manager))!);
      await this.audit.record(manager, staff, { action: 'contest-judge.create', resource: 'contest-judges', resourceId: id, before: null, after: created });
    });
    return { ...(await this.get(id)), key };
  }

  async update(staff: AuthenticatedStaff, id: string, request: { name: string; trackIds: number[] }) {
    const before = await this.judging.judge(id);
    if (!before) throw judgeNotFound();
    await this.checkTracks(before.contestId, request.trackIds);
    await this.judging.transaction(async (manager) => {
      await this.judging.rename(manager, id, request.name);
      await this.judging.replaceTracks(manager, id, [...new Set(request.trackIds)]);
      const after = view((await this.judging.judge(id, manager))!);
      await this.audit.record(manager, staff, { action: 'contest-judge.update', resource: 'contest-judges', resourceId: id, before: view(before), after });
    });
    return this.get(id);
  }

  async revoke(staff: AuthenticatedStaff, id: string) {
    const before = await this.judging.judge(id);
    if (!before) throw judgeNotFound();
    await this.judging.transaction(async (manager) => {
      await this.judging.revoke(manager, id, this.clock.now());
      const after = view((await this.judging.judge(id, manager))!);
      await this.audit.record(manager, staff, { action: 'contest-judge.revoke', resource: 'contest-judges', resourceId: id, before: view(before), after });
    });
    return this.get(id);
  }

  private async checkTracks(contestId: number, trackIds: number[]): Promise<void> {
    const contest = await this.setup.require(contestId);
    const own = new Set(contest.tracks.map((track) => track.id));
    if (trackIds.some((trackId) => !own.has(trackId))) throw new AppError(ErrorCode.CONTEST_TRACK_NOT_FOUND, 'contestTrackNotFound');
  }
}
