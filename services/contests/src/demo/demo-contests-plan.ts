import type { CampaignSetup, ContestSetup, ContestTrackKind } from '@mkt/contracts';

/**
 * The demo contests (pure data): the spec's 2025 contest, over and with its results published,
 * one in its review phase that the demo judge can score, and next year's taking entries now.
 * The 2025 dates and the prizes are the spec's (section 9); the rest is invented for the demo.
 */
const DAY = 86_400_000;
const at = (iso: string) => new Date(iso).toISOString();

/** Midnight in UTC+8 of a calendar day, as UTC. */
const chinaMidnight = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d) - 8 * 3600_000).toISOString();

export interface DemoMediaSpec {
  /** Unique across the demo: names the cached render. */
  key: string;
  role: 'video' | 'cover' | 'photo';
  /** An ffmpeg lavfi source graph that renders it. */
  source: string;
}

export interface DemoEntry {
  trackIndex: number;
  participant: number;
  title: string;
  signature: string;
  location: string;
  intro: string;
  equipment: string;
  age: number;
  gender: 'male' | 'female' | 'other';
  ownerFlag: boolean;
  studentFlag: boolean;
  media: DemoMediaSpec[];
}

export interface DemoContest {
  key: string;
  setup: ContestSetup;
  entries: DemoEntry[];
  /** Judges with the tracks they score; the key is the demo's, printed in the README. */
  judges: { name: string; key?: string; trackIndexes: number[] }[];
  /** Publish the results at this time (after the review). */
  publishAt: string | null;
  /** Every judge scores every entry of their tracks. */
  scored: boolean;
}

/** The judge key of the demo contest being reviewed, so the portal can be tried (README). */
export const DEMO_JUDGE_KEY = 'JUDG-E2K7-DEMQ-W8N3-PZ5R';

const TRACKS: { kind: ContestTrackKind; titleZh: string; titleEn: string; rulesZh: string; rulesEn: string }[] = [
  { kind: 'video', titleZh: '视频 · 驭见城市', titleEn: 'Video · Driving the city', rulesZh: '用 30 秒至 5 分钟的影片讲述城市与出行，品牌车型出镜 10 秒以上。', rulesEn: 'A 30-second to 5-minute film about the city on the move; the brand’s car on screen for over 10 seconds.' },
  { kind: 'video', titleZh: '视频 · 远方的路', titleEn: 'Video · Roads far away', rulesZh: '公路旅行、自然风光与驾驶的故事。', rulesEn: 'Road trips, landscapes and the stories of driving.' },
  { kind: 'photo', titleZh: '组图 · 人文纪实', titleEn: 'Photo group · People and places', rulesZh: '5 至 9 张为一组，记录真实的人与生活。', rulesEn: 'Groups of 5 to 9 photos of real people and their lives.' },
  { kind: 'photo', titleZh: '组图 · 自然风光', titleEn: 'Photo group · Landscapes', rulesZh: '山川湖海，光影四季。', rulesEn: 'Mountains, lakes, seas and the light of the seasons.' },
  { kind: 'photo', titleZh: '组图 · 车与生活', titleEn: 'Photo group · Cars and life', rulesZh: '首张图片须包含品牌车型。', rulesEn: 'The first photo must show the brand’s car.' },
  { kind: 'photo', titleZh: '组图 · 夜色星空', titleEn: 'Photo group · Night skies', rulesZh: '夜景、星轨与城市灯火。', rulesEn: 'Night scenes, star trails and city lights.' },
];

const RULES_ZH = `一、参赛对象：所有热爱影像创作的个人均可参赛。
二、作品要求：作品须为本人原创，不接受合成或 AI 生成作品；每个赛道每人最多投稿 15 次；同一作品不能投稿多个赛道。
三、评审：评委按评分细则（百分制折算）对作品打分，按平均分排名。
四、获奖者须在结果公布后 2 天内提交领奖信息，逾期视为放弃。
五、车主奖、学生奖获奖者须补充提交车主或学生证明。`;
const RULES_EN = `1. Open to every individual who loves making images.
2. Works must be your own: no composites or AI generation; at most 15 entries per track per person; one work cannot enter several tracks.
3. Judges score works by the rubric (scaled from 100); entries rank by their average score.
4. Winners give their details within 2 days of the results, or forfeit the prize.
5. Owner and student award winners send proof of ownership or studies afterwards.`;

