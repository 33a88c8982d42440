import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ContributedMaterial, ReviewRecord } from '@mkt/contracts';
import { CatalogueModule } from '@mkt/catalogue';
import { GID2, generateClip, startUploads, type UploadsHarness } from '../../../services/uploads/test/uploads-harness.js';

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
});
