/**
 * The shop (/Shop, /ProductDetail): products bought at a fixed price without a quote. A download
 * pack is N videos and M photos to license within a period, drawn down one material at a time;
 * the VIP plan is listed beside the packs and bought through its own page. Buying goes through
 * the ordinary order, voucher and confirmation flow. No zod here; request schemas are in ./schemas.ts.
 */
import type { LicenceDuration, LicenceRegion, LicenceType } from '../orders/api.js';

export type { ShopOrderRequest, ShopPackDownloadRequest, ShopProductInput, ShopProductUpdate } from './schemas.js';

/** Store call paths (POST below /api). */
export const ShopCalls = {
  list: '/shop/list',
  detail: '/shop/detail',
  orderCreate: '/shop/order/create',
  packs: '/shop/packs',
  packDownload: '/shop/pack/download',
} as const;

export const SHOP_PRODUCT_KINDS = ['download-pack'] as const;
export type ShopProductKind = (typeof SHOP_PRODUCT_KINDS)[number];

/** Limits staff are held to in the console (and the columns' sizes). */
export const SHOP_LIMITS = {
  nameMax: 60,
  descriptionMax: 500,
  /** 1,000,000 yuan: far above any pack, far below the int4 fen column. */
  priceMaxFen: 100_000_000,
  countMax: 100_000,
  validDaysMax: 3650,
  licenseeMax: 100,
} as const;

/** A product as the store shows it, in the caller's language. */
export interface ShopProductView {
  id: number;
  kind: ShopProductKind;
  name: string;
  description: string;
  priceFen: number;
  videoCount: number;
  photoCount: number;
  validDays: number;
  licenceType: LicenceType;
  region: LicenceRegion;
  duration: LicenceDuration;
}

/** The VIP plan as the shop lists it; bought on /Vip. */
export interface ShopVipPlan {
  priceFen: number;
  days: number;
  pricePercent: number;
}

export interface ShopListResponse {
  products: ShopProductView[];
  vip: ShopVipPlan;
}

/** A pack the buyer owns, with what is left of it. */
export interface DownloadPackView {
  id: string;
  orderId: string;
  name: string;
  videoTotal: number;
  photoTotal: number;
  videoUsed: number;
  photoUsed: number;
  validUntil: string;
  licenceType: LicenceType;
  /** Within its period and its order still confirmed (a refund ends it). */
  active: boolean;
}

export interface DownloadPacksResponse {
  packs: DownloadPackView[];
  /** Across the active packs: what a detail page's "download with pack" may still take. */
  videoLeft: number;
  photoLeft: number;
}

export interface ShopPackDownloadResult {
  orderId: string;
  itemId: number;
  packId: string;
  /** The buyer had licensed it from a pack before: nothing more was counted. */
  alreadyLicensed: boolean;
  videoLeft: number;
  photoLeft: number;
}

/** A product as the console edits it: both languages, price in fen. */
export interface ShopProductRecord {
  id: number;
  kind: ShopProductKind;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  priceFen: number;
  videoCount: number;
  photoCount: number;
  validDays: number;
  licenceType: LicenceType;
  region: LicenceRegion;
  duration: LicenceDuration;
  enabled: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** What a 'product' order bought, kept on the order as it was when bought. */
export interface ShopOrderProduct {
  productId: number;
  name: string;
  videoCount: number;
  photoCount: number;
  validDays: number;
}
