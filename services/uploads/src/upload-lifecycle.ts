import { ErrorCode, type UploadStatus } from '@mkt/contracts';
import { AppError } from '@mkt/platform';

/**
 * A contributed file's life as data (spec section 4 "Transcoding" and review): one table of the
 * allowed moves, checked in one place, in the pattern of the order state machine.
 *
 *   uploading --complete--> transcoding --process--> waiting --approve--> published
 *                           transcoding --fail-----> failed    waiting --reject--> rejected
 *                                                   rejected --resubmit--> waiting
 *   published --unpublish--> unpublished --republish--> published   (staff, in the catalogue)
 *
 * The last line follows the catalogue: staff take a material off sale and put it back there,
 * and the material centre shows what the store does.
 */
export const UPLOAD_ACTIONS = ['complete', 'process', 'fail', 'approve', 'reject', 'resubmit', 'unpublish', 'republish'] as const;
export type UploadAction = (typeof UPLOAD_ACTIONS)[number];

export const UPLOAD_TRANSITIONS: Readonly<Record<UploadAction, Partial<Record<UploadStatus, UploadStatus>>>> = {
  complete: { uploading: 'transcoding' },
  process: { transcoding: 'waiting' },
  fail: { transcoding: 'failed' },
  approve: { waiting: 'published' },
  reject: { waiting: 'rejected' },
  resubmit: { rejected: 'waiting' },
  unpublish: { published: 'unpublished' },
  republish: { unpublished: 'published' },
};

/** The status `action` leads to from `from`, or null when the table has no such move. */
export function nextUploadStatus(from: UploadStatus, action: UploadAction): UploadStatus | null {
  return UPLOAD_TRANSITIONS[action][from] ?? null;
}

/** The status `action` leads to; a move the table does not allow is a 409 the caller shows as it is. */
export function uploadTransition(from: UploadStatus, action: UploadAction): UploadStatus {
  const to = nextUploadStatus(from, action);
  if (!to) throw new AppError(ErrorCode.UPLOAD_STATE_CONFLICT, 'uploadStateConflict');
  return to;
}
