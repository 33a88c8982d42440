import { z } from 'zod';

/**
 * Every event on the bus: a name, a schema version, an id, the aggregate id (the Kafka key),
 * occurred-at, and a payload validated against its schema on both ends.
 */
export interface EventEnvelope<P = unknown> {
  id: string;
  name: string;
  version: number;
  aggregateId: string;
  occurredAt: string;
  payload: P;
}

export interface EventDefinition<N extends string = string, S extends z.ZodType = z.ZodType> {
  name: N;
  version: number;
  schema: S;
}

export function defineEvent<N extends string, S extends z.ZodType>(
  name: N,
  version: number,
  schema: S,
): EventDefinition<N, S> {
  return { name, version, schema };
}

export type PayloadOf<D> = D extends EventDefinition<string, infer S> ? z.infer<S> : never;

export const UserRegistered = defineEvent(
  'user.registered',
  1,
  z.object({
    userId: z.string().uuid(),
    accountKind: z.enum(['phone', 'email']),
    gid: z.number().int(),
    registeredAt: z.string(),
  }),
);

export const ContributorProtocolAnswered = defineEvent(
  'contributor.protocol.answered',
  1,
  z.object({
    userId: z.string().uuid(),
    gid: z.number().int(),
    agreed: z.boolean(),
    photoFlag: z.boolean(),
  }),
);

export const UserUpdatedByStaff = defineEvent(
  'user.updated',
  1,
  z.object({
    userId: z.string().uuid(),
    changed: z.array(z.string()),
  }),
);

/**
 * What another service may keep about a material on sale: enough to show it in a cart, an order,
 * a licence and to hand out its original, without asking the catalogue. Object locations are
 * "<bucket>/<key>"; the original is null for materials sold from an external source.
 */