/** The spec's prizes: 8000, 3000 and 1500 yuan in each track, the 8888 owner award and the 13000 grand prize, plus goods. */
function prizes(trackCount: number): ContestSetup['prizes'] {
  const perTrack = Array.from({ length: trackCount }, (_, trackIndex) => [
    { trackIndex, place: 1, winners: 1, titleZh: '一等奖', titleEn: 'First prize', cashFen: 800_000, goodsZh: '品牌定制礼盒', goodsEn: 'Brand gift box', eligibility: 'all' as const },
    { trackIndex, place: 2, winners: 1, titleZh: '二等奖', titleEn: 'Second prize', cashFen: 300_000, goodsZh: '', goodsEn: '', eligibility: 'all' as const },
    { trackIndex, place: 3, winners: 1, titleZh: '三等奖', titleEn: 'Third prize', cashFen: 150_000, goodsZh: '', goodsEn: '', eligibility: 'all' as const },
  ]).flat();
  return [
    { trackIndex: null, place: 1, winners: 1, titleZh: '年度大奖', titleEn: 'Grand prize', cashFen: 1_300_000, goodsZh: '年度影像人奖杯', goodsEn: 'Image maker of the year trophy', eligibility: 'all' },
    ...perTrack,
    { trackIndex: null, place: 4, winners: 1, titleZh: '车主奖', titleEn: 'Owner award', cashFen: 888_800, goodsZh: '一年免费保养', goodsEn: 'A year of free servicing', eligibility: 'owner' },
  ];
}

function setup(titleZh: string, titleEn: string, phases: ContestSetup['phases'], trackIndexes: number[]): ContestSetup {
  const tracks = trackIndexes.map((index) => ({ ...TRACKS[index]! }));
  return { titleZh, titleEn, rulesZh: RULES_ZH, rulesEn: RULES_EN, bannerUrl: null, maxScore: 10, pointsPool: 1_000_000, winnerInfoDays: 2, entriesPerTrack: 15, phases, tracks, prizes: prizes(tracks.length) };
}

const PLACES = [
  ['重庆', 'Chongqing'],
  ['川西', 'Western Sichuan'],
  ['青海湖', 'Qinghai Lake'],
  ['厦门', 'Xiamen'],
  ['喀纳斯', 'Kanas'],
  ['上海', 'Shanghai'],
] as const;
const TITLES = ['雾中的城', '归途', '山海之间', '晨光', '夜行者', '回声', '远山', '潮汐', '星河', '一路向西', '光的河流', '风的形状', '灯火', '雪线', '长夜', '海风'];

/**
 * A smooth field of colour waves, drifting over time when `drift` is above 0: `geq` over `nullsrc`
 * at a small size, scaled up. Every supported ffmpeg has both, the npm build of 2018 included
 * (the `gradients` source came with ffmpeg 4.3 and is missing from it). Each seed its own picture.
 */
export function colourField(seed: number, width: number, height: number, drift: number): string {
  let state = (seed * 2654435761) >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const num = (value: number) => value.toFixed(3);
  const channel = () => {
    const wave = (amplitude: number) =>
      `${amplitude}*sin(2*PI*(${num(0.3 + next() * 1.2)}*X/W+${num(next() * 1.4 - 0.7)}*Y/H+${num((next() - 0.5) * 2 * drift)}*T)+${num(next() * 6.283)})`;
    return `'${100 + Math.round(next() * 50)}+${wave(70)}+${wave(35)}'`;
  };
  return `nullsrc=s=${Math.round(width / 12)}x${Math.round(height / 12)},geq=r=${channel()}:g=${channel()}:b=${channel()},scale=${width}:${height}:flags=bicubic`;
}

/** Colour fields for videos and most photos, fractal close-ups for the rest: cheap to render, each seed its own work. */
function videoMedia(key: string, seed: number): DemoMediaSpec[] {
  return [
    { key: `${key}-video`, role: 'video', source: `${colourField(seed, 1920, 1080, 0.03)},format=yuv420p` },
    { key: `${key}-cover`, role: 'cover', source: colourField(seed, 1920, 1080, 0) },
  ];
}

