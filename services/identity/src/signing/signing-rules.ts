import {
  ErrorCode,
  isContributorGid,
  SIGNING_IMAGE_MAX_BYTES,
  SIGNING_MAX_IMAGES,
  SIGNING_MIN_IMAGES,
  type SigningBlock,
  type SigningDraft,
  type SigningProblem,
  type SigningStatus,
} from '@mkt/contracts';
import { AppError } from '@mkt/platform';

/**
 * A person's signing state as data, checked in one place:
 *
 *   none --submit--> pending --approve--> approved   (final: the person is a contributor)
 *                    pending --reject--> rejected --submit--> pending
 *
 * The applicant submits; staff approve or reject. Applying again after a rejection makes a new
 * row, so `submit` moves the person's state (their latest row's), not a row's.
 */
export const SIGNING_ACTIONS = ['submit', 'approve', 'reject'] as const;
export type SigningAction = (typeof SIGNING_ACTIONS)[number];
export type SigningState = SigningStatus | 'none';

export const SIGNING_TRANSITIONS: Readonly<Record<SigningAction, Partial<Record<SigningState, SigningStatus>>>> = {
  submit: { none: 'pending', rejected: 'pending' },
  approve: { pending: 'approved' },
  reject: { pending: 'rejected' },
};

export function nextSigningStatus(from: SigningState, action: SigningAction): SigningStatus | null {
  return SIGNING_TRANSITIONS[action][from] ?? null;
}

/** Staff's verdicts: anything but a pending application is a 409 naming its status. */
export function signingTransition(from: SigningStatus, action: Exclude<SigningAction, 'submit'>): SigningStatus {
  const to = nextSigningStatus(from, action);
  if (!to) throw new AppError(ErrorCode.SIGNING_TRANSITION_REFUSED, 'signingTransitionRefused', { status: from, action });
  return to;
}

/**
 * Why someone cannot apply now: an application is waiting, one was approved, or they already
 * sign as a contributor (staff made them one in the console). Null when they can.
 */
export function signingBlock(gid: number, latest: SigningState): SigningBlock | null {
  if (latest === 'pending') return 'pending';
  if (latest === 'approved') return 'approved';
  if (isContributorGid(gid)) return 'contributor';
  return nextSigningStatus(latest, 'submit') ? null : 'approved';
}

export function blockedError(block: SigningBlock): AppError {
  return block === 'pending'
    ? new AppError(ErrorCode.SIGNING_ALREADY_PENDING, 'signingAlreadyPending')
    : new AppError(ErrorCode.SIGNING_ALREADY_SIGNED, 'signingAlreadySigned');
}

/**
 * The refusal for the first broken rule, with its own message; every problem goes along in
 * `data.problems` so a client can mark each field.
 */
export function problemError(problems: SigningProblem[], draft: SigningDraft): AppError {
  const [first] = problems;
  const data = { problems };
  const field = { field: first!.field };
  switch (first!.field) {
    case 'imageIds':
      if (first!.rule === 'tooFew') return new AppError(ErrorCode.SIGNING_IMAGES_TOO_FEW, 'signingImagesTooFew', { min: SIGNING_MIN_IMAGES, maxMb: SIGNING_IMAGE_MAX_BYTES / (1024 * 1024) }, data);
      if (first!.rule === 'tooMany') return new AppError(ErrorCode.SIGNING_IMAGES_TOO_MANY, 'signingImagesTooMany', { max: SIGNING_MAX_IMAGES }, data);
      return new AppError(ErrorCode.SIGNING_FIELD_INVALID, 'signingFieldInvalid', field, data);
    case 'platforms':
      if (first!.rule === 'required' && first!.index === undefined) return new AppError(ErrorCode.SIGNING_PLATFORM_REQUIRED, 'signingPlatformRequired', {}, data);
      if (first!.rule === 'tooMany') return new AppError(ErrorCode.SIGNING_FIELD_INVALID, 'signingFieldInvalid', field, data);
      return new AppError(ErrorCode.SIGNING_LINK_INVALID, 'signingLinkInvalid', field, data);
    case 'videoLinks':
      if (first!.rule === 'cloudStorage') {
        const host = new URL(draft.videoLinks[first!.index ?? 0]!.trim()).hostname;
        return new AppError(ErrorCode.SIGNING_VIDEO_LINK_CLOUD, 'signingVideoLinkCloud', { host }, data);
      }
      if (first!.rule === 'tooMany') return new AppError(ErrorCode.SIGNING_FIELD_INVALID, 'signingFieldInvalid', field, data);
      return new AppError(ErrorCode.SIGNING_LINK_INVALID, 'signingLinkInvalid', field, data);
    case 'creationForms':
    case 'themes':
      if (first!.rule === 'required') return new AppError(ErrorCode.SIGNING_CHOICE_REQUIRED, 'signingChoiceRequired', field, data);
      return new AppError(ErrorCode.SIGNING_FIELD_INVALID, 'signingFieldInvalid', field, data);
    default:
      if (first!.rule === 'required') return new AppError(ErrorCode.SIGNING_FIELD_REQUIRED, 'signingFieldRequired', field, data);
      return new AppError(ErrorCode.SIGNING_FIELD_INVALID, 'signingFieldInvalid', field, data);
  }
}
