import { SIGNING_STATUSES, type SigningStatus } from '@mkt/contracts';

export const SIGNING_REVIEW_STATUSES: readonly SigningStatus[] = SIGNING_STATUSES;

/** An application's chip colour: what waits on a reviewer stands out. */
export const STATUS_COLORS: Record<SigningStatus, 'warning' | 'success' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'default',
};

/** Only a waiting application takes a verdict; a rejected applicant applies again with a new one. */
export const awaitsVerdict = (status: SigningStatus): boolean => status === 'pending';

/** The rights an approval gives: at least one, as the server requires. */
export function approvalRights(video: boolean, photo: boolean): { videoFlag: boolean; photoFlag: boolean } | null {
  return video || photo ? { videoFlag: video, photoFlag: photo } : null;
}
