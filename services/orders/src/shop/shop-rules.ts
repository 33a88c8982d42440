import type { DownloadPackView, DownloadPacksResponse, Language, LicenceForm, ShopProductRecord, ShopProductView } from '@mkt/contracts';
import { titleIn } from '../orders/order-view.js';
import type { DownloadPackRow, ShopProductRow } from './shop.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The licence every download of a pack is issued under: the product's terms, the licensee the
 * buyer named at purchase. The pack, not a project or a brief, is what the buyer licensed for.
 */
export function packLicence(product: Pick<ShopProductRow, 'licenceType' | 'region' | 'duration' | 'nameZh'>, licensee: string): LicenceForm {
  return {
    licenceType: product.licenceType,
    buyerCompany: licensee,
    projectType: 'other',
    projectName: product.nameZh,
    brand: '',
    userCompany: licensee,
    purpose: product.nameZh,
    region: product.region,
    duration: product.duration,
    contact: licensee,
    phone: '',
    specialRequest: '',
  };
}

/** Each download's share of the pack's price, rounded down so the shares never exceed what was paid. */
export function unitFen(priceFen: number, downloads: number): number {
  return downloads > 0 ? Math.floor(priceFen / downloads) : 0;
}

/** The last moment a pack bought now may be drawn on. */
export function packValidUntil(confirmedAt: Date, validDays: number): Date {
  return new Date(confirmedAt.getTime() + validDays * DAY_MS);
}

/** A pack works while its purchase stays confirmed (a refund closes it) and its period runs. */
export function packActive(pack: Pick<DownloadPackRow, 'orderStatus' | 'validUntil'>, now: Date): boolean {
  return pack.orderStatus === 'confirmed' && new Date(pack.validUntil).getTime() >= now.getTime();
}

export function packLeft(pack: DownloadPackRow, kind: 'video' | 'photo'): number {
  return kind === 'video' ? Math.max(0, pack.videoTotal - pack.videoUsed) : Math.max(0, pack.photoTotal - pack.photoUsed);
}

/** The pack a download is drawn from: an active one with some left, the one ending soonest first. */
export function choosePack(packs: readonly DownloadPackRow[], kind: 'video' | 'photo', now: Date): DownloadPackRow | null {
  const usable = packs.filter((pack) => packActive(pack, now) && packLeft(pack, kind) > 0);
  usable.sort((a, b) => new Date(a.validUntil).getTime() - new Date(b.validUntil).getTime() || new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  return usable[0] ?? null;
}

export function packsView(packs: readonly DownloadPackRow[], language: Language, now: Date): DownloadPacksResponse {
  const views: DownloadPackView[] = packs.map((pack) => ({
    id: pack.id,
    orderId: pack.orderId,
    name: titleIn(language, pack.nameZh, pack.nameEn),
    videoTotal: pack.videoTotal,
    photoTotal: pack.photoTotal,
    videoUsed: pack.videoUsed,
    photoUsed: pack.photoUsed,
    validUntil: new Date(pack.validUntil).toISOString(),
    licenceType: pack.licence.licenceType,
    active: packActive(pack, now),
  }));
  const active = packs.filter((pack) => packActive(pack, now));
  return {
    packs: views,
    videoLeft: active.reduce((sum, pack) => sum + packLeft(pack, 'video'), 0),
    photoLeft: active.reduce((sum, pack) => sum + packLeft(pack, 'photo'), 0),
  };
}

export function productView(row: ShopProductRow, language: Language): ShopProductView {
  return {
    id: row.id,
    kind: row.kind,
    name: titleIn(language, row.nameZh, row.nameEn),
    description: titleIn(language, row.descriptionZh, row.descriptionEn),
    priceFen: row.priceFen,
    videoCount: row.videoCount,
    photoCount: row.photoCount,
    validDays: row.validDays,
    licenceType: row.licenceType,
    region: row.region,
    duration: row.duration,
  };
}

export function productRecord(row: ShopProductRow): ShopProductRecord {
  return { ...row, createdAt: new Date(row.createdAt).toISOString(), updatedAt: new Date(row.updatedAt).toISOString() };
}