/** Points on the Mandelbrot set's edge with the scale that shows them well. */
const FRACTAL_VIEWS = [
  [-0.743643887, 0.131825904, 0.03],
  [-0.16, 1.04, 0.12],
  [-1.25, 0.02, 0.15],
  [0.285, 0.01, 0.05],
  [-0.7453, 0.1127, 0.008],
  [-1.768, 0.001, 0.02],
  [-0.75, 0.1, 0.25],
] as const;

function photoMedia(key: string, seed: number): DemoMediaSpec[] {
  return Array.from({ length: 5 }, (_, index) => {
    const own = seed * 10 + index;
    const [x, y, scale] = FRACTAL_VIEWS[own % FRACTAL_VIEWS.length]!;
    const source =
      index % 2 === 0
        ? colourField(own, 1920, 1280, 0)
        : `mandelbrot=s=960x640:start_x=${x}:start_y=${y}:start_scale=${(scale * (1 + (own % 5) * 0.35)).toFixed(4)}:end_scale=0.001,scale=1920:1280`;
    return { key: `${key}-photo-${index}`, role: 'photo' as const, source };
  });
}

function entries(contestKey: string, trackKinds: ContestTrackKind[], perTrack: number, seedBase: number): DemoEntry[] {
  const list: DemoEntry[] = [];
  trackKinds.forEach((kind, trackIndex) => {
    for (let n = 0; n < perTrack; n++) {
      const i = list.length;
      const seed = seedBase + i;
      const [placeZh] = PLACES[i % PLACES.length]!;
      list.push({
        trackIndex,
        participant: i % 7,
        title: TITLES[(i + seedBase) % TITLES.length]!,
        signature: ['林小雨', '周远', 'Alex Chen', '陈默', '王一帆', 'Mia Liu', '赵川'][i % 7]!,
        location: placeZh,
        intro: kind === 'video' ? '一段关于路与城市的影像，记录清晨到夜晚的光线变化。' : '一组记录光影与色彩的照片，拍摄于旅途之中。',
        equipment: kind === 'video' ? 'Sony FX3 · 24-70mm' : 'Nikon Z8 · 14-24mm',
        age: 19 + ((i * 7) % 30),
        gender: (['female', 'male', 'other'] as const)[i % 3]!,
        ownerFlag: i % 3 === 0,
        studentFlag: i % 4 === 1,
        media: kind === 'video' ? videoMedia(`${contestKey}-${i}`, seed) : photoMedia(`${contestKey}-${i}`, seed),
      });
    }
  });
  return list;
}

