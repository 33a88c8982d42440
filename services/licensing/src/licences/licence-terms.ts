import { randomInt } from 'node:crypto';
import { LICENCE_LABELS, PERSONAL_DELIVERY_BOX, PERSONAL_LICENCE_LIMIT, type MaterialReleases, type OrderConfirmed, type PayloadOf } from '@mkt/contracts';
import { chinaDate, chinaWallClock } from '@mkt/platform';

/** Everything an authorization file prints, fixed when the order is confirmed. */
export interface LicenceTerms {
  orderNo: string;
  kind: 'video' | 'photo' | 'music' | 'sfx';
  materialId: number;
  materialCode: string;
  titleZh: string;
  titleEn: string;
  licenceType: string;
  buyerCompany: string;
  userCompany: string;
  projectName: string;
  brand: string;
  projectType: string;
  region: string;
  purpose: string;
  duration: string;
  music: { scene: string; channel: string; period: string; area: string } | null;
  /** Videos and photos: their model and property releases, or "editorial use only" (absent on files issued before releases). */
  releases?: string | null;
  /** The enterprise project a download was licensed under (absent on files issued before projects existed). */
  enterpriseProject?: string | null;
  /** Dates as shown: UTC+8 calendar days. */
  issuedOn: string;
  validUntil: string;
}

type Item = PayloadOf<typeof OrderConfirmed>['items'][number];
type Terms = NonNullable<PayloadOf<typeof OrderConfirmed>['terms']>;

const label = (table: Record<string, readonly [string, string]>, key: string): string => {
  const pair = table[key];
  return pair ? `${pair[0]} / ${pair[1]}` : key;
};

/** The last day a licence of the given duration covers; permanent and buyout never end. */
export function validUntil(confirmedAt: Date, duration: string): string {
  const months = { '1m': 1, '1y': 12, '3y': 36, '5y': 60 }[duration];
  if (!months) return '永久 / Permanent';
  const local = chinaWallClock(confirmedAt);
  const end = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + months, local.getUTCDate() - 1));
  return end.toISOString().slice(0, 10);
}

/** The personal licence's limit as the file prints it, in both languages. */
export function personalLimitText(kind: 'video' | 'photo'): string {
  const box = PERSONAL_DELIVERY_BOX[kind];
  return kind === 'video'
    ? `${PERSONAL_LICENCE_LIMIT.video}, ${box.long}×${box.short}`
    : `中图，长边 ${box.long} 像素 / ${PERSONAL_LICENCE_LIMIT.photo}, ${box.long} px long side`;
}

export function termsOf(order: PayloadOf<typeof OrderConfirmed>, item: Item): LicenceTerms {
  const confirmedAt = new Date(order.confirmedAt);
  const t: Terms | null = order.terms;
  const type = t ? label(LICENCE_LABELS.type, t.licenceType) : label(LICENCE_LABELS.type, 'commercial');
  // A personal licence covers 1080P video or a medium-size photo (spec section 9): printed on the file.
  const limit = t?.licenceType === 'personal' && (item.kind === 'video' || item.kind === 'photo') ? ` (${personalLimitText(item.kind)})` : '';
  return {
    orderNo: order.orderNo,
    kind: item.kind,
    materialId: item.materialId,
    materialCode: item.code,
    titleZh: item.titleZh,
    titleEn: item.titleEn,
    licenceType: type + limit,
    buyerCompany: t?.buyerCompany ?? '',
    userCompany: t?.userCompany ?? '',
    projectName: t?.projectName ?? '',
    brand: t?.brand ?? '',
    projectType: t ? label(LICENCE_LABELS.projectType, t.projectType) : '',
    region: item.musicLicence ? item.musicLicence.area : t ? label(LICENCE_LABELS.region, t.region) : '',
    purpose: item.musicLicence ? `${item.musicLicence.scene} · ${item.musicLicence.channel}` : (t?.purpose ?? ''),
    duration: item.musicLicence ? item.musicLicence.period : t ? label(LICENCE_LABELS.duration, t.duration) : '',
    music: item.musicLicence,
    releases: item.kind === 'video' || item.kind === 'photo' ? releaseStatusText(item.releases) : null,
    enterpriseProject: order.projectId,
    issuedOn: chinaDate(confirmedAt),
    validUntil: item.musicLicence ? item.musicLicence.period : validUntil(confirmedAt, t?.duration ?? 'permanent'),
  };
}

/** A material's releases as the file prints them, in both languages; unknown on orders placed before releases were kept. */
export function releaseStatusText(releases: MaterialReleases | null): string {
  if (!releases) return '未记录 / Not recorded';
  if (releases.editorialOnly) return '仅限编辑用途，无模特或物业许可 / Editorial use only: no model or property release';
  const held = [
    ...(releases.model ? ['模特肖像许可已备案 / Model release on file'] : []),
    ...(releases.property ? ['物业许可已备案 / Property release on file'] : []),
  ];
  return held.length > 0 ? held.join('; ') : '未备案任何许可 / No release on file';
}

/** Unambiguous letters and digits (no 0/O, 1/I/L): easy to read off a printed page. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
