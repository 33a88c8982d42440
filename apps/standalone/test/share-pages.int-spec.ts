import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { BoardLink, StaffRole } from '@mkt/contracts';
import { CatalogueModule, MaterialWriter } from '@mkt/catalogue';
import { ContestsModule } from '@mkt/contests';
import { TokenService, startServiceProcess, type RunningServiceProcess } from '@mkt/platform';
import { TestIdentityModule, createTestDatabase, type TestDatabase } from '@mkt/platform/testing';
import { serveWebApps } from '../src/web-apps.js';

/** The store's built index.html, as Vite writes it (shortened). */
const SHELL = `<!doctype html>
<html lang="zh-CN" data-theme="dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="流明素材 Lumen Stock：正版授权的视频、图片、音乐与音效素材。" />
    <title>流明素材</title>
    <script type="module" crossorigin src="/assets/index-share.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const PHASES = ['submission', 'review', 'announcement', 'publicity', 'ceremony', 'exhibition'] as const;
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

interface Page {
  status: number;
  headers: Headers;
  html: string;
  title: string | undefined;
  lang: string | undefined;
  /** Each <meta>'s content, decoded, by name or property. */
  meta: Record<string, string>;
}

/**
 * Shared store pages in the single-machine server: each owning service answers its page paths
 * with the store's shell and the page's Open Graph tags, ahead of the web apps' catch-all, in the
 * link's or the reader's language; anything it cannot show is the plain store, never an error
 * and never a word of what is not public.
 */
describe('single machine: shared store pages', () => {
  let db: TestDatabase;
  const root = mkdtempSync(join(tmpdir(), 'mkt-share-pages-'));
  const shellPath = join(root, 'web-store', 'dist', 'index.html');
  let server: RunningServiceProcess;
  const ids: Record<string, number> = {};
  const codes: Record<string, string> = {};
  const links: Record<string, string> = {};
  const BOARD_NAME = '<script>alert(1)</script> "Harbour" & co';

  async function page(path: string, headers: Record<string, string> = {}): Promise<Page> {
    const response = await fetch(`${server.url}${path}`, { headers });
    const html = await response.text();
    const meta: Record<string, string> = {};
    for (const [, , key, content] of html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)" \/>/g)) meta[key!] = decode(content!);
    return { status: response.status, headers: response.headers, html, title: /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&[^;]+;/g, decode), lang: /<html lang="([^"]+)"/.exec(html)?.[1], meta };
  }

  const store = async <T>(path: string, token: string, body: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', access_token: token }, body: JSON.stringify(body) });
    const reply = (await response.json()) as { data: T };
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(reply)}`);
    return reply.data;
  };
  const admin = async <T>(path: string, token: string, body: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/admin-api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const reply = (await response.json()) as T;
    if (response.status !== 201 && response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(reply)}`);
    return reply;
  };

  beforeAll(async () => {
    mkdirSync(join(root, 'web-store', 'dist'), { recursive: true });
    writeFileSync(shellPath, SHELL);
    db = await createTestDatabase('share-pages');
    server = await startServiceProcess({
      title: 'shared pages under test',
      modules: [TestIdentityModule, CatalogueModule, ContestsModule],
      env: { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: db.url, DATA_DIR: join(root, 'data'), LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
      // The store as `npm start` serves it, from a build of its own.
      override: (config) => ({ ...config, http: { ...config.http, storeShell: { source: 'file', path: shellPath } } }),
      configure: (app) => serveWebApps(app.getHttpAdapter().getInstance(), root),
    });
    const tokens = server.app.get(TokenService);
    const owner = await tokens.sign({ kind: 'user', userId: randomUUID(), sessionId: randomUUID() });
    const staff = (roles: StaffRole[]) => tokens.sign({ kind: 'staff', staffId: randomUUID(), sessionId: randomUUID(), roles, username: 'share-test' });

    const [video, photo, draft, music] = await server.app.get(MaterialWriter).createMany([
      {
        kind: 'video',
        status: 'published',
        titleZh: '黎明的港口',
        titleEn: 'Harbour at dawn',
        descriptionZh: '日出时分渔船驶离港口。',
        descriptionEn: 'Boats leave at sunrise <script>alert("x")</script> & \'more\'',
        thumbnailKey: 'renditions/share/video/thumb.jpg',
      },
      { kind: 'photo', status: 'published', titleZh: '雪山', titleEn: 'Snow peaks', thumbnailKey: 'renditions/share/photo/thumb.jpg' },
      { kind: 'video', status: 'draft', titleZh: '未发布的秘密', titleEn: 'Unreleased secret', descriptionEn: 'Nobody should read this', thumbnailKey: 'renditions/share/draft/thumb.jpg' },
      { kind: 'music', status: 'published', titleZh: '晨之律动', titleEn: 'Morning pulse', duration: 95, thumbnailKey: 'renditions/share/music/cover.jpg' },
    ]);
    Object.assign(ids, { video: video!.id, photo: photo!.id, draft: draft!.id, music: music!.id });
    Object.assign(codes, { video: video!.code, photo: photo!.code });
    const catalogue = server.app.get<DataSource>(getDataSourceToken('catalogue'));
    await catalogue.query(`INSERT INTO catalogue.music_details (material_id) VALUES ($1)`, [ids.music]);

    const curator = await staff(['admin']);
    const topic = (published: boolean, titleEn: string) =>
      admin<{ id: number }>('/topics', curator, { titleZh: '城市夜景', titleEn, descriptionEn: 'Lights after dark', homeCoverKey: 'renditions/share/topic.jpg', published, materialIds: [ids.video] });
    ids.topic = (await topic(true, 'City nights')).id;
    ids.hiddenTopic = (await topic(false, 'Hidden topic')).id;

    ids.board = (await store<{ id: number }>('/board/create', owner, { name: BOARD_NAME, materialIds: [ids.video, ids.photo] })).id;
    const link = (body: object) => store<BoardLink>('/board/links/create', owner, { id: ids.board, ...body });
    links.live = (await link({})).token;
    links.password = (await link({ password: 'open-sesame' })).token;
    const expired = await link({ expiresInDays: 1 });
    await catalogue.query(`UPDATE catalogue.board_links SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.id]);
    links.expired = expired.token;
    const revoked = await link({});
    await store('/board/links/revoke', owner, { id: ids.board, linkId: revoked.id });
    links.revoked = revoked.token;

    const contest = await admin<{ id: number }>('/contests', await staff(['contest-manager']), {
      titleZh: '城市之光摄影大赛',
      titleEn: 'City Lights Contest',
      rulesZh: '用镜头记录城市的夜晚。',
      rulesEn: 'Film the city at night.\n\nEntries close in spring.',
      bannerUrl: '/api/media/renditions/share/banner.jpg',
      maxScore: 10,
      pointsPool: 1_000_000,
      winnerInfoDays: 2,
      phases: Object.fromEntries(PHASES.map((phase, index) => [phase, { startsAt: iso(index * 10 - 1), endsAt: iso(index * 10 + 8) }])),
      tracks: [{ kind: 'video', titleZh: '视频赛道', titleEn: 'Video track' }],
      prizes: [{ trackIndex: 0, place: 1, winners: 1, titleZh: '一等奖', titleEn: 'First prize', cashFen: 800_000 }],
    });
    ids.contest = contest.id;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a video’s page in the link’s language, else the reader’s, with every tag from the material', async () => {
    const en = await page(`/Detail?id=${ids.video}&lang=en`, { 'accept-language': 'zh-CN' });
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(en.headers.get('cache-control')).toBe('no-cache');
    expect(en.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(en.lang).toBe('en');
    expect(en.title).toBe('Harbour at dawn | Lumen Stock');
    expect(en.meta).toMatchObject({
      description: 'Boats leave at sunrise <script>alert("x")</script> & \'more\'',
      'og:title': 'Harbour at dawn',
      'og:description': 'Boats leave at sunrise <script>alert("x")</script> & \'more\'',
      'og:type': 'video.other',
      'og:site_name': 'Lumen Stock',
      'og:url': `${server.url}/Detail?id=${ids.video}&lang=en`,
      'og:image': `${server.url}/api/media/renditions/share/video/thumb.jpg`,
      'og:image:width': '640',
      'og:image:height': '360',
      'og:locale': 'en_US',
      'og:locale:alternate': 'zh_CN',
      'twitter:card': 'summary_large_image',
    });
    // The description was written by a person: escaped, never markup of the page.
    expect(en.html).not.toContain('<script>alert');
    // The store itself still loads from the shell.
    expect(en.html).toContain('<script type="module" crossorigin src="/assets/index-share.js"></script>');

    for (const path of [`/Detail?id=${ids.video}`, `/detail?id=${ids.video}&mdp=6`]) {
      const zh = await page(path, { 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.8' });
      expect(zh.lang).toBe('zh-CN');
      expect(zh.title).toBe('黎明的港口 | 流明素材');
      expect(zh.meta).toMatchObject({ 'og:title': '黎明的港口', description: '日出时分渔船驶离港口。', 'og:site_name': '流明素材', 'og:locale': 'zh_CN', 'og:locale:alternate': 'en_US', 'og:url': `${server.url}/Detail?id=${ids.video}&lang=zh` });
    }
    // No link language, and a browser that prefers English.
    expect((await page(`/Detail?id=${ids.video}`, { 'accept-language': 'fr-FR,en;q=0.5' })).meta['og:title']).toBe('Harbour at dawn');
  });

  it('answers a photo’s page at its own address, with the store’s words where the contributor wrote none', async () => {
    for (const path of [`/DetailPic?id=${ids.photo}`, `/detailpic?id=${ids.photo}`, `/Detail?id=${ids.photo}`]) {
      const en = await page(`${path}&lang=en`);
      expect(en.meta).toMatchObject({
        'og:title': 'Snow peaks',
        'og:description': `Stock photo ${codes.photo}, licensed on Lumen Stock.`,
        'og:type': 'website',
        'og:url': `${server.url}/DetailPic?id=${ids.photo}&lang=en`,
        'og:image': `${server.url}/api/media/renditions/share/photo/thumb.jpg`,
      });
    }
    const zh = await page(`/DetailPic?id=${ids.photo}&lang=zh`, { 'accept-language': 'en' });
    expect(zh.meta).toMatchObject({ 'og:title': '雪山', 'og:description': `图片素材 ${codes.photo}，流明素材正版授权。` });
  });

  it('answers a track’s page', async () => {
    const en = await page(`/DetailMusic?id=${ids.music}&lang=en`);
    expect(en.meta).toMatchObject({
      'og:title': 'Morning pulse',
      'og:description': 'Morning pulse: music, 01:35, licensed on Lumen Stock.',
      'og:type': 'music.song',
      'og:url': `${server.url}/DetailMusic?id=${ids.music}&lang=en`,
      'og:image': `${server.url}/api/media/renditions/share/music/cover.jpg`,
    });
    // A cover of no known size claims none.
    expect(en.meta['og:image:width']).toBeUndefined();
    const zh = await page(`/DetailMusic?id=${ids.music}`);
    expect(zh.meta).toMatchObject({ 'og:title': '晨之律动', 'og:description': '音乐《晨之律动》，时长 01:35，流明素材正版授权。' });
    // Linked from a video page, a track still points at its own.
    expect((await page(`/Detail?id=${ids.music}&lang=en`)).meta['og:url']).toBe(`${server.url}/DetailMusic?id=${ids.music}&lang=en`);
  });

  it('answers a published topic’s page', async () => {
    const en = await page(`/Topic?id=${ids.topic}&lang=en`);
    expect(en.meta).toMatchObject({ 'og:title': 'City nights', 'og:description': 'Lights after dark', 'og:url': `${server.url}/Topic?id=${ids.topic}&lang=en`, 'og:image': `${server.url}/api/media/renditions/share/topic.jpg` });
    const zh = await page(`/Topic?id=${ids.topic}&lang=zh`);
    // The Chinese description is empty: the English one stands in, as in the store.
    expect(zh.meta).toMatchObject({ 'og:title': '城市夜景', 'og:description': 'Lights after dark', 'og:locale': 'zh_CN' });
  });

  it('answers a live guest link with the board’s name and cover, escaped, and the members’ page with nothing of it', async () => {
    const en = await page(`/SharedBoard?token=${links.live}&lang=en`);
    expect(en.title).toBe(`${BOARD_NAME} | Lumen Stock`);
    expect(en.meta).toMatchObject({
      'og:title': BOARD_NAME,
      'og:description': 'A shared board of 2 materials.',
      'og:url': `${server.url}/SharedBoard?token=${links.live}&lang=en`,
      'og:image': `${server.url}/api/media/renditions/share/video/thumb.jpg`,
      'og:image:width': '640',
    });
    expect(en.html).not.toContain('<script>alert(1)');
    expect(en.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;Harbour&quot; &amp; co');
    const zh = await page(`/SharedBoard?token=${links.live}`, { 'accept-language': 'zh-CN' });
    expect(zh.meta).toMatchObject({ 'og:title': BOARD_NAME, 'og:description': '分享的素材板，共 2 个素材。', 'og:locale': 'zh_CN' });

    // /Board is the members' page: the web apps' shell as built, with no tags of the board.
    const members = await page(`/Board?id=${ids.board}`);
    expect(members.status).toBe(200);
    expect(members.html).toBe(SHELL);
  });

  it('answers a contest’s entry and winners’ pages', async () => {
    const en = await page(`/ActivityDetail?id=${ids.contest}&lang=en`);
    expect(en.meta).toMatchObject({
      'og:title': 'City Lights Contest',
      'og:description': 'Film the city at night. Entries close in spring.',
      'og:type': 'website',
      'og:url': `${server.url}/ActivityDetail?id=${ids.contest}&lang=en`,
      'og:image': `${server.url}/api/media/renditions/share/banner.jpg`,
    });
    const zh = await page(`/postActivityDetail?id=${ids.contest}`, { 'accept-language': 'zh-CN' });
    // No results published yet: the contest's own title.
    expect(zh.meta).toMatchObject({ 'og:title': '城市之光摄影大赛', 'og:description': '用镜头记录城市的夜晚。', 'og:url': `${server.url}/postActivityDetail?id=${ids.contest}&lang=zh` });
  });

  it('answers what it cannot show with the plain store and its own tags, never an error, never a word of it', async () => {
    const plain = [
      '/Detail',
      '/Detail?id=999999',
      `/Detail?id=${ids.draft}`,
      '/Detail?id=abc',
      '/Detail?id=%00',
      `/Detail?id=${ids.video}%00`,
      '/Detail?id=99999999999999999999999999',
      '/Detail?id=1e3',
      `/Detail?id=${ids.video}&id=${ids.photo}`,
      `/Detail?id[]=${ids.video}`,
      `/DetailPic?id=-${ids.photo}`,
      `/DetailMusic?id=${ids.video}`,
      `/Topic?id=${ids.hiddenTopic}`,
      '/Topic?id=2147483648',
      `/SharedBoard?token=${links.password}`,
      `/SharedBoard?token=${links.expired}`,
      `/SharedBoard?token=${links.revoked}`,
      '/SharedBoard?token=unknown-token-unknown-token',
      '/SharedBoard?token=%3Cscript%3E',
      `/SharedBoard?token=${links.live}&token=${links.live}`,
      '/ActivityDetail?id=999',
      '/postActivityDetail?id=0',
      '/postActivityDetail?id=%E4%B8',
    ];
    for (const path of plain) {
      const shown = await page(path, { 'accept-language': 'en' });
      expect({ path, status: shown.status, title: shown.title, lang: shown.lang }).toEqual({ path, status: 200, title: 'Lumen Stock', lang: 'en' });
      expect({ path, meta: shown.meta }).toEqual({
        path,
        meta: expect.objectContaining({ 'og:title': 'Lumen Stock', 'og:description': 'Licensed stock video, photos, music and sound effects.', 'og:url': `${server.url}/?lang=en`, 'twitter:card': 'summary' }),
      });
      expect({ path, image: shown.meta['og:image'] }).toEqual({ path, image: undefined });
      for (const secret of ['Unreleased secret', 'Nobody should read', 'Hidden topic', 'Harbour', 'script&gt;', '<script>']) expect({ path, leaked: shown.html.includes(secret) }).toEqual({ path, leaked: false });
    }
    const zh = await page('/Detail?id=999999&lang=zh', { 'accept-language': 'en' });
    expect([zh.title, zh.lang, zh.meta['og:description']]).toEqual(['流明素材', 'zh-CN', '正版授权的视频、图片、音乐与音效素材。']);
  });

  it('leaves the rest to the web apps and the API, and says so when the store is not built', async () => {
    expect(await (await fetch(`${server.url}/`)).text()).toBe(SHELL);
    const api = await fetch(`${server.url}/api/nothing-here`);
    expect([api.status, api.headers.get('content-type')]).toEqual([404, expect.stringMatching(/application\/json/)]);
    // A NUL in an API call's query is still refused before any handler.
    expect((await fetch(`${server.url}/api/hotword?x=%00`)).status).toBe(422);
    // Pages, not API calls: not in the API's document.
    const openapi = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const pages = ['/Detail', '/detail', '/DetailPic', '/detailpic', '/DetailMusic', '/Topic', '/SharedBoard', '/ActivityDetail', '/postActivityDetail'];
    expect(Object.keys(openapi.paths).filter((path) => pages.includes(path))).toEqual([]);
    expect(Object.keys(openapi.paths)).toContain('/api/material/detail');

    renameSync(shellPath, `${shellPath}.away`);
    try {
      const missing = await page(`/Detail?id=${ids.video}&lang=en`);
      expect([missing.status, missing.headers.get('retry-after'), missing.headers.get('cache-control')]).toEqual([503, '30', 'no-store']);
      expect(missing.meta['og:title']).toBe('Harbour at dawn');
      expect(missing.html).toContain('Lumen Stock cannot be opened right now');
    } finally {
      renameSync(`${shellPath}.away`, shellPath);
    }
    expect((await page(`/Detail?id=${ids.video}`)).status).toBe(200);
  });
});
