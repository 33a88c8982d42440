import { z } from 'zod';
import { defineEvent } from '../events.js';
import { MaterialReleasesSchema } from '../catalogue/events.js';

// Orders and licensing (cart to authorization files). Money is integer fen.

const orderLicenceTerms = z.object({
  licenceType: z.string(),
  buyerCompany: z.string(),
  userCompany: z.string(),
  projectType: z.string(),
  projectName: z.string(),
  brand: z.string(),
  purpose: z.string(),
  region: z.string(),
  duration: z.string(),
  contact: z.string(),
});

/**
 * A buyer's cart gained or lost lines: added to the cart, removed from it, or taken into an order.
 * The aggregate is the user, so one user's changes are applied in the order they were made; the
 * catalogue keeps the header's cart counts (/home/preference) from it. A material added again is
 * named again, one removed twice is named twice: applying a change twice changes nothing.
 */
export const CartChanged = defineEvent(
  'cart.changed',
  1,
  z.object({
    userId: z.uuid(),
    added: z.array(z.number().int().positive()),
    removed: z.array(z.number().int().positive()),
    changedAt: z.string(),
  }),
);

/** A buyer submitted the licence form for the materials in the cart; the order waits for a quote. */
export const OrderSubmitted = defineEvent(
  'order.submitted',
  1,
  z.object({ orderId: z.uuid(), orderNo: z.string(), userId: z.uuid(), itemCount: z.number().int().positive(), submittedAt: z.string() }),
);

/** Staff priced an order; the buyer may pay until validUntil. */
export const OrderQuoted = defineEvent(
  'order.quoted',
  1,
  z.object({ orderId: z.uuid(), orderNo: z.string(), userId: z.uuid(), totalFen: z.number().int().nonnegative(), validUntil: z.string().nullable() }),
);

/** The buyer submitted a payment voucher; staff must confirm it. */
export const OrderPaid = defineEvent(
  'order.paid',
  1,
  z.object({ orderId: z.uuid(), orderNo: z.string(), userId: z.uuid(), totalFen: z.number().int().nonnegative(), paidAt: z.string() }),
);

/**
 * Staff confirmed the payment: every item with its price and the licence terms, so licensing can
 * issue authorization files and download rights and payouts can credit contributors.
 */
export const OrderConfirmed = defineEvent(
  'order.confirmed',
  1,
  z.object({
    orderId: z.uuid(),
    orderNo: z.string(),
    userId: z.uuid(),
    // 'project' and projectId, then 'product' (a shop purchase, no items) and 'pack' (a download
    // drawn from a pack, priced at its share of the pack) were added without a new version: older payloads still read.
    kind: z.enum(['material', 'music', 'vip', 'project', 'product', 'pack']),
    /** The enterprise project a 'project' order was downloaded under. */
    projectId: z.string().max(64).nullable().default(null),
    confirmedAt: z.string(),
    paidAt: z.string().nullable(),
    totalFen: z.number().int().nonnegative(),
    terms: z.nullable(orderLicenceTerms),
    items: z.array(
      z.object({
        itemId: z.number().int().positive(),
        materialId: z.number().int().positive(),
        kind: z.enum(['video', 'photo', 'music', 'sfx']),
        code: z.string(),
        titleZh: z.string(),
        titleEn: z.string(),
        thumbnailKey: z.string().nullable(),
        originalKey: z.string().nullable(),
        priceFen: z.number().int().nonnegative(),
        musicLicence: z.object({ scene: z.string(), channel: z.string(), period: z.string(), area: z.string() }).nullable(),
        // The material's releases when the order was placed, printed on its licence (null: not known, orders from before releases).
        releases: MaterialReleasesSchema.nullable().default(null),
      }),
    ),
  }),
);

/** An order ended without (or after a refunded) sale. */
export const OrderClosed = defineEvent(
  'order.closed',
  1,
  z.object({ orderId: z.uuid(), orderNo: z.string(), userId: z.uuid(), reason: z.string(), closedAt: z.string() }),
);

/** Staff uploaded the invoice file: the buyer can download it. */
export const InvoiceIssued = defineEvent(
  'invoice.issued',
  1,
  z.object({ invoiceId: z.uuid(), orderId: z.uuid(), userId: z.uuid(), amountFen: z.number().int().nonnegative(), taxFen: z.number().int().nonnegative(), issuedAt: z.string() }),
);

/** An authorization file was generated for one order item. */
export const LicenceIssued = defineEvent(
  'licence.issued',
  1,
  z.object({ licenceId: z.uuid(), orderId: z.uuid(), itemId: z.number().int().positive(), userId: z.uuid(), verificationCode: z.string(), fileKey: z.string(), issuedAt: z.string() }),
);

/** An enterprise customer asked to buy materials: the company's administrators are told. */
export const PurchaseRequested = defineEvent(
  'purchase.requested',
  1,
  z.object({ requestId: z.uuid(), customerId: z.string().max(64), requesterId: z.uuid(), requester: z.string().max(60), itemCount: z.number().int().positive(), boardName: z.string().max(60), requestedAt: z.string() }),
);

/** The administrator approved (with the quote request made) or declined a purchase request: the requester is told. */
export const PurchaseDecided = defineEvent(
  'purchase.decided',
  1,
  z.object({
    requestId: z.uuid(),
    requesterId: z.uuid(),
    approved: z.boolean(),
    reason: z.string().max(300),
    orderId: z.uuid().nullable(),
    orderNo: z.string().nullable(),
    decidedAt: z.string(),
  }),
);

/** The four answers of the music licence cascade (level 1 scene to 4 area, the SKU's path). */
export const musicLicenceAnswers = z.object({
  sceneId: z.string().min(1).max(64),
  channelId: z.string().min(1).max(64),
  periodId: z.string().min(1).max(64),
  authAreaId: z.string().min(1).max(64),
});

/**
 * An approved purchase request held music or sound effects: the catalogue, which prices music
 * licences, places the music order (music.order.placed, with this order id) under the requester's
 * name at the list price of the licence they chose, the licensee taken from the project.
 */
export const PurchaseMusicApproved = defineEvent(
  'purchase.music.approved',
  1,
  z.object({
    requestId: z.uuid(),
    musicOrderId: z.uuid(),
    requesterId: z.uuid(),
    musicIds: z.array(z.number().int().positive()).min(1),
    licence: musicLicenceAnswers,
    licensee: z.object({ projectName: z.string().max(100), brand: z.string().max(100), licensee: z.string().max(100) }),
    approvedAt: z.string(),
  }),
);
