import type { OrderConfirmed, PayloadOf } from '@mkt/contracts';
import { chinaDate } from '@mkt/platform';
import { newVerificationCode, termsOf, validUntil } from './licence-terms.js';

const order: PayloadOf<typeof OrderConfirmed> = {
  orderId: '6f1c1f7e-5a43-4d36-9d5e-1c8f1f0a0b11',
  orderNo: 'LS202611211200001234',
  userId: '0b7d8c52-7d0a-4f39-8f60-0b0f3c1a2d33',
  kind: 'material',
  projectId: null,
  // 23:30 UTC is already the next day in China.
  confirmedAt: '2026-01-31T23:30:00.000Z',
  paidAt: null,
  totalFen: 100,
  terms: { licenceType: 'personal', buyerCompany: '甲公司', userCompany: '乙公司', projectType: 'film-tv', projectName: '纪录片', brand: '', purpose: '片头', region: 'global', duration: '3y', contact: '张三' },
  items: [],
};
const video = { itemId: 1, materialId: 7, kind: 'video' as const, code: 'V7', titleZh: '雪山', titleEn: 'Snow mountain', thumbnailKey: null, originalKey: null, priceFen: 100, musicLicence: null, releases: null };

describe('licence terms', () => {
  it('dates the licence in China time and ends it the day before the anniversary', () => {
    expect(chinaDate(new Date(order.confirmedAt))).toBe('2026-02-01');
    expect(validUntil(new Date(order.confirmedAt), '1y')).toBe('2027-01-31');
    expect(validUntil(new Date(order.confirmedAt), '1m')).toBe('2026-02-28');
    expect(validUntil(new Date(order.confirmedAt), 'permanent')).toBe('永久 / Permanent');
    expect(validUntil(new Date(order.confirmedAt), 'buyout')).toBe('永久 / Permanent');
  });

  it('prints bilingual labels and the personal licence limit', () => {
    const terms = termsOf(order, video);
    expect(terms).toMatchObject({
      licenceType: '个人非商业授权 / Individual non-commercial (1080P, 1920×1080)',
      region: '全球 / Global',
      duration: '3 年 / 3 years',
      projectType: '影视 / Film and TV',
      issuedOn: '2026-02-01',
      validUntil: '2029-01-31',
      materialCode: 'V7',
      enterpriseProject: null,
    });
    expect(termsOf(order, { ...video, kind: 'photo' }).licenceType).toBe('个人非商业授权 / Individual non-commercial (中图，长边 1000 像素 / medium, 1000 px long side)');
    expect(termsOf({ ...order, terms: { ...order.terms!, licenceType: 'commercial' } }, video).licenceType).toBe('商业授权 / Commercial');
  });

  it('names the enterprise project a download was licensed under', () => {
    expect(termsOf({ ...order, kind: 'project', projectId: 'PRJ-2026-01' }, video).enterpriseProject).toBe('PRJ-2026-01');
  });

  it('prints a music licence with its four answers', () => {
    const music = { ...video, kind: 'music' as const, musicLicence: { scene: '网络视频', channel: '新媒体', period: '1 年', area: '中国大陆' } };
    expect(termsOf({ ...order, terms: null }, music)).toMatchObject({ licenceType: '商业授权 / Commercial', region: '中国大陆', duration: '1 年', purpose: '网络视频 · 新媒体' });
  });

  it('states the release status of videos and photos as the order recorded it, and none for music', () => {
    const released = { model: true, property: true, editorialOnly: false };
    expect(termsOf(order, { ...video, releases: released }).releases).toBe('模特肖像许可已备案 / Model release on file; 物业许可已备案 / Property release on file');
    expect(termsOf(order, { ...video, kind: 'photo', releases: { model: false, property: false, editorialOnly: true } }).releases).toBe(
      '仅限编辑用途，无模特或物业许可 / Editorial use only: no model or property release',
    );
    expect(termsOf(order, { ...video, releases: { model: false, property: false, editorialOnly: false } }).releases).toBe('未备案任何许可 / No release on file');
    expect(termsOf(order, video).releases).toBe('未记录 / Not recorded');
    expect(termsOf(order, { ...video, kind: 'music', releases: released }).releases).toBeNull();
  });

  it('makes 12-character codes without look-alike characters', () => {
    const codes = new Set(Array.from({ length: 200 }, newVerificationCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{12}$/);
  });
});
