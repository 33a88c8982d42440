import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContestListResponse, ContestResultsView, JudgeView, JudgeWorksResponse } from '@mkt/contracts';
import { TestIdentityModule, startServiceUnderTest, type ServiceUnderTest } from '@mkt/platform/testing';
import { ContestsModule } from '../src/contests.module.js';
import { DEMO_JUDGE_KEY } from '../src/demo/demo-contests-plan.js';

describe('demo contests', () => {
  let h: ServiceUnderTest;

  beforeAll(async () => {
    // The browser tests' render cache: whichever runs first renders, the other reuses.
    process.env.DEMO_MEDIA_CACHE ??= join(tmpdir(), 'mkt-e2e-demo-media');
    h = await startServiceUnderTest({ schema: 'contests', modules: [TestIdentityModule, ContestsModule], env: { SEED_DEMO: 'true' } });
  }, 60_000);
  afterAll(() => h?.close());

  it('fills an empty service with three contests of real, measured media, the 2025 one judged and published', async () => {
    const list = await h.eventually(async () => {
      const reply = await h.call<ContestListResponse>('/home/gameList', { body: {} });
      const past = reply.body.data.list.find((contest) => contest.title === '2025 Image Awards');
      return reply.body.data.total === 3 && past?.resultsPublished ? reply.body.data : null;
    }, 400_000);
    expect(list.collectingGameCount).toBe(1);
    expect(list.list.map((contest) => contest.stage).sort()).toEqual(['ended', 'review', 'submission']);

    const past = list.list.find((contest) => contest.stage === 'ended')!;
    const results = await h.call<ContestResultsView>('/contest/results', { body: { id: past.id } });
    expect(results.body.data.winners.length).toBeGreaterThan(6);
    const video = results.body.data.winners.flatMap((winner) => winner.files).find((file) => file.role === 'video')!;
    expect(video).toMatchObject({ width: 1920, height: 1080 });
    expect(video.durationSeconds).toBeGreaterThan(30);
    const served = await h.fetchLink(video.url!);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(video.size);
    const files = await h.sql<{ count: number }>(`SELECT count(*)::int AS count FROM contests.files WHERE status = 'ready' AND phashes IS NOT NULL`);
    expect(files[0]!.count).toBeGreaterThan(50);
  }, 420_000);

  it('lets the README’s demo judge key score the contest being reviewed', async () => {
    const judge = await h.call<JudgeView>('/judge/signin', { body: { key: DEMO_JUDGE_KEY } });
    expect(judge.body.data).toMatchObject({ open: true, kinds: ['video', 'photo'] });
    const works = await h.call<JudgeWorksResponse>('/judge/works', { body: { key: DEMO_JUDGE_KEY, type: 'photo' } });
    expect(works.body.data).toMatchObject({ total: 2, scorable: true });
    expect(works.body.data.list[0]!.files).toHaveLength(5);
  });
});
