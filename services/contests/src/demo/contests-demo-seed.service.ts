import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, Clock, OBJECT_STORAGE, ReadinessRegistry, type AppConfig, type ObjectStorage } from '@mkt/platform';
import { FfmpegRunner, resolveMediaBinaries } from '@mkt/platform/media';
import { EntriesRepository } from '../entries/entries.repository.js';
import { CONTEST_BUCKET } from '../files/contest-file-links.js';
import { CONTEST_MEDIA_INSPECTOR, type ContestMediaInspector } from '../files/contest-media-inspector.js';
import { generateJudgeKey, hashJudgeKey, judgeKeyHint, normaliseJudgeKey } from '../judging/judge-key.js';
import { JudgingRepository } from '../judging/judging.repository.js';
import { ResultsService } from '../results/results.service.js';
import { CampaignsService } from '../campaigns/campaigns.service.js';
import { ContestSetupService } from '../setup/contest-setup.service.js';
import { DemoContestMedia } from './demo-contest-media.js';
import { DemoSeedRepository, type DemoSeedProgress } from './demo-seed.repository.js';
import { demoParticipantId, demoScore, planDemoCampaigns, planDemoContests, type DemoContest } from './demo-contests-plan.js';

/**
 * Fills a contests service with the demo contests (single-machine start with demo data): real
 * entry files rendered with ffmpeg, measured by the same inspector as uploads, judged by demo
 * judges, and the 2025 results published. Runs in the background after start. The contests and
 * the campaign pages are written first, so the lists and pages are there at once; each contest's
 * entries follow as their media renders. What is done is kept in `demo_seed`, so a start after a
 * failed or interrupted seed finishes what is missing: entries go on from the last whole one,
 * judges and results are added once. A service holding contests the demo did not make is left
 * alone, and so is a demo contest staff deleted.
 */
