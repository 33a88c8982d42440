/**
 * Signing applications (spec sections 3 to 5, route /join): people who want to sell their work
 * apply to become contracted photographers, staff approve or reject them in the console.
 * No zod here, so the store can check a draft with the same rules the server applies; the
 * request schemas are in ./signing-schemas.ts.
 */
import { isResidentIdNumber, normaliseIdNumber, REAL_NAME_PATTERN, type StaffRole } from './api.js';

export const SIGNING_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SigningStatus = (typeof SIGNING_STATUSES)[number];

/** Representative images: the spec's floor, and a ceiling that keeps one review to a screenful or two. */
export const SIGNING_MIN_IMAGES = 20;
export const SIGNING_MAX_IMAGES = 40;
/** Each image: JPEG or PNG (judged from the bytes), at most 5 MB. */
export const SIGNING_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const SIGNING_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** The photographer's résumé: a PDF (judged from its magic bytes), at most 10 MB. */
export const SIGNING_RESUME_MAX_BYTES = 10 * 1024 * 1024;
export const SIGNING_RESUME_TYPES = ['application/pdf'] as const;
/**
 * Files uploaded and not yet part of an application: enough to replace every image of a full
 * application once, not an open store for anything else.
 */
export const SIGNING_OPEN_FILES_MAX = 2 * SIGNING_MAX_IMAGES;
export const SIGNING_FILE_KINDS = ['image', 'resume'] as const;
export type SigningFileKind = (typeof SIGNING_FILE_KINDS)[number];

/** Where applicants share their work; `other` takes any profile address. */
export const SHARING_PLATFORMS = [
  'xinpianchang',
  'bilibili',
  'douyin',
  'weibo',
  'xiaohongshu',
  'tuchong',
  'lofter',
  'zcool',
  '500px',
  'instagram',
  'youtube',
  'vimeo',
  'behance',
  'other',
] as const;
export type SharingPlatform = (typeof SHARING_PLATFORMS)[number];
export const SIGNING_MAX_PLATFORMS = 10;
export const SIGNING_MAX_VIDEO_LINKS = 10;

/** How the applicant creates (spec: "at least one creation form"). */
export const CREATION_FORMS = ['liveAction', 'aerial', 'timelapse', 'slowMotion', 'photography', 'animation', 'motionGraphics'] as const;
export type CreationForm = (typeof CREATION_FORMS)[number];

/** What the applicant's work shows (spec: "at least one theme"). */
export const CREATION_THEMES = [
  'landscape',
  'city',
  'people',
  'business',
  'technology',
  'food',
  'travel',
  'animals',
  'sports',
  'culture',
  'festival',
  'industry',
  'medical',
  'education',
] as const;
export type CreationTheme = (typeof CREATION_THEMES)[number];

/** "Quantity": how many works the applicant can supply. */
export const SIGNING_QUANTITY_MAX = 1_000_000;
/** WeChat IDs as WeChat assigns them: 6 to 20 letters, digits, underscores or hyphens, starting with a letter. */
export const WECHAT_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{5,19}$/;
export const SIGNING_ADDRESS_MAX = 200;
export const SIGNING_URL_MAX = 500;
export const PROFILE_LIMITS = { residentArea: 100, intro: 1000, mainServices: 300, socialAccounts: 300 } as const;

/** Staff who judge applications: admins, and reviewers, who judge contributed work every day. */
export const SIGNING_REVIEWERS: readonly StaffRole[] = ['admin', 'reviewer'];
/** A reason staff give for a rejection: one line the applicant reads. */
export const SIGNING_REJECT_REASON_MAX = 200;

/**
 * Cloud drives, not online videos (spec: "video links must be online, not cloud storage"): a
 * link's host is refused when it is one of these or below one of them. An entry ending in `*`
 * names a family of domains by the label in front of the top-level domain (lanzou* covers
 * lanzoux.com, wwi.lanzoup.com and the rest of that drive's changing addresses).
 */
export const CLOUD_STORAGE_HOSTS: readonly string[] = [
  'pan.baidu.com',
  'yun.baidu.com',
  'aliyundrive.com',
  'alipan.com',
  'cloud.189.cn',
  'weiyun.com',
  '115.com',
  'lanzou*',
  'quark.cn',
  'pan.xunlei.com',
  '123pan.com',
  'drive.google.com',
  'dropbox.com',
  'dropboxusercontent.com',
  'onedrive.live.com',
  '1drv.ms',
  'icloud.com',
];

