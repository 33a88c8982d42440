import { choosePack, packActive, packValidUntil, packsView, unitFen } from './shop-rules.js';
import type { DownloadPackRow } from './shop.repository.js';

const NOW = new Date('2026-06-01T00:00:00Z');
const pack = (id: string, changes: Partial<DownloadPackRow> = {}): DownloadPackRow => ({
  id,
  userId: 'u',
  orderId: `o-${id}`,
  orderStatus: 'confirmed',
  nameZh: '包',
  nameEn: 'Pack',
  videoTotal: 2,
  photoTotal: 0,
  videoUsed: 0,
  photoUsed: 0,
  unitFen: 100,
  licence: { licenceType: 'personal' } as DownloadPackRow['licence'],
  validUntil: new Date('2026-07-01T00:00:00Z'),
  createdAt: new Date('2026-05-01T00:00:00Z'),
  ...changes,
});

describe('download pack rules', () => {
  it('prices each download at its share of the pack, never more than was paid', () => {
    expect(unitFen(30_000, 3)).toBe(10_000);
    expect(unitFen(10_000, 3)).toBe(3_333);
    expect(unitFen(10_000, 0)).toBe(0);
  });

  it('runs a pack from confirmation for its days, and only while its purchase stays confirmed', () => {
    expect(packValidUntil(NOW, 30).toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(packActive(pack('a'), NOW)).toBe(true);
    expect(packActive(pack('a', { validUntil: new Date('2026-05-31T23:59:59Z') }), NOW)).toBe(false);
    expect(packActive(pack('a', { orderStatus: 'closed' }), NOW)).toBe(false);
  });

  it('draws from the active pack ending soonest that still has the kind left', () => {
    const later = pack('later', { validUntil: new Date('2026-09-01T00:00:00Z') });
    const sooner = pack('sooner', { validUntil: new Date('2026-06-15T00:00:00Z') });
    const usedUp = pack('used', { validUntil: new Date('2026-06-02T00:00:00Z'), videoUsed: 2 });
    const expired = pack('expired', { validUntil: new Date('2026-05-01T00:00:00Z') });
    expect(choosePack([later, usedUp, expired, sooner], 'video', NOW)?.id).toBe('sooner');
    expect(choosePack([later, sooner], 'photo', NOW)).toBeNull();
  });

  it('sums what is left over active packs only', () => {
    const view = packsView([pack('a', { videoUsed: 1 }), pack('b', { orderStatus: 'closed' })], 'en', NOW);
    expect([view.videoLeft, view.photoLeft, view.packs.map((p) => p.active)]).toEqual([1, 0, [true, false]]);
  });
});