/** The demo contests relative to `now` (the first start of the demo; the dates are then kept). */
export function planDemoContests(now: Date): DemoContest[] {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString();
  const nextYear = new Date(now.getTime() + 120 * DAY).getUTCFullYear();
  const past = setup('2025 年度影像大赛', '2025 Image Awards', {
    submission: { startsAt: chinaMidnight(2025, 1, 1), endsAt: chinaMidnight(2025, 4, 1) },
    review: { startsAt: chinaMidnight(2025, 4, 1), endsAt: chinaMidnight(2025, 4, 21) },
    announcement: { startsAt: chinaMidnight(2025, 4, 21), endsAt: chinaMidnight(2025, 4, 30) },
    publicity: { startsAt: chinaMidnight(2025, 4, 30), endsAt: chinaMidnight(2025, 5, 7) },
    ceremony: { startsAt: chinaMidnight(2025, 5, 10), endsAt: chinaMidnight(2025, 5, 11) },
    exhibition: { startsAt: chinaMidnight(2025, 5, 11), endsAt: chinaMidnight(2025, 7, 1) },
  }, [0, 1, 2, 3, 4, 5]);
  const reviewing = setup('城市夜色 · 秋季影像赛', 'City Nights · Autumn Contest', {
    submission: { startsAt: day(-40), endsAt: day(-3) },
    review: { startsAt: day(-3), endsAt: day(14) },
    announcement: { startsAt: day(15), endsAt: day(21) },
    publicity: { startsAt: day(21), endsAt: day(28) },
    ceremony: { startsAt: day(30), endsAt: day(31) },
    exhibition: { startsAt: day(31), endsAt: day(60) },
  }, [0, 5]);
  const collecting = setup(`${nextYear} 年度影像大赛`, `${nextYear} Image Awards`, {
    submission: { startsAt: day(-7), endsAt: at(`${nextYear}-03-31T16:00:00Z`) },
    review: { startsAt: at(`${nextYear}-03-31T16:00:00Z`), endsAt: at(`${nextYear}-04-20T16:00:00Z`) },
    announcement: { startsAt: at(`${nextYear}-04-20T16:00:00Z`), endsAt: at(`${nextYear}-04-29T16:00:00Z`) },
    publicity: { startsAt: at(`${nextYear}-04-29T16:00:00Z`), endsAt: at(`${nextYear}-05-06T16:00:00Z`) },
    ceremony: { startsAt: at(`${nextYear}-05-09T16:00:00Z`), endsAt: at(`${nextYear}-05-10T16:00:00Z`) },
    exhibition: { startsAt: at(`${nextYear}-05-10T16:00:00Z`), endsAt: at(`${nextYear}-06-30T16:00:00Z`) },
  }, [0, 1, 2, 3, 4, 5]);
  return [
    {
      key: 'awards-2025',
      setup: past,
      entries: entries('awards-2025', past.tracks.map((t) => t.kind), 2, 100),
      judges: [
        { name: '张评委', trackIndexes: [0, 1, 2, 3, 4, 5] },
        { name: 'Judge Rivera', trackIndexes: [0, 1, 2, 3, 4, 5] },
        { name: '李评委', trackIndexes: [0, 1, 2, 3, 4, 5] },
      ],
      publishAt: chinaMidnight(2025, 4, 22),
      scored: true,
    },
    {
      key: 'city-nights',
      setup: reviewing,
      entries: entries('city-nights', reviewing.tracks.map((t) => t.kind), 2, 300),
      judges: [{ name: '演示评委', key: DEMO_JUDGE_KEY, trackIndexes: [0, 1] }],
      publishAt: null,
      scored: false,
    },
    { key: 'awards-next', setup: collecting, entries: [], judges: [], publishAt: null, scored: false },
    ...[2021, 2022, 2023, 2024].map((year) => yearly(year)),
  ];
}

/** The 8K image project of a past year (/8k2021 … /8k2024): one video and one photo track, judged and published. */
function yearly(year: number): DemoContest {
  const contest = setup(`8K 影像计划 ${year}`, `8K Image Project ${year}`, {
    submission: { startsAt: chinaMidnight(year, 6, 1), endsAt: chinaMidnight(year, 9, 1) },
    review: { startsAt: chinaMidnight(year, 9, 1), endsAt: chinaMidnight(year, 9, 21) },
    announcement: { startsAt: chinaMidnight(year, 9, 21), endsAt: chinaMidnight(year, 9, 30) },
    publicity: { startsAt: chinaMidnight(year, 9, 30), endsAt: chinaMidnight(year, 10, 7) },
    ceremony: { startsAt: chinaMidnight(year, 10, 10), endsAt: chinaMidnight(year, 10, 11) },
    exhibition: { startsAt: chinaMidnight(year, 10, 11), endsAt: chinaMidnight(year, 11, 30) },
  }, [0, 3]);
  const list = entries(`8k${year}`, ['video', 'photo', 'photo'], 1, year * 10).map((entry, index) => ({ ...entry, trackIndex: index === 0 ? 0 : 1 }));
  return {
    key: `8k${year}`,
    setup: contest,
    entries: list,
    judges: [{ name: '8K 评审团', trackIndexes: [0, 1] }],
    publishAt: chinaMidnight(year, 9, 22),
    scored: true,
  };
}

const section = (headingZh: string, headingEn: string, textZh: string, textEn: string) => ({ headingZh, headingEn, textZh, textEn });

