/**
 * Identity: sign-in, the session's user, staff and the console's users, projects and audit log.
 * No zod here, so the web apps can import it; request schemas are in ./schemas.ts.
 */
export type {
  IdPhotoLinkRequest,
  LoginRequest,
  RealNameSubmitRequest,
  ProjectCreate,
  ProjectUpdate,
  SendCodeRequest,
  StaffCreate,
  StaffLoginRequest,
  StaffUpdate,
  UserAdminUpdate,
} from './schemas.js';
import type { ProjectCreate } from './schemas.js';

/** Verification-code rules (spec section 9 and the walking-skeleton issue). */
export const VERIFICATION_CODE = {
  length: 6,
  validSeconds: 5 * 60,
  resendAfterSeconds: 60,
  maxWrongAttempts: 5,
  maxSendsPerHour: 5,
} as const;

/** Mainland mobile numbers (11 digits starting with 1), optionally with +86. */
export const PHONE_PATTERN = /^(?:\+?86)?1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export type AccountKind = 'phone' | 'email';

/** Normalises a sign-in account to its stored form, or returns null when it is neither kind. */
export function normaliseAccount(raw: string): { kind: AccountKind; value: string } | null {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/[\s-]/g, '');
  if (PHONE_PATTERN.test(digits)) return { kind: 'phone', value: digits.slice(-11) };
  if (trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed)) {
    return { kind: 'email', value: trimmed.toLowerCase() };
  }
  return null;
}

