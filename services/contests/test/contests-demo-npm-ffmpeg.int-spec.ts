import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CampaignView, ContestListResponse, ContestResultsView, JudgeView, JudgeWorksResponse } from '@mkt/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { startServiceProcess, type RunningServiceProcess } from '@mkt/platform';
import { TestIdentityModule, createTestDatabase, type TestDatabase } from '@mkt/platform/testing';
import { ContestsModule } from '../src/contests.module.js';
import { DEMO_JUDGE_KEY } from '../src/demo/demo-contests-plan.js';

interface LogLine {
  msg?: string;
  err?: string;
}

/** The npm build of a binary, as a machine with nothing but Node.js has it. */
async function npmBinary(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): Promise<string> {
  const installer = (await import(pkg)) as { default?: { path?: string }; path?: string };
  return (installer.default?.path ?? installer.path)!;
}

/**
 * The README's "needs nothing but Node.js": the demo contests rendered and measured by the ffmpeg
 * and ffprobe that come with npm (static builds of 2018, without the newer lavfi sources), with a
 * cold render cache so every file is made by them. The first start is made to fail halfway through
 * the 2025 contest's entries; the second finishes the demo without doubling anything.
 */
describe('demo contests with the npm ffmpeg only', () => {
  const saved = { FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH, DEMO_MEDIA_CACHE: process.env.DEMO_MEDIA_CACHE };
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-contests-npm-ffmpeg-'));
  const cache = join(dataDir, 'render-cache');
  let db: TestDatabase;
  let server: RunningServiceProcess | undefined;
  const lines: LogLine[] = [];

  const start = async () =>
    startServiceProcess({
      title: 'contests under test',
      modules: [TestIdentityModule, ContestsModule],
      logDestination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
      env: { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'true' },
    });
  const call = async <T>(path: string, body: unknown): Promise<{ status: number; data: T }> => {
    const response = await fetch(`${server!.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(body) });
    return { status: response.status, data: ((await response.json()) as { data: T }).data };
  };
  const until = async (check: () => Promise<boolean> | boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out; last log lines: ${JSON.stringify(lines.slice(-5))}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const count = async (query: string) => ((await server!.app.get<DataSource>(getDataSourceToken('contests')).query(query)) as { count: number }[])[0]!.count;

  beforeAll(async () => {
    process.env.FFMPEG_PATH = await npmBinary('@ffmpeg-installer/ffmpeg');
    process.env.FFPROBE_PATH = await npmBinary('@ffprobe-installer/ffprobe');
    process.env.DEMO_MEDIA_CACHE = cache;
    db = await createTestDatabase('contests');
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('stops at a file it cannot store, keeping the contests, the campaign pages and the whole entries made so far', async () => {
    // A folder where the sixth 2025 entry's third photo would be cached: storing it fails.
    mkdirSync(join(cache, 'demo-contests', 'v3-awards-2025-5-photo-2.jpg'), { recursive: true });
    server = await start();
    await until(() => lines.some((line) => line.msg?.startsWith('demo contests seed failed')), 400_000);
    expect(lines.find((line) => line.msg?.startsWith('demo contests seed failed'))!.err).not.toMatch(/No such filter/);
    const list = await call<ContestListResponse>('/home/gameList', {});
    expect(list.data.total).toBe(7);
    const past = list.data.list.find((contest) => contest.title === '2025 Image Awards')!;
    expect(past.resultsPublished).toBe(false);
    expect((await call<CampaignView>('/contest/campaign', { slug: '8k2024' })).status).toBe(200);
    expect(await count(`SELECT count(*)::int AS count FROM contests.entries`)).toBe(5);
  }, 420_000);

  it('finishes the demo on the next start: every contest filled once, judged, the 2025 results published, the judge key open', async () => {
    await server?.stop();
    rmSync(join(cache, 'demo-contests', 'v3-awards-2025-5-photo-2.jpg'), { recursive: true, force: true });
    lines.length = 0;
    server = await start();
    await until(() => lines.some((line) => line.msg === 'demo contests ready' || line.msg?.startsWith('demo contests seed failed')), 600_000);
    expect(lines.filter((line) => line.msg?.startsWith('demo contests seed failed'))).toEqual([]);

    const list = await call<ContestListResponse>('/home/gameList', {});
    expect(list.data.total).toBe(7);
    expect(list.data.list.map((contest) => contest.stage).sort()).toEqual(['ended', 'ended', 'ended', 'ended', 'ended', 'review', 'submission']);
    expect(list.data.list.every((contest) => contest.stage !== 'ended' || contest.resultsPublished)).toBe(true);

    const past = list.data.list.find((contest) => contest.title === '2025 Image Awards')!;
    const results = await call<ContestResultsView>('/contest/results', { id: past.id });
    expect(results.data.winners.length).toBeGreaterThan(6);
    const video = results.data.winners.flatMap((winner) => winner.files).find((file) => file.role === 'video')!;
    expect(video).toMatchObject({ width: 1920, height: 1080 });
    expect(video.durationSeconds).toBeGreaterThan(30);

    // 12 entries in 2025, 4 in the review, 3 in each 8K year, and each judge once: nothing doubled by the second start.
    expect(await count(`SELECT count(*)::int AS count FROM contests.entries`)).toBe(12 + 4 + 4 * 3);
    expect(await count(`SELECT count(*)::int AS count FROM contests.judges`)).toBe(3 + 1 + 4);
    expect(await count(`SELECT count(*)::int AS count FROM contests.campaigns`)).toBe(10);
    expect(await count(`SELECT count(*)::int AS count FROM contests.files f JOIN contests.entries e ON e.id = f.entry_id WHERE f.status = 'ready' AND f.phashes IS NOT NULL AND f.width IS NOT NULL`)).toBeGreaterThan(50);

    const judge = await call<JudgeView>('/judge/signin', { key: DEMO_JUDGE_KEY });
    expect(judge.data).toMatchObject({ open: true, kinds: ['video', 'photo'] });
    const works = await call<JudgeWorksResponse>('/judge/works', { key: DEMO_JUDGE_KEY, type: 'video' });
    expect(works.data).toMatchObject({ total: 2, scorable: true });
    const campaign = await call<CampaignView>('/contest/campaign', { slug: '8k2024' });
    expect(campaign.data.winners.length).toBeGreaterThan(0);
  }, 620_000);
});
