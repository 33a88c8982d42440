import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ContributedMaterial, ReviewRecord } from '@mkt/contracts';
import { CatalogueModule } from '@mkt/catalogue';
import { GID2, GID3, generateClip, startUploads, type UploadsHarness } from '../../../services/uploads/test/uploads-harness.js';

/**
 * Review to catalogue across services, as the single process runs them: the uploads service's
 * approval travels as contribution.approved and the catalogue publishes the material.
 */
describe('contribution review publishes into the catalogue', () => {
  let h: UploadsHarness;
  beforeAll(async () => {
    h = await startUploads({ extraModules: [CatalogueModule], env: { UPLOAD_MIN_VIDEO_BYTES: '1000' } });
  });
  afterAll(() => h.close());

  it('publishes an approved clip into the catalogue, where search finds it; a rejection reaches the contributor, who resubmits', async () => {
    const { token, userId } = await h.user(GID2);
    const approved = await h.upload(token, 'video', 'lighthouse.mp4', await generateClip({ width: 1920, height: 1080, seconds: 3.5, pattern: 'mandelbrot' }));
    const rejected = await h.upload(token, 'video', 'blurry.mp4', await generateClip({ width: 1920, height: 1080, seconds: 3.5 }));
    await h.waitForStatus(approved.body.data.id, ['waiting']);
    await h.waitForStatus(rejected.body.data.id, ['waiting']);

    const sales = await h.staffToken(['sales']);
    expect((await h.admin('GET', '/reviews', { token: sales })).status).toBe(403);
    const reviewer = await h.staffToken(['reviewer']);
    const queue = await h.admin<ReviewRecord[]>('GET', `/reviews?filter=${encodeURIComponent(JSON.stringify({ status: 'waiting', contributorId: userId }))}`, { token: reviewer });
    expect(queue.headers.get('content-range')).toBe('reviews 0-1/2');
    expect(queue.body[0]).toMatchObject({ codec: 'h264', width: 1920, height: 1080, colorSpace: 'bt709', colorTransfer: 'bt709' });
    expect(queue.body[0]!.previewUrl).toMatch(/\/files\/renditions\/.*preview-480\.mp4/);

    const decision = await h.admin<ReviewRecord>('PUT', `/reviews/${approved.body.data.id}`, {
      token: reviewer,
      body: { decision: 'approve', titleZh: '灯塔夜景', titleEn: 'Lighthouse at night' },
    });
    expect(decision.body.status).toBe('published');
    const again = await h.admin<{ code: number }>('PUT', `/reviews/${approved.body.data.id}`, { token: reviewer, body: { decision: 'reject', reason: 'late' } });
    expect([again.status, again.body.code]).toEqual([409, 4006]);

    const catalogue = h.server.app.get<DataSource>(getDataSourceToken('catalogue'));
    const deadline = Date.now() + 20_000;
    let materials: { id: string; status: string; contributor_id: string; width: number; preview480_key: string }[] = [];
    while (materials.length === 0 && Date.now() < deadline) {
      materials = await catalogue.query(`SELECT id, status, contributor_id, width, preview480_key FROM catalogue.materials WHERE title_en = 'Lighthouse at night'`);
      if (materials.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(materials).toHaveLength(1);
    expect(materials[0]).toMatchObject({ status: 'published', contributor_id: userId, width: 1920 });
    const search = await h.call<{ infos: { id: number; title: string }[] }>('/material/search', { body: { keyword: 'lighthouse', type: 'video' } });
    expect(search.body.data.infos.map((m) => m.title)).toContain('Lighthouse at night');

    // Staff take the material off sale and put it back: the material centre follows the catalogue.
    const materialId = Number(materials[0]!.id);
    const statusInCentre = async () => (await h.call<ContributedMaterial>('/upload/material/detail', { token, body: { id: approved.body.data.id } })).body.data.status;
    const until = async (status: string) => {
      const end = Date.now() + 20_000;
      while ((await statusInCentre()) !== status && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await statusInCentre()).toBe(status);
    };
    const admin = await h.staffToken(['admin']);
    expect((await h.admin('PUT', `/materials/${materialId}`, { token: admin, body: { status: 'unpublished' } })).status).toBe(200);
    await until('unpublished');
    const edit = await h.call<{ code: number }>('/upload/material/update', { token, body: { id: approved.body.data.id, titleEn: 'Changed' } });
    expect([edit.status, edit.body.code]).toEqual([409, 4006]);
    expect((await h.admin('PUT', `/materials/${materialId}`, { token: admin, body: { status: 'published' } })).status).toBe(200);
    await until('published');

    await h.admin('PUT', `/reviews/${rejected.body.data.id}`, { token: reviewer, body: { decision: 'reject', reason: 'Out of focus' } });
    const seen = await h.call<ContributedMaterial>('/upload/material/detail', { token, body: { id: rejected.body.data.id } });
    expect(seen.body.data).toMatchObject({ status: 'rejected', reason: 'Out of focus' });
    const resubmitted = await h.call<ContributedMaterial>('/upload/material/resubmit', { token, body: { id: rejected.body.data.id, titleEn: 'Sharp now' } });
    expect(resubmitted.body.data).toMatchObject({ status: 'waiting', reason: null, titleEn: 'Sharp now' });
    const audit = await h.sql<{ action: string }>(`SELECT action FROM uploads.audit_log ORDER BY at`);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['approve', 'reject']));
  });

  it('asks the contributor for the details a file needs; a file without them is not approved on its file name', async () => {
    const { token } = await h.user(GID3);
    const stranger = await h.user(GID3);
    const clip = await h.upload(token, 'video', 'clip.mp4', await generateClip({ width: 1920, height: 1080, seconds: 3, pattern: 'mandelbrot' }));
    const id = clip.body.data.id;
    await h.waitForStatus(id, ['waiting']);
    const catalogue = h.server.app.get<DataSource>(getDataSourceToken('catalogue'));
    const [category] = await catalogue.query(`INSERT INTO catalogue.categories (kind, name_zh, name_en) VALUES ('video', '城市', 'City') RETURNING id`);

    // No title is made up from the file name, and the reviewer cannot approve without one.
    const untitled = await h.call<ContributedMaterial>('/upload/material/detail', { token, body: { id } });
    expect(untitled.body.data).toMatchObject({ titleZh: '', titleEn: '', detailsAt: null, categoryId: null, filters: {} });
    const reviewer = await h.staffToken(['reviewer']);
    const refused = await h.admin<{ code: number; message: string }>('PUT', `/reviews/${id}`, { token: reviewer, body: { decision: 'approve' } });
    expect([refused.status, refused.body.code]).toEqual([422, 4009]);
    expect(refused.body.message).toMatch(/title/);

    const details = {
      id,
      titleZh: '城市夜景 延时',
      titleEn: 'City lights at night',
      descriptionZh: '高楼间的车流',
      keywordsZh: ['城市', '夜景', '延时', '城市'],
      keywordsEn: ['city', 'night', 'timelapse', 'City'],
      categoryId: Number(category.id),
      filters: { mediaType: ['timelapse'], shootingType: ['fixed'], people: ['none'] },
      // Buildings in the shot and no property release: it can only be sold for editorial use.
      recognizablePeople: false,
      privateProperty: true,
    };
    // Refused: too few keywords, people not said, a value no filter has, a wrong type, someone else's file.
    const bad = [
      { ...details, keywordsEn: ['city', 'night'] },
      { ...details, filters: { shootingType: ['fixed'] } },
      { ...details, filters: { ...details.filters, shootingType: ['teleport'] } },
      { ...details, categoryId: '1' },
      { ...details, titleEn: 'a\u0000b' },
      { ...details, privateProperty: undefined },
      { ...details, recognizablePeople: 'no' },
    ];
    for (const body of bad) {
      const answer = await h.call<{ code: number }>('/upload/material/details', { token, body });
      expect(answer.status).toBe(422);
    }
    expect((await h.call('/upload/material/details', { token: stranger.token, body: details })).status).toBe(404);

    const saved = await h.call<ContributedMaterial>('/upload/material/details', { token, body: details });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ titleEn: 'City lights at night', keywordsZh: ['城市', '夜景', '延时'], keywordsEn: ['city', 'night', 'timelapse'], categoryId: Number(category.id), filters: details.filters });
    expect(saved.body.data.detailsAt).not.toBeNull();

    // The reviewer sees the details, corrects one keyword list, and approves.
    const record = await h.admin<ReviewRecord>('GET', `/reviews/${id}`, { token: reviewer });
    expect(record.body).toMatchObject({ titleZh: '城市夜景 延时', categoryId: Number(category.id), filters: details.filters });
    expect(record.body.missingReleases).toEqual(['property']);
    const unreleased = await h.admin<{ code: number }>('PUT', `/reviews/${id}`, { token: reviewer, body: { decision: 'approve' } });
    expect([unreleased.status, unreleased.body.code]).toEqual([422, 4104]);
    const approved = await h.admin<ReviewRecord>('PUT', `/reviews/${id}`, { token: reviewer, body: { decision: 'approve', editorialOnly: true, keywordsEn: ['city', 'night', 'time-lapse', 'skyline'] } });
    expect(approved.body).toMatchObject({ status: 'published', titleEn: 'City lights at night', keywordsEn: ['city', 'night', 'time-lapse', 'skyline'] });
    const after = await h.call<{ code: number }>('/upload/material/details', { token, body: details });
    expect([after.status, after.body.code]).toEqual([409, 4006]);

    // The catalogue publishes it under its category with the contributor's filters and the file's own.
    let rows: { category_id: number | null; filters: Record<string, string[]>; editorial_only: boolean }[] = [];
    for (const end = Date.now() + 20_000; rows.length === 0 && Date.now() < end; ) {
      rows = await catalogue.query(`SELECT category_id, filters, editorial_only FROM catalogue.materials WHERE title_en = 'City lights at night'`);
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows[0]).toMatchObject({ category_id: Number(category.id), editorial_only: true });
    expect(rows[0]!.filters).toMatchObject({ mediaType: ['timelapse'], shootingType: ['fixed'], people: ['none'], resolution: ['1080p'], release: ['editorial'] });
    const search = await h.call<{ infos: { title: string }[] }>('/material/search', { body: { keyword: 'skyline', type: 'video' } });
    expect(search.body.data.infos.map((m) => m.title)).toContain('City lights at night');
    // Buyers asking for editorial footage find it; asking for model-released footage does not.
    const editorial = await h.call<{ infos: { title: string }[] }>('/material/search', { body: { keyword: 'skyline', type: 'video', filters: { release: ['editorial'] } } });
    expect(editorial.body.data.infos.map((m) => m.title)).toContain('City lights at night');
    const released = await h.call<{ infos: { title: string }[] }>('/material/search', { body: { keyword: 'skyline', type: 'video', filters: { release: ['model-released'] } } });
    expect(released.body.data.infos.map((m) => m.title)).not.toContain('City lights at night');
  });
});