export interface SendCodeResponse {
  /** Seconds until another code may be requested (the countdown on the login page). */
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

/** Contributors (spec section 3): gid 2 (signed before 2019-12-17), 3 (signed after), 35 (also the material centre). */
export const CONTRIBUTOR_GIDS: readonly number[] = [2, 3, 35];
export const isContributorGid = (gid: number): boolean => CONTRIBUTOR_GIDS.includes(gid);

/** The user fields of spec section 3, as the store reads them. */
export interface UserView {
  id: string;
  gid: number;
  signFlag: boolean;
  verity: boolean;
  videoFlag: boolean;
  photoFlag: boolean;
  customerId: string | null;
  customerStatus: number | null;
  customerType: number | null;
  projectId: string | null;
  /** Sees every completed order of the company (spec section 6, "Enterprise administrator"). */
  enterpriseAdmin: boolean;
  nickname: string;
  phone: string | null;
  email: string | null;
  /** The contributor's answer to the supplementary agreement: null until answered. */
  protocolAgreed: boolean | null;
  /** The chosen profile picture (a 256 px square), or null. */
  avatarUrl?: string | null;
}

export interface LoginResponse {
  token: string;
  user: UserView;
}

/** `/session`: data.verity, the user fields and data.signFlag; and the header's unread notifications (up to NOTIFICATION_BADGE_MAX + 1). */
export type SessionResponse = UserView & { unreadNotifications: number };

export interface RefreshResponse {
  token: string;
}

export interface SkuItem {
  id: string;
  name: string;
  category: 'video' | 'photo' | 'music';
  priceFen: number;
}

// ---- staff and console ----

export const STAFF_ROLES = ['admin', 'sales', 'finance', 'reviewer', 'contest-manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Which staff roles may see a user's phone number and e-mail address in full, as data: the console
 * shows them masked to everyone, and these roles can reveal one user's at a time (each reveal is
 * audited). Sales talk to customers, finance to contributors about payouts and invoices; reviewers
 * and contest managers judge work and never need to reach its author.
 */
export const CONTACT_DETAILS_ACCESS: Readonly<Record<StaffRole, boolean>> = {
  admin: true,
  sales: true,
  finance: true,
  reviewer: false,
  'contest-manager': false,
};
export const CONTACT_DETAILS_REVEALERS: readonly StaffRole[] = STAFF_ROLES.filter((role) => CONTACT_DETAILS_ACCESS[role]);

export function mayRevealContactDetails(roles: readonly string[]): boolean {
  return roles.some((role) => (CONTACT_DETAILS_REVEALERS as readonly string[]).includes(role));
}

/** A phone number as the console lists it: 138****0004. */
export function maskPhone(phone: string): string {
  return maskMiddle(phone, 3, 4);
}

/** An e-mail address as the console lists it: the mailbox masked, the domain kept (b***r@example.com). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskMiddle(email, 1, 1);
  return `${maskMiddle(email.slice(0, at), 1, 1)}${email.slice(at)}`;
}

/** `POST /admin-api/users/:id/reveal`: one user's contact details in full (audited). */
export interface UserContactRevealed {
  id: string;
  phone: string | null;
  email: string | null;
}

export interface StaffView {
  id: string;
  username: string;
  displayName: string;
  roles: StaffRole[];
  disabled: boolean;
  createdAt: string;
}

export interface StaffLoginResponse {
  token: string;
  staff: StaffView;
}

/** A user as the console shows them: phone and e-mail masked (maskPhone, maskEmail) for every role. */
export interface UserAdminView extends UserView {
  disabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

/**
 * An enterprise project (staff keep them in the console): the contract under which a company's
 * customers download materials without ordering each one. Its status, allowances and terms are
 * what the store's project data and the authorization files of project downloads show.
 */
export const PROJECT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/;
export interface ProjectAdminView extends Omit<ProjectCreate, 'validUntil'> {
  validUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AuditLogView {
  id: string;
  at: string;
  staffId: string;
  staffUsername: string;
  action: string;
  resource: string;
  resourceId: string;
  before: unknown;
  after: unknown;
}

// ---- real-name verification (spec section 4) ----

/**
 * A contributor's real-name check: `none` before the first submission, then verifying, verified
 * (final), or rejected with staff's reason (the contributor may submit again).
 */
export const REAL_NAME_STATUSES = ['none', 'verifying', 'verified', 'rejected'] as const;
export type RealNameStatus = (typeof REAL_NAME_STATUSES)[number];
/** The two sides of the resident identity card: the holder's portrait and the national emblem. */
export const ID_PHOTO_SIDES = ['portrait', 'emblem'] as const;
export type IdPhotoSide = (typeof ID_PHOTO_SIDES)[number];
/** ID-card photos: JPEG or PNG, checked on their content, at most this many bytes. */
export const ID_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const ID_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

/** Store call paths of the real-name check (POST below /api). */
export const RealNameCalls = {
  /** The caller's check: RealNameView. */
  status: '/realname/status',
  /** { side, contentType, size } → IdPhotoUploadLink: a signed link to PUT the photo's bytes to. */
  photoLink: '/realname/photo/link',
  /** { photoId } once the PUT has finished: the photo is checked and kept (IdPhotoView). */
  photoComplete: '/realname/photo/complete',
  /** { name, idNumber, portraitPhotoId, emblemPhotoId } → RealNameView (verifying). */
  submit: '/realname/submit',
} as const;

export interface IdPhotoUploadLink {
  photoId: string;
  /** PUT the file's bytes here, within `expiresInSeconds`. */
  url: string;
  expiresInSeconds: number;
}

export interface IdPhotoView {
  photoId: string;
  side: IdPhotoSide;
  contentType: string;
  size: number;
}

export interface RealNameView {
  status: RealNameStatus;
  /** The submitted (or verified) name; null before the first submission. */
  name: string | null;
  /** Only the first and last characters; the full number is never sent back. */
  idNumberMasked: string | null;
  rejectReason: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
}

/** A submission as the console's reviewers see it; photos through five-minute signed links. */
export interface RealNameReviewView {
  id: string;
  userId: string;
  nickname: string;
  status: Exclude<RealNameStatus, 'none'>;
  name: string;
  idNumberMasked: string;
  rejectReason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
}

/** One submission opened in the console: the view plus its two photos through five-minute signed links. */
export interface RealNameReviewDetail extends RealNameReviewView {
  portraitUrl: string;
  emblemUrl: string;
  /** How long the photo links work; the console asks again after that. */
  photoLinkSeconds: number;
}

/** Real names: letters of any script, the middle dot of transliterated names, spaces, apostrophes, hyphens. */
export const REAL_NAME_PATTERN = /^[\p{L}\p{M}·.\s'-]+$/u;

/** Drops the spaces people type and upper-cases a trailing x. */
export const normaliseIdNumber = (value: string): string => value.replace(/\s/g, '').toUpperCase();

/** Weights and check characters of GB 11643-1999, the 18-character resident identity number. */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** Whether the text is an 18-character resident identity number with a valid birth date and check character. */
export function isResidentIdNumber(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  const sum = ID_WEIGHTS.reduce((total, weight, index) => total + weight * Number(value[index]), 0);
  return ID_CHECK[sum % 11] === value[17];
}

/** Shows the first `head` and last `tail` characters and stars in between (at least four). */
export function maskMiddle(value: string, head: number, tail: number): string {
  if (value.length <= head + tail) return '*'.repeat(Math.max(4, value.length));
  return `${value.slice(0, head)}${'*'.repeat(Math.max(4, value.length - head - tail))}${value.slice(value.length - tail)}`;
}

/** The user centre's profile picture: what the browser may upload, before the server checks the bytes. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The square rendition the store shows, in pixels. */
export const AVATAR_SIZE = 256;
/** Nicknames a user chooses: 1 to 30 characters after trimming. */
export const NICKNAME_MAX_LENGTH = 30;
/** How long an e-mail confirmation link works. */
export const EMAIL_CONFIRM_VALID_HOURS = 24;

/** Store call paths of the user centre (POST below /api); every call acts on the caller's own account. */
export const UserCenterCalls = {
  /** { nickname } → UserView. */
  nickname: '/user/profile/nickname',
  /** { contentType, size } → AvatarUploadLink: a signed link to PUT the picture's bytes to. */
  avatarLink: '/user/profile/avatar/link',
  /** { avatarId } once the PUT has finished: checked, resized and set (UserView). */
  avatarComplete: '/user/profile/avatar/complete',
  /** { email } → EmailBindingSent: a confirmation link is mailed to the address. */
  emailBind: '/user/email/bind',
  /** { token } from the link (no sign-in needed) → EmailConfirmed. */
  emailConfirm: '/user/email/confirm',
  /** Ends every session of the caller, this one included. */
  signOutEverywhere: '/user/sessions/end-all',
} as const;

/** Public GET path prefix of avatar renditions (below /api). */
export const AVATAR_ROUTE = 'user/avatar';

export interface AvatarUploadLink {
  avatarId: string;
  /** PUT the file's bytes here, within `expiresInSeconds`. */
  url: string;
  expiresInSeconds: number;
}

export interface EmailBindingSent {
  /** The address as the page may show it (masked). */
  emailMasked: string;
  validHours: number;
}

export interface EmailConfirmed {
  emailMasked: string;
}

export interface SessionsEnded {
  /** How many open sessions were ended, this one included. */
  ended: number;
}

/** The notification centre in the header: what happened that concerns the signed-in user. */
export const NotificationCalls = {
  /** { pageNo, pageSize } → NotificationPage, newest first. */
  list: '/user/notifications',
  /** { ids } (or none: all) → { unread }: marked read. */
  read: '/user/notifications/read',
  /** { mail } → { mail }: whether notifications also come by e-mail (to the account's confirmed address). */
  settings: '/user/notifications/settings',
} as const;

/**
 * A notification is mailed only if it is still unread this long after it arrived, so a reader
 * of the store is not mailed what they saw, and a burst about one thing (comments on a board)
 * is one mail with the latest.
 */
export const NOTIFICATION_MAIL_DELAY_MINUTES = 5;

/** The header's badge shows at most this many (spec: badges show at most 99). */
export const NOTIFICATION_BADGE_MAX = 99;

export type NotificationView =
  | { id: number; kind: 'boardComment'; at: string; read: boolean; boardId: number; boardName: string; author: string; byGuest: boolean; excerpt: string; count: number }
  | { id: number; kind: 'boardVote'; at: string; read: boolean; boardId: number; boardName: string; voter: string; byGuest: boolean; up: boolean; count: number }
  | { id: number; kind: 'boardMember'; at: string; read: boolean; boardId: number; boardName: string; role: 'viewer' | 'editor'; invitedBy: string }
  | { id: number; kind: 'orderQuoted'; at: string; read: boolean; orderId: string; orderNo: string; totalFen: number }
  | { id: number; kind: 'licenceIssued'; at: string; read: boolean; orderId: string; count: number }
  | { id: number; kind: 'purchaseRequested'; at: string; read: boolean; requester: string; boardName: string; itemCount: number; count: number }
  | { id: number; kind: 'purchaseDecided'; at: string; read: boolean; approved: boolean; reason: string; orderId: string | null; orderNo: string | null };

export interface NotificationPage {
  infos: NotificationView[];
  /** Unread ones, counted up to NOTIFICATION_BADGE_MAX + 1 (the badge shows "99+" beyond). */
  unread: number;
  /** Whether unread ones are also mailed, and whether the account has an address to mail them to. */
  mail: boolean;
  hasEmail: boolean;
}

/** The store page a notification opens (in the header's panel and in its mail). */
export function notificationPath(item: NotificationView): string {
  switch (item.kind) {
    case 'boardComment':
    case 'boardVote':
    case 'boardMember':
      return `/Board?id=${item.boardId}`;
    case 'orderQuoted':
      return `/Order?id=${item.orderId}`;
    case 'licenceIssued':
      return '/OrderList';
    case 'purchaseRequested':
      return '/PurchaseRequests?tab=company';
    case 'purchaseDecided':
      return item.approved && item.orderId ? `/Order?id=${item.orderId}` : '/PurchaseRequests';
  }
}
