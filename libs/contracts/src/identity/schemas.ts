import { z } from 'zod';
import { LICENCE_DURATIONS, LICENCE_REGIONS, PROJECT_TYPES } from '../orders/api.js';
import { lineText, normaliseLine } from '../text.js';
import { bigserialId, wholeNumber } from '../wire-numbers.js';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, EMAIL_PATTERN, NICKNAME_MAX_LENGTH, ID_PHOTO_MAX_BYTES, ID_PHOTO_SIDES, ID_PHOTO_TYPES, isResidentIdNumber, normaliseIdNumber, PROJECT_ID_PATTERN, REAL_NAME_PATTERN, STAFF_ROLES } from './api.js';

const account = z.string().trim().min(1).max(254);

export const sendCodeRequestSchema = z.object({ account });
export type SendCodeRequest = z.infer<typeof sendCodeRequestSchema>;

export const loginRequestSchema = z.object({
  account,
  code: z.string().trim().regex(/^\d{6}$/, 'code must be 6 digits'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const staffLoginRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequestSchema>;

export const staffCreateSchema = z.object({
  username: z.string().trim().min(3).max(64).regex(/^[a-z0-9._-]+$/i),
  displayName: lineText(1, 100),
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
  displayName: lineText(1, 100).optional(),
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
    nickname: lineText(1, 60),
    customerId: z.string().trim().max(64).nullable(),
    customerStatus: z.number().int().min(0).max(9).nullable(),
    customerType: z.number().int().min(0).max(9).nullable(),
    projectId: z.string().trim().max(64).nullable(),
    enterpriseAdmin: z.boolean(),
  })
  .partial();
export type UserAdminUpdate = z.infer<typeof userAdminUpdateSchema>;

const projectFields = {
  name: lineText(1, 100),
  customerId: z.string().trim().min(1).max(64),
  companyName: lineText(1, 100),
  /** 0 not started, 1 in progress, 2 ended (PROJECT_STATUSES). */
  status: z.number().int().min(0).max(2),
  videoBranches: z.number().int().min(0).max(1_000_000),
  photoBranches: z.number().int().min(0).max(1_000_000),
  projectType: z.enum(PROJECT_TYPES),
  region: z.enum(LICENCE_REGIONS),
  duration: z.enum(LICENCE_DURATIONS),
  purpose: lineText(1, 200),
  /** The last moment downloads are allowed (an instant; the console enters it in UTC+8); null: until staff end the project. */
  validUntil: z.iso.datetime({ offset: true }).nullable(),
};
export const projectCreateSchema = z.object(projectFields).extend({ id: z.string().trim().regex(PROJECT_ID_PATTERN) });
export type ProjectCreate = z.output<typeof projectCreateSchema>;
export const projectUpdateSchema = z.object(projectFields).partial();
export type ProjectUpdate = z.output<typeof projectUpdateSchema>;

/** Upper-cases a trailing x and drops spaces, as people type identity numbers. */
export const residentIdNumberSchema = z.string().max(30).transform(normaliseIdNumber).refine(isResidentIdNumber, { message: 'not a valid 18-character resident identity number' });

export const idPhotoLinkSchema = z.object({
  side: z.enum(ID_PHOTO_SIDES),
  contentType: z.enum(ID_PHOTO_TYPES),
  size: z.number().int().min(1).max(ID_PHOTO_MAX_BYTES),
});
export type IdPhotoLinkRequest = z.output<typeof idPhotoLinkSchema>;
export const idPhotoCompleteSchema = z.object({ photoId: z.uuid() });
export const realNameSubmitSchema = z.object({
  name: z.string().trim().min(2).max(50).regex(REAL_NAME_PATTERN, 'letters only'),
  idNumber: residentIdNumberSchema,
  portraitPhotoId: z.uuid(),
  emblemPhotoId: z.uuid(),
});
export type RealNameSubmitRequest = z.output<typeof realNameSubmitSchema>;
/** Console: staff reject a submission with a reason the contributor reads. */
export const realNameRejectSchema = z.object({ reason: lineText(1, 200) });
export const realNameReviewFilterSchema = z
  .object({ q: z.string().max(100), status: z.enum(['verifying', 'verified', 'rejected']), userId: z.uuid(), id: z.array(z.uuid()).max(500) })
  .partial();

// The user centre (UserCenterCalls).
/** NUL and other control characters are refused rather than silently dropped: a name is what the user typed. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HAS_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
export const nicknameUpdateSchema = z.object({
  nickname: z
    .string()
    .max(1000)
    .refine((value) => !HAS_CONTROL_CHARACTERS.test(value), { message: 'no control characters' })
    .overwrite(normaliseLine)
    .min(1)
    .max(NICKNAME_MAX_LENGTH),
});
export type NicknameUpdate = z.output<typeof nicknameUpdateSchema>;
export const avatarLinkSchema = z.object({
  contentType: z.enum(AVATAR_TYPES),
  size: z.number().int().min(1).max(AVATAR_MAX_BYTES),
});
export type AvatarLinkRequest = z.output<typeof avatarLinkSchema>;
export const avatarCompleteSchema = z.object({ avatarId: z.uuid() });
export const emailBindSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .regex(EMAIL_PATTERN, 'not an e-mail address')
    .transform((value) => value.toLowerCase()),
});
export type EmailBindRequest = z.output<typeof emailBindSchema>;
/** The token of a confirmation link: 43 URL-safe base64 characters (32 random bytes). */
export const emailConfirmSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a confirmation token') });

// The notification centre (NotificationCalls).
export const notificationListRequestSchema = z.object({ pageNo: wholeNumber(1, 100).default(1), pageSize: wholeNumber(1, 50).default(20) });
export const notificationReadRequestSchema = z.object({ ids: z.array(bigserialId()).max(200).optional() });
export const notificationSettingsRequestSchema = z.object({ mail: z.boolean() });