/** Whether a host name is a cloud drive's (case, a trailing dot and subdomains do not matter). */
export function isCloudStorageHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  const labels = name.split('.');
  return CLOUD_STORAGE_HOSTS.some((entry) => {
    if (entry.endsWith('*')) {
      const prefix = entry.slice(0, -1);
      return labels.length >= 2 && labels[labels.length - 2]!.startsWith(prefix);
    }
    return name === entry || name.endsWith(`.${entry}`);
  });
}

export type OnlineLinkProblem = 'invalid' | 'cloudStorage';

/**
 * Why a text is not a link to something online: not an http(s) address of a named host (no IP
 * addresses, no local names, no user names in the link), or a cloud drive's. Null when it is fine.
 */
export function onlineLinkProblem(text: string): OnlineLinkProblem | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'invalid';
  if (url.username || url.password) return 'invalid';
  const host = url.hostname.replace(/\.$/, '');
  if (!host.includes('.') || host.startsWith('[') || /^[\d.]+$/.test(host)) return 'invalid';
  // A top-level domain starts with a letter (xn-- for internationalised ones).
  if (!/\.[a-z][a-z0-9-]*$/i.test(host)) return 'invalid';
  return isCloudStorageHost(host) ? 'cloudStorage' : null;
}

/** Store call paths of the signing application (POST below /api); every call acts on the caller's own data. */
export const SigningCalls = {
  /** The caller's applications and profile: SigningStatusView. */
  status: '/signing/status',
  /** { id } → SigningApplicationView, of the caller's own applications only. */
  detail: '/signing/detail',
  /** { kind, contentType, size } → SigningFileLink: a signed link to PUT the file's bytes to. */
  fileLink: '/signing/file/link',
  /** { fileId } once the PUT has finished: the bytes are checked and kept (SigningFileView). */
  fileComplete: '/signing/file/complete',
  /** SigningSubmitRequest → SigningApplicationView (pending). */
  submit: '/signing/submit',
} as const;

export interface SigningPlatformLink {
  platform: SharingPlatform;
  url: string;
}

export interface PhotographerProfileDraft {
  residentArea: string;
  intro: string;
  mainServices: string;
  socialAccounts: string;
  /** A stored résumé PDF of the caller, or null for none. */
  resumeFileId: string | null;
}

/** What the form holds before it is sent; `quantity` is null until a whole number is typed. */
export interface SigningDraft {
  platforms: SigningPlatformLink[];
  videoLinks: string[];
  realName: string;
  idNumber: string;
  address: string;
  wechatId: string;
  quantity: number | null;
  creationForms: string[];
  themes: string[];
  imageIds: string[];
}

export type SigningField = keyof SigningDraft;
export type SigningRule = 'required' | 'invalid' | 'tooFew' | 'tooMany' | 'duplicate' | 'cloudStorage';
export interface SigningProblem {
  field: SigningField;
  rule: SigningRule;
  /** Which entry of a list field is wrong. */
  index?: number;
}

/**
 * The spec's rules of a signing application, in the order the form shows its fields. The store
 * shows every problem next to its field; the server refuses the first one with its own message.
 */
