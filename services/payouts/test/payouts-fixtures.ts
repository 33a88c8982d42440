import { randomUUID } from 'node:crypto';
import type { MaterialPublished, OrderConfirmed, PayloadOf } from '@mkt/contracts';

/** Events as the catalogue and orders announce them, for the payouts tests. */
type Confirmed = PayloadOf<typeof OrderConfirmed>;

export function publishedMaterial(materialId: number, contributorId: string | null): PayloadOf<typeof MaterialPublished> {
  return {
    materialId,
    code: `V${materialId}`,
    kind: 'video',
    onlineAt: '2025-01-01T00:00:00.000Z',
    contributorId,
    sale: { titleZh: `素材${materialId}`, titleEn: `Clip ${materialId}`, from: 'own', maxResolution: '4K', width: 3840, height: 2160, duration: 10, thumbnailKey: null, originalKey: null },
  };
}

export function confirmedOrder(confirmedAt: string, items: { materialId: number; priceFen: number }[], kind: Confirmed['kind'] = 'material'): Confirmed {
  return {
    orderId: randomUUID(),
    orderNo: `ORD${Math.floor(Math.random() * 1e9)}`,
    userId: randomUUID(),
    kind,
    projectId: kind === 'project' ? 'PRJ-1' : null,
    confirmedAt,
    paidAt: confirmedAt,
    totalFen: items.reduce((sum, i) => sum + i.priceFen, 0),
    terms: kind === 'project' ? null : { licenceType: 'commercial', buyerCompany: 'ACME', userCompany: 'ACME', projectType: 'ad', projectName: 'Spring', brand: 'ACME', purpose: 'web', region: 'mainland', duration: '1y', contact: 'Li' },
    items: items.map((item, index) => ({
      itemId: index + 1,
      materialId: item.materialId,
      kind: 'video',
      code: `V${item.materialId}`,
      titleZh: `素材${item.materialId}`,
      titleEn: `Clip ${item.materialId}`,
      thumbnailKey: null,
      originalKey: null,
      priceFen: item.priceFen,
      musicLicence: null,
    })),
  };
}
