import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CampaignView, ContestListResponse, ContestResultsView, JudgeView, JudgeWorksResponse } from '@mkt/contracts';
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

  it('fills an empty service with the demo contests of real, measured media, the 2025 one judged and published', async () => {
    const list = await h.eventually(async () => {
      const reply = await h.call<ContestListResponse>('/home/gameList', { body: {} });
      const past = reply.body.data.list.find((contest) => contest.title === '2025 Image Awards');
      // The list and its total are two statements: wait until both see all seven.
      return reply.body.data.total === 7 && reply.body.data.list.length === 7 && past?.resultsPublished && reply.body.data.list.every((contest) => contest.stage !== 'ended' || contest.resultsPublished) ? reply.body.data : null;
    }, 400_000);
    expect(list.collectingGameCount).toBe(1);
    expect(list.list.map((contest) => contest.stage).sort()).toEqual(['ended', 'ended', 'ended', 'ended', 'ended', 'review', 'submission']);

    const past = list.list.find((contest) => contest.title === '2025 Image Awards')!;
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

  it('fills every campaign page from the console’s data, with the linked contest’s winners', async () => {
    const page = await h.eventually(async () => {
      const reply = await h.call<CampaignView>('/contest/campaign', { body: { slug: '8k2023' }, lang: 'zh-CN' });
      return reply.status === 200 ? reply.body.data : null;
    });
    expect(page.title).toBe('8K 影像计划 2023');
    expect(page.winners.length).toBeGreaterThan(0);
    expect(page.heroUrl).toBeTruthy();
    for (const slug of ['8k2021', '8k2022', '8k2024', 'canon2022', 'canon2022autumn', 'fcb1year', 'fcb1year-m1', 'fcb1year-m2', 'fcb1year-m3']) {
      expect((await h.call('/contest/campaign', { body: { slug } })).status).toBe(200);
    }
    expect((await h.call('/contest/campaign', { body: { slug: 'nope' } })).status).toBe(422);
  });
});