export function signingDraftProblems(draft: SigningDraft): SigningProblem[] {
  const problems: SigningProblem[] = [];
  if (draft.platforms.length === 0) problems.push({ field: 'platforms', rule: 'required' });
  else if (draft.platforms.length > SIGNING_MAX_PLATFORMS) problems.push({ field: 'platforms', rule: 'tooMany' });
  else {
    draft.platforms.forEach((entry, index) => {
      if (!(SHARING_PLATFORMS as readonly string[]).includes(entry.platform)) problems.push({ field: 'platforms', rule: 'invalid', index });
      else if (!entry.url.trim()) problems.push({ field: 'platforms', rule: 'required', index });
      // A profile page may sit on any host the platform uses, even a drive's share page; only the form is checked.
      else if (onlineLinkProblem(entry.url) === 'invalid') problems.push({ field: 'platforms', rule: 'invalid', index });
    });
  }
  if (draft.videoLinks.length > SIGNING_MAX_VIDEO_LINKS) problems.push({ field: 'videoLinks', rule: 'tooMany' });
  else {
    draft.videoLinks.forEach((link, index) => {
      const problem = onlineLinkProblem(link);
      if (problem) problems.push({ field: 'videoLinks', rule: problem, index });
    });
  }
  const realName = draft.realName.trim();
  if (!realName) problems.push({ field: 'realName', rule: 'required' });
  else if (realName.length < 2 || !REAL_NAME_PATTERN.test(realName)) problems.push({ field: 'realName', rule: 'invalid' });
  const idNumber = normaliseIdNumber(draft.idNumber);
  if (!idNumber) problems.push({ field: 'idNumber', rule: 'required' });
  else if (!isResidentIdNumber(idNumber)) problems.push({ field: 'idNumber', rule: 'invalid' });
  if (!draft.address.trim()) problems.push({ field: 'address', rule: 'required' });
  const wechatId = draft.wechatId.trim();
  if (!wechatId) problems.push({ field: 'wechatId', rule: 'required' });
  else if (!WECHAT_ID_PATTERN.test(wechatId)) problems.push({ field: 'wechatId', rule: 'invalid' });
  if (draft.quantity === null) problems.push({ field: 'quantity', rule: 'required' });
  else if (!Number.isInteger(draft.quantity) || draft.quantity < 1 || draft.quantity > SIGNING_QUANTITY_MAX) problems.push({ field: 'quantity', rule: 'invalid' });
  problems.push(...choiceProblems('creationForms', draft.creationForms, CREATION_FORMS));
  problems.push(...choiceProblems('themes', draft.themes, CREATION_THEMES));
  if (new Set(draft.imageIds).size !== draft.imageIds.length) problems.push({ field: 'imageIds', rule: 'duplicate' });
  else if (draft.imageIds.length < SIGNING_MIN_IMAGES) problems.push({ field: 'imageIds', rule: 'tooFew' });
  else if (draft.imageIds.length > SIGNING_MAX_IMAGES) problems.push({ field: 'imageIds', rule: 'tooMany' });
  return problems;
}

function choiceProblems(field: 'creationForms' | 'themes', chosen: string[], allowed: readonly string[]): SigningProblem[] {
  if (chosen.length === 0) return [{ field, rule: 'required' }];
  if (chosen.some((value) => !allowed.includes(value))) return [{ field, rule: 'invalid' }];
  if (new Set(chosen).size !== chosen.length) return [{ field, rule: 'duplicate' }];
  return [];
}

export interface SigningFileLink {
  fileId: string;
  /** PUT the file's bytes here, within `expiresInSeconds`. */
  url: string;
  expiresInSeconds: number;
}

export interface SigningFileView {
  fileId: string;
  kind: SigningFileKind;
  contentType: string;
  size: number;
  /** Images only. */
  width: number | null;
  height: number | null;
}

export interface PhotographerProfileView {
  residentArea: string;
  intro: string;
  mainServices: string;
  socialAccounts: string;
  resume: { fileId: string; size: number } | null;
  updatedAt: string;
}

/** An application as its applicant sees it: the ID number only masked. Times are UTC instants. */
export interface SigningApplicationView {
  id: string;
  status: SigningStatus;
  submittedAt: string;
  reviewedAt: string | null;
  rejectReason: string | null;
  platforms: SigningPlatformLink[];
  videoLinks: string[];
  realName: string;
  idNumberMasked: string;
  address: string;
  wechatId: string;
  quantity: number;
  creationForms: CreationForm[];
  themes: CreationTheme[];
  imageCount: number;
}

/** Why the caller cannot apply now, if they cannot. */
export type SigningBlock = 'pending' | 'approved' | 'contributor';

export interface SigningStatusView {
  /** Newest first. */
  applications: SigningApplicationView[];
  profile: PhotographerProfileView | null;
  canApply: boolean;
  blockedBy: SigningBlock | null;
}

/** An application in the console's list. WeChat ID and address are masked for roles that may not see contact details. */
export interface SigningReviewView extends Omit<SigningApplicationView, 'rejectReason'> {
  userId: string;
  nickname: string;
  rejectReason: string | null;
  reviewedBy: string | null;
  /** The upload rights given on approval; null until approved. */
  grantedVideoFlag: boolean | null;
  grantedPhotoFlag: boolean | null;
}

export interface SigningReviewImage {
  id: string;
  width: number;
  height: number;
  size: number;
  contentType: string;
  /** A small rendition for the side-by-side view, and the file itself; both short-lived signed links. */
  previewUrl: string;
  url: string;
}

/** One application opened in the console: its images and the applicant's profile through short-lived links. */
export interface SigningReviewDetail extends SigningReviewView {
  images: SigningReviewImage[];
  profile: PhotographerProfileView | null;
  resumeUrl: string | null;
  /** How long the links work; the console asks again after that. */
  linkSeconds: number;
}