export const MaterialSaleSnapshot = z.object({
  titleZh: z.string(),
  titleEn: z.string(),
  from: z.string(),
  maxResolution: z.string(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  duration: z.number().nullable(),
  thumbnailKey: z.string().nullable(),
  originalKey: z.string().nullable(),
});
export type MaterialSaleSnapshot = z.infer<typeof MaterialSaleSnapshot>;

/**
 * A material went on sale in the store (first publication, re-publication by staff, or a change
 * to a published material's sale snapshot: consumers upsert on every delivery).
 */
export const MaterialPublished = defineEvent(
  'material.published',
  2,
  z.object({
    materialId: z.number().int().positive(),
    code: z.string(),
    kind: z.enum(['video', 'photo', 'music', 'sfx']),
    onlineAt: z.string(),
    sale: MaterialSaleSnapshot,
  }),
);

/** A material was taken off sale; it no longer appears in search, details or new bookmarks. */
export const MaterialUnpublished = defineEvent(
  'material.unpublished',
  1,
  z.object({
    materialId: z.number().int().positive(),
    code: z.string(),
    kind: z.enum(['video', 'photo', 'music', 'sfx']),
  }),
);

/**
 * A staff change made in a service other than identity. Identity keeps the console's one audit
 * log, so every service announces its staff actions and identity records them.
 */
export const StaffActionAudited = defineEvent(
  'staff.action.audited',
  1,
  z.object({
    service: z.string().min(1).max(32),
    at: z.string(),
    staffId: z.uuid(),
    staffUsername: z.string().min(1).max(64),
    action: z.string().min(1).max(64),
    resource: z.string().min(1).max(64),
    resourceId: z.string().min(1).max(64),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  }),
);

/**
 * A buyer licensed music or sound effects at list price through the SKU cascade (spec section 5,
 * music licence). The music service prices it and picks the order id; the orders service turns
 * it into an order already quoted and waiting for the buyer's voucher, and licensing issues the
 * music authorization file once staff confirm the payment. Money is integer fen.
 */
export const MusicOrderPlaced = defineEvent(
  'music.order.placed',
  1,
  z.object({
    orderId: z.uuid(),
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

/**
 * Contributor uploads. A file whose parts are all stored: the uploads service's worker probes
 * and renders it. Object locations are "<bucket>/<key>".
 */
export const UploadCompleted = defineEvent(
  'upload.completed',
  1,
  z.object({
    uploadId: z.number().int().positive(),
    contributorId: z.uuid(),
    kind: z.enum(['video', 'photo']),
    fileName: z.string(),
    fileSize: z.number().int().positive(),
    originalKey: z.string(),
  }),
);

/** What probing read from a contributed file (videos: ffprobe; photos: image metadata). */
export const MediaProbe = z.object({
  codec: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  durationSeconds: z.number().nullable(),
  fps: z.number().nullable(),
  colorSpace: z.string().nullable(),
  colorTransfer: z.string().nullable(),
  maxResolution: z.string(),
});
export type MediaProbe = z.infer<typeof MediaProbe>;

/** A contributed file passed the content checks and its renditions are stored; it waits for review. */
export const MediaProcessed = defineEvent(
  'media.processed',
  1,
  z.object({
    uploadId: z.number().int().positive(),
    contributorId: z.uuid(),
    kind: z.enum(['video', 'photo']),
    probe: MediaProbe,
    thumbnailKey: z.string(),
    preview480Key: z.string().nullable(),
    previewStripKey: z.string().nullable(),
    sampleKey: z.string(),
    /** 64-bit perceptual hash, 16 hex digits. */
    phash: z.string().nullable(),
  }),
);

/** A contributed file was refused on its content or could not be processed; the reason is a message key. */
export const MediaFailed = defineEvent(
  'media.failed',
  1,
  z.object({
    uploadId: z.number().int().positive(),
    contributorId: z.uuid(),
    kind: z.enum(['video', 'photo']),
    reason: z.string(),
  }),
);

/**
 * Staff approved a contributed file: the catalogue creates it as a published material with
 * everything below (no call back to the uploads service is needed).
 */
export const ContributionApproved = defineEvent(
  'contribution.approved',
  1,
  z.object({
    uploadId: z.number().int().positive(),
    contributorId: z.uuid(),
    kind: z.enum(['video', 'photo']),
    titleZh: z.string().min(1),
    titleEn: z.string().min(1),
    keywordsZh: z.array(z.string()),
    keywordsEn: z.array(z.string()),
    descriptionZh: z.string(),
    descriptionEn: z.string(),
    probe: MediaProbe,
    originalKey: z.string(),
    preview480Key: z.string().nullable(),
    thumbnailKey: z.string(),
    sampleKey: z.string(),
    previewStripKey: z.string().nullable(),
    approvedAt: z.string(),
  }),
);

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
    // 'project' and projectId were added without a new version: older payloads still read.
    kind: z.enum(['material', 'music', 'vip', 'project']),
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

/**
 * The customer fields of an account were set (demo seed) or changed by staff. Identity owns them;
 * orders keeps them to show enterprise customers their company's completed orders.
 */
export const CustomerProfileChanged = defineEvent(
  'customer.profile.changed',
  1,
  z.object({
    userId: z.uuid(),
    customerId: z.string().max(64).nullable(),
    customerStatus: z.number().int().nullable(),
    customerType: z.number().int().nullable(),
    projectId: z.string().max(64).nullable(),
    // Added without a new version: older payloads read as "not an administrator".
    enterpriseAdmin: z.boolean().default(false),
  }),
);

/**
 * An enterprise project was created or changed by staff (or set up by the demo seed). Identity
 * owns projects; orders keeps them to count and license the downloads made under them.
 */
export const CustomerProjectChanged = defineEvent(
  'customer.project.changed',
  1,
  z.object({
    projectId: z.string().min(1).max(64),
    customerId: z.string().min(1).max(64),
    name: z.string().min(1).max(100),
    companyName: z.string().min(1).max(100),
    status: z.number().int(),
    videoBranches: z.number().int().nonnegative(),
    photoBranches: z.number().int().nonnegative(),
    projectType: z.string(),
    region: z.string(),
    duration: z.string(),
    purpose: z.string(),
    validUntil: z.string().nullable(),
  }),
);

/**
 * Licensing needs a file reduced to a licence's limit (today: the personal licence's 1080P video
 * or medium photo) before it can be downloaded. The uploads service, which owns media
 * processing, prepares it once per source file and answers with delivery.prepared.
 */
export const DeliveryRequested = defineEvent(
  'delivery.requested',
  1,
  z.object({
    sourceKey: z.string().min(3),
    kind: z.enum(['video', 'photo']),
    profile: z.literal('personal'),
  }),
);

/**
 * A delivery file is ready (deliveryKey: the reduced file, or the source itself when it was
 * already within the limit), or cannot be made from this source (ok false, reason a message key).
 */
export const DeliveryPrepared = defineEvent(
  'delivery.prepared',
  1,
  z.object({
    sourceKey: z.string().min(3),
    profile: z.literal('personal'),
    ok: z.boolean(),
    deliveryKey: z.string().nullable(),
    width: z.number().int().nonnegative().nullable(),
    height: z.number().int().nonnegative().nullable(),
    reason: z.string().nullable(),
  }),
);

/** All event definitions, so transports can create their queues and topics up front. */
export const ALL_EVENTS = [
  StaffActionAudited,
  UserRegistered, ContributorProtocolAnswered, UserUpdatedByStaff, MaterialPublished, MaterialUnpublished,
  MusicOrderPlaced,
  UploadCompleted, MediaProcessed, MediaFailed, ContributionApproved,
  OrderSubmitted, OrderQuoted, OrderPaid, OrderConfirmed, OrderClosed, InvoiceIssued, LicenceIssued, CustomerProfileChanged,
  CustomerProjectChanged, DeliveryRequested, DeliveryPrepared] as const;
