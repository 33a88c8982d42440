import type { MaterialSaleSnapshot } from '@mkt/contracts';
import type { MaterialEntity } from '../entities/material.entity.js';

/** The part of a material that other services keep to sell it (carried by material.published). */
export function materialSaleSnapshot(m: MaterialEntity): MaterialSaleSnapshot {
  return {
    titleZh: m.titleZh,
    titleEn: m.titleEn,
    from: m.from,
    // Freshly created entities lack the columns the database defaults, hence the fallbacks.
    maxResolution: m.maxResolution ?? '',
    width: m.width ?? 0,
    height: m.height ?? 0,
    duration: m.duration === null || m.duration === undefined ? null : Number(m.duration),
    thumbnailKey: m.thumbnailKey ?? null,
    originalKey: m.originalKey ?? null,
    releases: { model: m.modelRelease ?? false, property: m.propertyRelease ?? false, editorialOnly: m.editorialOnly ?? false },
  };
}

export function materialPublishedPayload(m: MaterialEntity) {
  return {
    materialId: m.id,
    code: m.code,
    kind: m.kind,
    onlineAt: (m.onlineAt ?? new Date()).toISOString(),
    sale: materialSaleSnapshot(m),
    contributorId: m.contributorId ?? null,
  };
}