/** The campaign pages, each pointing at the demo contest whose winners it shows. */
export function planDemoCampaigns(contestIds: Record<string, number>): CampaignSetup[] {
  const page = (slug: CampaignSetup['slug'], contestKey: string | null, titleZh: string, titleEn: string, subtitleZh: string, subtitleEn: string, sections: CampaignSetup['sections']): CampaignSetup => ({
    slug,
    contestId: contestKey ? (contestIds[contestKey] ?? null) : null,
    titleZh,
    titleEn,
    subtitleZh,
    subtitleEn,
    bannerUrl: null,
    sections,
    winnersShown: 6,
    published: true,
  });
  const yearly = ([2021, 2022, 2023, 2024] as const).map((year) =>
    page(`8k${year}`, `8k${year}`, `8K 影像计划 ${year}`, `8K Image Project ${year}`, `${year} 年度超高清影像征集与获奖作品`, `The ${year} call for ultra-high-definition work, and its winners`, [
      section('关于计划', 'About the project', `${year} 年，我们面向所有创作者征集超高清视频与组图，评审团从上百件作品中评出年度佳作。`, `In ${year} we invited every creator to send ultra-high-definition films and photo groups; the jury chose the year’s best from hundreds of works.`),
      section('评审', 'Judging', '评委按评分细则独立打分，按平均分排名，并列名次共享奖项。', 'Judges scored independently by the rubric; entries ranked by their average, and tied works shared a prize.'),
    ]),
  );
  return [
    ...yearly,
    page('canon2022', '8k2022', '光影相机 · 2022 城市影像季', 'Lightframe Cameras · City Season 2022', '与光影相机联合发起的城市主题征集', 'A city-themed call run with Lightframe Cameras', [
      section('活动介绍', 'The campaign', '用镜头记录城市的节奏，获奖作品将在品牌线下门店展出。', 'Capture the rhythm of the city; winning works are shown in the brand’s stores.'),
    ]),
    page('canon2022autumn', 'city-nights', '光影相机 · 秋季夜色', 'Lightframe Cameras · Autumn Nights', '夜景与城市灯火主题征集', 'A call for night scenes and city lights', [
      section('活动介绍', 'The campaign', '秋夜的城市，灯火与星空。作品正在评审中，结果公布后将在此展示。', 'The city on autumn nights, its lights and its stars. The works are being judged; the winners will be shown here.'),
    ]),
    page('fcb1year', 'awards-next', '年度影像大赛', 'The Image Awards', '奖金、曝光与 1,000,000 积分', 'Prize money, exposure and 1,000,000 points', [
      section('一起创作', 'Create with us', '品牌车型出镜、城市与远方的故事：视频与组图六大赛道，欢迎所有影像创作者参赛。', 'Stories of the city and the road, with the brand’s car on screen: six tracks of film and photo groups, open to every image maker.'),
    ]),
    page('fcb1year-m1', 'awards-next', '参赛须知', 'How to enter', '作品要求与提交方式', 'What to send and how', [
      section('视频', 'Films', 'MP4，1920x1080，500MB 以内，30 秒以上、5 分钟以内，品牌车型出镜 10 秒以上；封面 JPG，1920x1080，2MB 以内。', 'MP4, 1920x1080, 500 MB or less, over 30 seconds and under 5 minutes, the brand’s car on screen for over 10 seconds; a JPG cover, 1920x1080, 2 MB or less.'),
      section('组图', 'Photo groups', '每组 5 至 9 张 JPG，每张 5MB 以内，长边不超过 30000 像素，首张须包含品牌车型。', '5 to 9 JPGs per group, each 5 MB or less, long side at most 30000 px; the first shows the brand’s car.'),
    ]),
    page('fcb1year-m2', 'awards-next', '奖项设置', 'Prizes', '现金奖励、实物奖品与积分', 'Cash, goods and points', [
      section('奖金', 'Cash', '年度大奖 13000 元；各赛道一等奖 8000 元、二等奖 3000 元、三等奖 1500 元；车主奖 8888 元。', 'Grand prize 13,000 yuan; in each track 8,000, 3,000 and 1,500 yuan for the first three places; the owner award 8,888 yuan.'),
      section('积分', 'Points', '1,000,000 积分由全体参赛者共享。', '1,000,000 points are shared among all participants.'),
    ]),
    page('fcb1year-m3', 'awards-2025', '往届佳作', 'Past winners', '2025 年度影像大赛获奖作品', 'The winners of the 2025 Image Awards', []),
  ];
}

/** A fixed participant of the demo (no store account: the demo's entrants are invented). */
export function demoParticipantId(index: number): string {
  return `00000000-0000-4000-8000-${String(900000000000 + index).padStart(12, '0')}`;
}

/** The score a demo judge gives an entry: spread over the scale, the same on every start. */
export function demoScore(judgeIndex: number, entryIndex: number, maxScore: number): number {
  return 1 + ((entryIndex * 7 + judgeIndex * 3 + entryIndex * judgeIndex) % maxScore);
}