@Injectable()
export class ContestsDemoSeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ContestsDemoSeed');
  private running: Promise<void> | null = null;
  private stopping = false;
  private seeding = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(CONTEST_MEDIA_INSPECTOR) private readonly inspector: ContestMediaInspector,
    private readonly setup: ContestSetupService,
    private readonly entries: EntriesRepository,
    private readonly judging: JudgingRepository,
    private readonly results: ResultsService,
    private readonly campaigns: CampaignsService,
    private readonly progress: DemoSeedRepository,
    private readonly clock: Clock,
    readiness: ReadinessRegistry,
  ) {
    // Benchmarks and browser tests wait for the demo, so its rendering does not compete with them.
    if (process.env.DEMO_WAIT === 'true') {
      readiness.register({
        name: 'contests:demo-seed',
        check: async () => {
          if (this.seeding) throw new Error('demo contests are being rendered');
        },
      });
    }
  }

  onApplicationBootstrap(): void {
    if (!this.config.seedDemo) return;
    this.seeding = true;
    this.running = this.seed()
      .catch((error: unknown) => {
        this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'demo contests seed failed; the next start goes on where it stopped');
      })
      .finally(() => {
        this.seeding = false;
      });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  private async seed(): Promise<void> {
    const plans = planDemoContests(this.clock.now());
    const progress = await this.progress.progress();
    if (progress.size === 0 && (await this.setup.any()) && !(await this.adoptEarlierDemo(plans, progress))) return;
    const pending = plans.filter((plan) => !progress.get(plan.key)?.completed);
    if (pending.length === 0) return;
    const started = Date.now();
    const ids: Record<string, number> = {};
    for (const plan of plans) {
      const known = progress.get(plan.key);
      if (known) {
        if (known.contestId !== null) ids[plan.key] = known.contestId;
        continue;
      }
      const contest = await this.setup.createDemo(plan.setup, (manager, id) => this.progress.record(manager, plan.key, id));
      progress.set(plan.key, { key: plan.key, contestId: contest.id, completed: false });
      ids[plan.key] = contest.id;
    }
    for (const campaign of planDemoCampaigns(ids)) await this.campaigns.saveDemo(campaign);
    const cacheRoot = process.env.DEMO_MEDIA_CACHE || join(this.config.dataDir, 'tmp');
    const media = new DemoContestMedia(new FfmpegRunner(await resolveMediaBinaries(), { timeoutMs: 300_000 }), join(cacheRoot, 'demo-contests'));
    // The contest taking entries first (nothing to render), then the judged ones as their media renders.
    const ordered = [...pending.filter((plan) => plan.entries.length === 0), ...pending.filter((plan) => plan.entries.length > 0)];
    for (const plan of ordered) {
      if (this.stopping) return;
      const contestId = progress.get(plan.key)!.contestId;
      if (contestId === null) continue;
      if (!(await this.seedContest(plan, contestId, media))) return;
      await this.progress.complete(plan.key, this.clock.now());
    }
    this.logger.log({ seconds: Math.round((Date.now() - started) / 1000) }, 'demo contests ready');
  }

  /**
   * A demo seeded before its progress was kept (one that failed left its contests empty): taken
   * over when every contest there is bears a title of the plan, so its contests are finished.
   */
  private async adoptEarlierDemo(plans: DemoContest[], progress: Map<string, DemoSeedProgress>): Promise<boolean> {
    const existing = await this.progress.contestTitles();
    const byTitle = new Map(plans.map((plan) => [plan.setup.titleEn, plan.key]));
    if (!existing.every((contest) => byTitle.has(contest.titleEn)) || new Set(existing.map((contest) => contest.titleEn)).size !== existing.length) return false;
    await this.progress.adopt(existing.map((contest) => ({ key: byTitle.get(contest.titleEn)!, contestId: contest.id })));
    for (const contest of existing) progress.set(byTitle.get(contest.titleEn)!, { key: byTitle.get(contest.titleEn)!, contestId: contest.id, completed: false });
    this.logger.log({ contests: existing.length }, 'demo contests resumed from an earlier start');
    return true;
  }

  /** Writes what the contest still lacks; false when the service is stopping before it is done. */
  private async seedContest(plan: DemoContest, contestId: number, media: DemoContestMedia): Promise<boolean> {
    const contest = await this.setup.require(contestId);
    const trackId = (index: number) => contest.tracks[index]!.id;
    const done = await this.progress.entryCount(contest.id);
    for (const [index, entry] of plan.entries.entries()) {
      if (index < done) continue;
      if (this.stopping) return false;
      const userId = demoParticipantId(entry.participant);
      const fileIds: string[] = [];
      for (const spec of entry.media) {
        const path = await media.render(spec);
        const inspected = await media.measured(path, () => this.inspector.inspect(spec.role, path));
        const size = (await stat(path)).size;
        const id = randomUUID();
        const objectKey = `${contest.id}/${userId}/${id}`;
        await this.storage.put(CONTEST_BUCKET, objectKey, createReadStream(path), { contentType: spec.role === 'video' ? 'video/mp4' : 'image/jpeg', size });
        await this.entries.insertFile({ id, userId, contestId: contest.id, trackId: trackId(entry.trackIndex), role: spec.role, fileName: `${spec.key}.${spec.role === 'video' ? 'mp4' : 'jpg'}`, objectKey, uploadId: null, declaredSize: size, createdAt: this.clock.now() });
        await this.entries.markFileReady(id, {
          size,
          width: inspected.width,
          height: inspected.height,
          durationMs: inspected.durationSeconds === null ? null : Math.round(inspected.durationSeconds * 1000),
          phashes: inspected.phashes,
        });
        fileIds.push(id);
      }
      // Files of an entry cut short stay unattached; the abandoned-files sweep removes them.
      const submittedAt = new Date(Math.min(Date.parse(plan.setup.phases.submission.endsAt) - (index + 1) * 3600_000, this.clock.now().getTime()));
      await this.entries.transaction(async (manager) => {
        const id = await this.entries.insertEntry(manager, { contestId: contest.id, trackId: trackId(entry.trackIndex), userId, kind: contest.tracks[entry.trackIndex]!.kind, title: entry.title, signature: entry.signature, location: entry.location, intro: entry.intro, equipment: entry.equipment, age: entry.age, gender: entry.gender, ownerFlag: entry.ownerFlag, studentFlag: entry.studentFlag, submittedAt });
        await this.entries.attachFiles(manager, id, fileIds);
      });
    }
    const entryIds = await this.progress.entryIds(contest.id);
    // The judges and their scores in one transaction: all of them, or none to add on the next start.
    if (plan.judges.length > 0 && (await this.progress.judgeCount(contest.id)) === 0) {
      await this.judging.transaction(async (manager) => {
        for (const [judgeIndex, judge] of plan.judges.entries()) {
          const key = normaliseJudgeKey(judge.key ?? generateJudgeKey())!;
          const id = randomUUID();
          await this.judging.insert(manager, { id, contestId: contest.id, name: judge.name, keyHash: hashJudgeKey(key), keyHint: judgeKeyHint(key), createdAt: this.clock.now() });
          await this.judging.replaceTracks(manager, id, judge.trackIndexes.map(trackId));
          if (!plan.scored) continue;
          for (const [entryIndex, entryId] of entryIds.entries()) {
            const planned = plan.entries[entryIndex];
            if (!planned || !judge.trackIndexes.includes(planned.trackIndex)) continue;
            await this.judging.setScore(manager, id, entryId, demoScore(judgeIndex, entryIndex, contest.maxScore), new Date(plan.setup.phases.review.startsAt));
          }
        }
      });
    }
    if (plan.publishAt && !(await this.progress.resultsPublished(contest.id))) await this.results.publishDemo(contest.id, new Date(plan.publishAt));
    this.logger.log({ contest: plan.setup.titleEn, entries: entryIds.length }, 'demo contest ready');
    return true;
  }
}
