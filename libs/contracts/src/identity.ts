import { z } from 'zod';
import { LICENCE_DURATIONS, LICENCE_REGIONS, PROJECT_TYPES } from './orders.js';

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

const account = z.string().trim().min(1).max(254);

export const sendCodeRequestSchema = z.object({ account });
export type SendCodeRequest = z.infer<typeof sendCodeRequestSchema>;
export interface SendCodeResponse {
  /** Seconds until another code may be requested (the countdown on the login page). */
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

export const loginRequestSchema = z.object({
  account,
  code: z.string().trim().regex(/^\d{6}$/, 'code must be 6 digits'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

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

export const staffLoginRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequestSchema>;

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

export const staffCreateSchema = z.object({
  username: z.string().trim().min(3).max(64).regex(/^[a-z0-9._-]+$/i),
  displayName: z.string().trim().min(1).max(100),
  password: z.string().min(8).max(200),
  roles: z.array(z.enum(STAFF_ROLES)).min(1),
});
export type StaffCreate = z.infer<typeof staffCreateSchema>;

/** An empty password field in the console's edit form means "keep the password". */
const optionalNewPassword = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.string().min(8).max(200).optional(),
);

export const staffUpdateSchema = z.object({
  displayName: z.string().trim().min(1).max(100).optional(),
  password: optionalNewPassword,
  roles: z.array(z.enum(STAFF_ROLES)).min(1).optional(),
  disabled: z.boolean().optional(),
});
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

/** Fields staff may change on a user from the console. */
export const userAdminUpdateSchema = z
  .object({
    gid: z.number().int().min(0).max(999),
    signFlag: z.boolean(),
    verity: z.boolean(),
    videoFlag: z.boolean(),
    photoFlag: z.boolean(),
    disabled: z.boolean(),
    nickname: z.string().trim().min(1).max(60),
    customerId: z.string().trim().max(64).nullable(),
    customerStatus: z.number().int().min(0).max(9).nullable(),
    customerType: z.number().int().min(0).max(9).nullable(),
    projectId: z.string().trim().max(64).nullable(),
    enterpriseAdmin: z.boolean(),
  })
  .partial();
export type UserAdminUpdate = z.infer<typeof userAdminUpdateSchema>;

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
const projectFields = {
  name: z.string().trim().min(1).max(100),
  customerId: z.string().trim().min(1).max(64),
  companyName: z.string().trim().min(1).max(100),
  /** 0 not started, 1 in progress, 2 ended (PROJECT_STATUSES). */
  status: z.number().int().min(0).max(2),
  videoBranches: z.number().int().min(0).max(1_000_000),
  photoBranches: z.number().int().min(0).max(1_000_000),
  projectType: z.enum(PROJECT_TYPES),
  region: z.enum(LICENCE_REGIONS),
  duration: z.enum(LICENCE_DURATIONS),
  purpose: z.string().trim().min(1).max(200),
  /** The last moment downloads are allowed (an instant; the console enters it in UTC+8); null: until staff end the project. */
  validUntil: z.iso.datetime({ offset: true }).nullable(),
};
export const projectCreateSchema = z.object(projectFields).extend({ id: z.string().trim().regex(PROJECT_ID_PATTERN) });
export type ProjectCreate = z.output<typeof projectCreateSchema>;
export const projectUpdateSchema = z.object(projectFields).partial();
export type ProjectUpdate = z.output<typeof projectUpdateSchema>;
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
