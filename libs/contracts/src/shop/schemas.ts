import { z } from 'zod';
import { LICENCE_DURATIONS, LICENCE_REGIONS, LICENCE_TYPES } from '../orders/api.js';
import { lineText, normaliseText } from '../text.js';
import { bigserialId, serialId, wholeNumber } from '../wire-numbers.js';
import { SHOP_LIMITS, SHOP_PRODUCT_KINDS } from './api.js';

export const shopDetailRequestSchema = z.object({ id: serialId() });

/** Buying a product: who the licences are issued to (printed on every authorization file). */
export const shopOrderRequestSchema = z.object({
  productId: serialId(),
  licensee: lineText(1, SHOP_LIMITS.licenseeMax),
});
export type ShopOrderRequest = z.output<typeof shopOrderRequestSchema>;

export const shopPackDownloadRequestSchema = z.object({ materialId: bigserialId() });
export type ShopPackDownloadRequest = z.output<typeof shopPackDownloadRequestSchema>;

const description = z.string().overwrite((value) => normaliseText(value).trim()).max(SHOP_LIMITS.descriptionMax);

/** The fields without defaults, so that an edit never resets what it did not send. */
const productFields = z.object({
  kind: z.enum(SHOP_PRODUCT_KINDS),
  nameZh: lineText(1, SHOP_LIMITS.nameMax),
  nameEn: lineText(1, SHOP_LIMITS.nameMax),
  descriptionZh: description,
  descriptionEn: description,
  priceFen: wholeNumber(1, SHOP_LIMITS.priceMaxFen),
  videoCount: wholeNumber(0, SHOP_LIMITS.countMax),
  photoCount: wholeNumber(0, SHOP_LIMITS.countMax),
  validDays: wholeNumber(1, SHOP_LIMITS.validDaysMax),
  licenceType: z.enum(LICENCE_TYPES),
  region: z.enum(LICENCE_REGIONS),
  duration: z.enum(LICENCE_DURATIONS),
  enabled: z.boolean(),
  sortOrder: wholeNumber(0, 10_000),
});

const somethingToDownload = { message: 'videoCount or photoCount must be at least 1', path: ['videoCount'] };

/** Console create: a pack must hold at least one video or photo. */
export const shopProductCreateSchema = productFields
  .extend({
    kind: productFields.shape.kind.default('download-pack'),
    descriptionZh: description.default(''),
    descriptionEn: description.default(''),
    region: productFields.shape.region.default('mainland'),
    duration: productFields.shape.duration.default('permanent'),
    enabled: z.boolean().default(true),
    sortOrder: productFields.shape.sortOrder.default(0),
  })
  .strip()
  .refine((p) => p.videoCount + p.photoCount > 0, somethingToDownload);
export type ShopProductInput = z.output<typeof shopProductCreateSchema>;

/** Console edit: the same fields, all optional; react-admin sends the whole record, extra fields are dropped. */
export const shopProductUpdateSchema = productFields
  .partial()
  .strip()
  .refine((p) => p.videoCount === undefined || p.photoCount === undefined || p.videoCount + p.photoCount > 0, somethingToDownload);
export type ShopProductUpdate = z.output<typeof shopProductUpdateSchema>;

export const shopProductFilterSchema = z.object({
  q: z.string().max(60).optional(),
  enabled: z.boolean().optional(),
  id: z.array(serialId()).max(200).optional(),
});
