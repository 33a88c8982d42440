import type { RealNameReviewView } from '@mkt/contracts';

export type ReviewStatus = RealNameReviewView['status'];
export const REVIEW_STATUSES: readonly ReviewStatus[] = ['verifying', 'verified', 'rejected'];

/** A submission's chip colour: what waits on finance stands out. */
export const STATUS_COLORS: Record<ReviewStatus, 'warning' | 'success' | 'default'> = {
  verifying: 'warning',
  verified: 'success',
  rejected: 'default',
};

/** Only a waiting submission takes a verdict; verified is final and a rejected one is resubmitted as a new one. */
export const awaitsVerdict = (status: ReviewStatus): boolean => status === 'verifying';
