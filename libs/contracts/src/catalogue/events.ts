import { z } from 'zod';
import { defineEvent } from '../events.js';

/**
 * What another service may keep about a material on sale: enough to show it in a cart, an order,
 * a licence and to hand out its original, without asking the catalogue. Object locations are
 * "<bucket>/<key>"; the original is null for materials sold from an external source.
 */
/**
 * A material's releases as sold: a model release, a property release, and "editorial use only"
 * (never licensed commercially). Payloads from before releases read as none of them.
 */
export const MaterialReleasesSchema = z.object({ model: z.boolean(), property: z.boolean(), editorialOnly: z.boolean() });
const NONE = { model: false, property: false, editorialOnly: false };

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
  releases: MaterialReleasesSchema.default(NONE),
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

/**
 * Someone other than its owner commented on an item of a board (a member, or a guest through a
 * link): the owner is told (identity's notification centre).
 */
export const BoardCommentAdded = defineEvent(
  'board.comment.added',
  1,
  z.object({
    boardId: z.number().int().positive(),
    boardName: z.string().max(60),
    ownerId: z.uuid(),
    itemId: z.number().int().positive(),
    author: z.string().max(60),
    byGuest: z.boolean(),
    excerpt: z.string().max(140),
    at: z.string(),
  }),
);

/** An account was made a member of a board (or given another part): the member is told. */
export const BoardMemberAdded = defineEvent(
  'board.member.added',
  1,
  z.object({
    boardId: z.number().int().positive(),
    boardName: z.string().max(60),
    userId: z.uuid(),
    role: z.enum(['viewer', 'editor']),
    invitedBy: z.string().max(60),
    at: z.string(),
  }),
);

/**
 * Someone other than the owner liked or disliked an item of a board (a member, or a guest under
 * the name they gave): the owner is told. Only a new or changed vote is announced; taking a vote
 * back is not.
 */
export const BoardVoteCast = defineEvent(
  'board.vote.cast',
  1,
  z.object({
    boardId: z.number().int().positive(),
    boardName: z.string().max(60),
    ownerId: z.uuid(),
    itemId: z.number().int().positive(),
    voter: z.string().max(60),
    byGuest: z.boolean(),
    value: z.union([z.literal(1), z.literal(-1)]),
    at: z.string(),
  }),
);
