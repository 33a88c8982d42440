import { z } from 'zod';
import { lineText, normaliseText } from '../text.js';
import { bigserialId, wholeNumber } from '../wire-numbers.js';
import { BOARD_LIMITS, BOARD_ROLES } from './boards.js';

/** Request bodies of the boards' calls (catalogue/boards.ts). */
const boardName = () => lineText(1, BOARD_LIMITS.nameMax);
const note = () => z.string().overwrite(normaliseText).max(BOARD_LIMITS.noteMax);
const pageNo = () => wholeNumber(1, Math.ceil(BOARD_LIMITS.itemsMax / 12)).default(1);
const pageSize = () => wholeNumber(1, BOARD_LIMITS.pageSizeMax).default(24);
/** The link's secret as the store sends it: base64url, as issued. */
const linkToken = () => z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);

export const boardCreateRequestSchema = z.object({ name: boardName(), materialIds: z.array(bigserialId()).max(BOARD_LIMITS.addMax).default([]) });
export const boardUpdateRequestSchema = z
  .object({ id: bigserialId(), name: boardName().optional(), coverMaterialId: bigserialId().nullable().optional() })
  .refine((body) => body.name !== undefined || body.coverMaterialId !== undefined, { message: 'nothing to change', path: ['name'] });
export const boardIdRequestSchema = z.object({ id: bigserialId() });
export const boardDetailRequestSchema = z.object({ id: bigserialId(), pageNo: pageNo(), pageSize: pageSize() });
export const boardAddItemsRequestSchema = z.object({ id: bigserialId(), materialIds: z.array(bigserialId()).min(1).max(BOARD_LIMITS.addMax) });
export const boardRemoveItemsRequestSchema = z.object({ id: bigserialId(), itemIds: z.array(bigserialId()).min(1).max(BOARD_LIMITS.addMax) });
export const boardNoteRequestSchema = z.object({ id: bigserialId(), itemId: bigserialId(), note: note() });
/** `toIndex`: the item's place counted from 0 in the board's order. */
export const boardMoveRequestSchema = z.object({ id: bigserialId(), itemId: bigserialId(), toIndex: wholeNumber(0, BOARD_LIMITS.itemsMax - 1) });
export const boardItemRequestSchema = z.object({ id: bigserialId(), itemId: bigserialId() });
const voteValue = z.union([z.literal(-1), z.literal(0), z.literal(1)]);
export const boardVoteRequestSchema = z.object({ id: bigserialId(), itemId: bigserialId(), value: voteValue });
export const boardCommentRequestSchema = z.object({ id: bigserialId(), itemId: bigserialId(), body: lineText(1, BOARD_LIMITS.commentMax) });
export const boardLinkCreateRequestSchema = z.object({
  id: bigserialId(),
  password: z.string().min(BOARD_LIMITS.passwordMin).max(BOARD_LIMITS.passwordMax).optional(),
  expiresInDays: wholeNumber(1, BOARD_LIMITS.expiryDaysMax).optional(),
});
export const boardLinkRevokeRequestSchema = z.object({ id: bigserialId(), linkId: bigserialId() });

/** Every guest call names its link, and for a password link the password or the pass `open` answered. */
const guest = { token: linkToken(), password: z.string().max(BOARD_LIMITS.passwordMax).optional(), pass: z.string().max(160).optional() };
export const sharedBoardOpenRequestSchema = z.object({ ...guest, pageNo: pageNo(), pageSize: pageSize(), voterKey: z.uuid().optional() });
export const sharedBoardItemRequestSchema = z.object({ ...guest, itemId: bigserialId() });
export const sharedBoardCommentRequestSchema = z.object({ ...guest, itemId: bigserialId(), name: lineText(1, BOARD_LIMITS.guestNameMax), body: lineText(1, BOARD_LIMITS.commentMax) });
/**
 * `voterKey`: a random id the guest's browser keeps, so a guest has one vote an item (0 takes it
 * back); `name`: the display name the guest gave (the owner's notification shows it), if any.
 */
export const sharedBoardVoteRequestSchema = z.object({ ...guest, itemId: bigserialId(), voterKey: z.uuid(), value: voteValue, name: lineText(0, BOARD_LIMITS.guestNameMax).default('') });

/** `contact`: the phone number or e-mail the member signs in with. Inviting a member again changes their role. */
export const boardMemberAddRequestSchema = z.object({ id: bigserialId(), contact: lineText(3, 254), role: z.enum(BOARD_ROLES) });
export const boardMemberRemoveRequestSchema = z.object({ id: bigserialId(), userId: z.uuid() });
