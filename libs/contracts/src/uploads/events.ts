import { z } from 'zod';
import { defineEvent } from '../events.js';
import { MaterialReleasesSchema } from '../catalogue/events.js';

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
    // The contributor's details step (optional: contributions approved before it carry neither).
    categoryId: z.number().int().positive().nullable().optional(),
    filters: z.record(z.string(), z.array(z.string())).optional(),
    probe: MediaProbe,
    originalKey: z.string(),
    preview480Key: z.string().nullable(),
    thumbnailKey: z.string(),
    sampleKey: z.string(),
    previewStripKey: z.string().nullable(),
    approvedAt: z.string(),
    // Added without a new version: approvals from before releases carry none.
    releases: MaterialReleasesSchema.default({ model: false, property: false, editorialOnly: false }),
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
