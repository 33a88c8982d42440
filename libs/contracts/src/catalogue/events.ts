import { z } from 'zod';
import { defineEvent } from '../events.js';

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
    // Added without a new version (older payloads still read): the contributor whose sales payouts credits.
    contributorId: z.uuid().nullable().default(null),
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
