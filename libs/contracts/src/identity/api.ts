/**
 * Identity: sign-in, the session's user, staff and the console's users, projects and audit log.
 * No zod here, so the web apps can import it; request schemas are in ./schemas.ts.
 */
export type {
  LoginRequest,
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
}

export interface LoginResponse {
  token: string;
  user: UserView;
}

/** `/session`: data.verity, the user fields and data.signFlag. */
export type SessionResponse = UserView;

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
