import { z } from 'zod';
import { defineEvent } from '../events.js';

/**
 * A buyer licensed music or sound effects at list price through the SKU cascade (spec section 5,
 * music licence). The music service prices it and picks the order id and number; the orders service turns
 * it into an order already quoted and waiting for the buyer's voucher, and licensing issues the
 * music authorization file once staff confirm the payment. Money is integer fen.
 */
export const MusicOrderPlaced = defineEvent(
  'music.order.placed',
  1,
  z.object({
    orderId: z.uuid(),
    // The readable number shown to the buyer at once (LS + UTC+8 time + 4 digits); absent on
    // events placed before the catalogue gave numbers, which the orders service then numbers.
    orderNo: z.string().min(1).max(24).optional(),
    userId: z.uuid(),
    placedAt: z.string(),
    licensee: z.object({
      projectName: z.string().min(1).max(100),
      brand: z.string().min(1).max(100),
      licensee: z.string().min(1).max(100),
    }),
    items: z
      .array(
        z.object({
          musicId: z.number().int().positive(),
          code: z.string(),
          musicType: z.union([z.literal(1), z.literal(2)]),
          // Both titles, so the order and the authorization file name the track in both languages.
          titleZh: z.string(),
          titleEn: z.string(),
          composer: z.string(),
          durationSeconds: z.number().nonnegative(),
          coverKey: z.string().nullable(),
          originalKey: z.string().nullable(),
          skuId: z.string().min(1).max(64),
          licence: z.object({ scene: z.string(), channel: z.string(), period: z.string(), area: z.string() }),
          priceFen: z.number().int().nonnegative(),
        }),
      )
      .min(1),
    totalFen: z.number().int().nonnegative(),
  }),
);
