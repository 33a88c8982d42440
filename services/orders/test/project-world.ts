import { randomUUID } from 'node:crypto';
import { CustomerProfileChanged, CustomerProjectChanged, MaterialPublished, type PayloadOf, type ProjectData, type ProjectDownloadResult } from '@mkt/contracts';
import type { ServiceUnderTest } from '@mkt/platform/testing';

export type Project = PayloadOf<typeof CustomerProjectChanged>;

export const PROJECT: Project = {
  projectId: 'PRJ-T-1',
  customerId: 'ENT-T',
  name: '星河 2026 品牌片',
  companyName: '星河传媒有限公司',
  status: 1,
  videoBranches: 2,
  photoBranches: 1,
  projectType: 'advertising',
  region: 'global',
  duration: '3y',
  purpose: '品牌宣传片',
  validUntil: null,
};

export function sale(titleZh: string, titleEn: string, kind: 'video' | 'photo' | 'music', originalKey: string | null) {
  return { titleZh, titleEn, from: 'own', maxResolution: '4K', width: 3840, height: 2160, duration: kind === 'photo' ? null : 12, thumbnailKey: null, originalKey };
}

export const [V1, V2, V3, P1, P2, SONG, EXTERNAL] = [9201, 9202, 9203, 9204, 9205, 9206, 9207];

/**
 * An enterprise project with two of its customers and seven materials on sale (videos, photos, a
 * track and one without an original), announced as identity and the catalogue would; returns the
 * customers and the calls the project tests make.
 */
export async function setUpProjectWorld(h: ServiceUnderTest) {
  const member = { id: randomUUID(), token: '' };
  const colleague = { id: randomUUID(), token: '' };
  const call = <T>(path: string, token: string, body: unknown = {}, lang = 'en') => h.call<T>(path, { token, body, lang });
  const download = (token: string, materialId: unknown) => call<ProjectDownloadResult>('/project/download', token, { materialId });
  const info = async (token: string) => (await call<ProjectData>('/project/info', token)).body.data;
  const profile = (userId: string, changes: Partial<PayloadOf<typeof CustomerProfileChanged>> = {}) =>
    h.publish(CustomerProfileChanged, userId, { userId, customerId: 'ENT-T', customerStatus: 1, customerType: 1, projectId: PROJECT.projectId, enterpriseAdmin: false, ...changes });
  const project = async (changes: Partial<Project> = {}) => {
    const next = { ...PROJECT, ...changes };
    await h.publish(CustomerProjectChanged, next.projectId, next);
    await h.eventually(async () => {
      const [row] = await h.sql<{ status: number; video_branches: number; valid_until: Date | null }>(`SELECT status, video_branches, valid_until FROM orders.projects WHERE project_id = $1`, [next.projectId]);
      return row && row.status === next.status && row.video_branches === next.videoBranches && (row.valid_until?.toISOString() ?? null) === next.validUntil;
    });
  };

  await h.storage().ensureBucket('originals');
  await h.storage().put('originals', 'm/v1/original.mp4', Buffer.from('video-one'), { contentType: 'video/mp4' });
  const now = new Date().toISOString();
  const publish = (materialId: number, kind: 'video' | 'photo' | 'music', titleZh: string, titleEn: string, originalKey: string | null) =>
    h.publish(MaterialPublished, String(materialId), { materialId, code: `${kind[0]!.toUpperCase()}${materialId}`, kind, onlineAt: now, sale: sale(titleZh, titleEn, kind, originalKey) });
  await publish(V1, 'video', '城市天际线', 'City skyline', 'originals/m/v1/original.mp4');
  await publish(V2, 'video', '海浪', 'Waves', 'originals/m/v2/original.mp4');
  await publish(V3, 'video', '森林', 'Forest', 'originals/m/v3/original.mp4');
  await publish(P1, 'photo', '茶园', 'Tea garden', 'originals/m/p1/original.jpg');
  await publish(P2, 'photo', '古镇', 'Old town', 'originals/m/p2/original.jpg');
  await publish(SONG, 'music', '晨曦', 'Dawn', 'originals/m/song.mp3');
  await publish(EXTERNAL, 'video', '外部素材', 'External clip', null);
  await project();
  await profile(member.id);
  await profile(colleague.id);
  await h.eventually(async () => (await h.sql(`SELECT 1 FROM orders.materials`)).length === 7 && (await h.sql(`SELECT 1 FROM orders.customers`)).length === 2);
  member.token = await h.userToken(member.id);
  colleague.token = await h.userToken(colleague.id);
  return { member, colleague, call, download, info, profile, project };
}
