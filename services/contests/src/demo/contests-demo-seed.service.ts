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
import { demoParticipantId, demoScore, planDemoCampaigns, planDemoContests, type DemoContest } from './demo-contests-plan.js';

/**
 * Fills an empty contests service with the demo contests (single-machine start with demo data):
 * real entry files rendered with ffmpeg, measured by the same inspector as uploads, judged by
 * demo judges, and the 2025 results published. Runs in the background after start; a service
 * that holds any contest is left alone.
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
        this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'demo contests seed failed');
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
    if (await this.setup.any()) return;
    const started = Date.now();
    const cacheRoot = process.env.DEMO_MEDIA_CACHE || join(this.config.dataDir, 'tmp');
    const media = new DemoContestMedia(new FfmpegRunner(await resolveMediaBinaries(), { timeoutMs: 300_000 }), join(cacheRoot, 'demo-contests'));
    // The contest taking entries first, so it is there at once; the judged ones follow as their media renders.
    const plans = planDemoContests(this.clock.now());
    const ordered = [...plans.filter((plan) => plan.entries.length === 0), ...plans.filter((plan) => plan.entries.length > 0)];
    const ids: Record<string, number> = {};
    for (const plan of ordered) {
      if (this.stopping) return;
      ids[plan.key] = await this.seedContest(plan, media);
    }
    for (const campaign of planDemoCampaigns(ids)) await this.campaigns.saveDemo(campaign);
    this.logger.log({ seconds: Math.round((Date.now() - started) / 1000) }, 'demo contests ready');
  }

  private async seedContest(plan: DemoContest, media: DemoContestMedia): Promise<number> {
    const contest = await this.setup.createDemo(plan.setup);
    const trackId = (index: number) => contest.tracks[index]!.id;
    const entryIds: number[] = [];
    for (const [index, entry] of plan.entries.entries()) {
      if (this.stopping) return contest.id;
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
      const submittedAt = new Date(Math.min(Date.parse(plan.setup.phases.submission.endsAt) - (index + 1) * 3600_000, this.clock.now().getTime()));
      const entryId = await this.entries.transaction(async (manager) => {
        const id = await this.entries.insertEntry(manager, { contestId: contest.id, trackId: trackId(entry.trackIndex), userId, kind: contest.tracks[entry.trackIndex]!.kind, title: entry.title, signature: entry.signature, location: entry.location, intro: entry.intro, equipment: entry.equipment, age: entry.age, gender: entry.gender, ownerFlag: entry.ownerFlag, studentFlag: entry.studentFlag, submittedAt });
        await this.entries.attachFiles(manager, id, fileIds);
        return id;
      });
      entryIds.push(entryId);
    }
    for (const [judgeIndex, judge] of plan.judges.entries()) {
      const key = normaliseJudgeKey(judge.key ?? generateJudgeKey())!;
      const id = randomUUID();
      await this.judging.transaction(async (manager) => {
        await this.judging.insert(manager, { id, contestId: contest.id, name: judge.name, keyHash: hashJudgeKey(key), keyHint: judgeKeyHint(key), createdAt: this.clock.now() });
        await this.judging.replaceTracks(manager, id, judge.trackIndexes.map(trackId));
        if (!plan.scored) return;
        for (const [entryIndex, entryId] of entryIds.entries()) {
          if (!judge.trackIndexes.includes(plan.entries[entryIndex]!.trackIndex)) continue;
          await this.judging.setScore(manager, id, entryId, demoScore(judgeIndex, entryIndex, contest.maxScore), new Date(plan.setup.phases.review.startsAt));
        }
      });
    }
    if (plan.publishAt) await this.results.publishDemo(contest.id, new Date(plan.publishAt));
    this.logger.log({ contest: plan.setup.titleEn, entries: entryIds.length }, 'demo contest ready');
    return contest.id;
  }
}
