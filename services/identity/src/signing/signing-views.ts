import { maskMiddle, type PhotographerProfileView, type SigningApplicationView, type SigningReviewView } from '@mkt/contracts';
import type { PhotographerProfileEntity } from '../entities/photographer-profile.entity.js';
import type { SigningApplicationEntity } from '../entities/signing-application.entity.js';
import type { SigningFileEntity } from '../entities/signing-file.entity.js';

export function toApplicationView(row: SigningApplicationEntity, imageCount: number): SigningApplicationView {
  return {
    id: row.id,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    platforms: row.platforms,
    videoLinks: row.videoLinks,
    realName: row.realName,
    idNumberMasked: row.idNumberMasked,
    address: row.address,
    wechatId: row.wechatId,
    quantity: row.quantity,
    creationForms: row.creationForms,
    themes: row.themes,
    imageCount,
  };
}

/**
 * An application as the console shows it. Staff who may not see users' contact details (see
 * CONTACT_DETAILS_ACCESS) get the WeChat ID and address masked like phone numbers.
 */
export function toReviewView(row: SigningApplicationEntity, imageCount: number, nickname: string, contactDetails: boolean): SigningReviewView {
  const view = toApplicationView(row, imageCount);
  return {
    ...view,
    address: contactDetails ? view.address : maskMiddle(view.address, Math.min(6, Math.floor(view.address.length / 2)), 0),
    wechatId: contactDetails ? view.wechatId : maskMiddle(view.wechatId, 1, 1),
    userId: row.userId,
    nickname,
    reviewedBy: row.reviewerUsername,
    grantedVideoFlag: row.grantedVideoFlag,
    grantedPhotoFlag: row.grantedPhotoFlag,
  };
}

export function toProfileView(profile: PhotographerProfileEntity | null, resume: SigningFileEntity | null): PhotographerProfileView | null {
  if (!profile) return null;
  return {
    residentArea: profile.residentArea,
    intro: profile.intro,
    mainServices: profile.mainServices,
    socialAccounts: profile.socialAccounts,
    resume: resume ? { fileId: resume.id, size: resume.size } : null,
    updatedAt: profile.updatedAt.toISOString(),
  };
}
