import { z } from 'zod';
import { normaliseLine, normaliseText } from '../text.js';
import { normaliseIdNumber } from './api.js';
import {
  PROFILE_LIMITS,
  SHARING_PLATFORMS,
  SIGNING_ADDRESS_MAX,
  SIGNING_FILE_KINDS,
  SIGNING_REJECT_REASON_MAX,
  SIGNING_STATUSES,
  SIGNING_URL_MAX,
} from './signing.js';

/*
 * The shapes of the signing calls. They check types, sizes and characters only: the rules a
 * person can break by filling the form wrongly (a missing field, 19 images, a cloud-drive link)
 * are signingDraftProblems, which the server turns into its own messages.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- line breaks and tabs are fine in a multi-line text
const CONTROL_CHARACTERS_BUT_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** One line as typed: control characters (NUL among them) are refused, not silently dropped. */
const line = (max: number) =>
  z
    .string()
    .max(max * 4)
    .refine((value) => !CONTROL_CHARACTERS.test(value), { message: 'no control characters' })
    .overwrite(normaliseLine)
    .max(max);

const paragraph = (max: number) =>
  z
    .string()
    .max(max * 4)
    .refine((value) => !CONTROL_CHARACTERS_BUT_BREAKS.test(value), { message: 'no control characters' })
    .overwrite((value) => normaliseText(value).trim())
    .max(max);

export const photographerProfileSchema = z.object({
  residentArea: line(PROFILE_LIMITS.residentArea).default(''),
  intro: paragraph(PROFILE_LIMITS.intro).default(''),
  mainServices: line(PROFILE_LIMITS.mainServices).default(''),
  socialAccounts: line(PROFILE_LIMITS.socialAccounts).default(''),
  resumeFileId: z.uuid().nullable().default(null),
});

export const signingSubmitSchema = z.object({
  platforms: z.array(z.object({ platform: z.enum(SHARING_PLATFORMS), url: line(SIGNING_URL_MAX) })).max(50),
  videoLinks: z.array(line(SIGNING_URL_MAX)).max(50),
  realName: line(50),
  idNumber: z
    .string()
    .max(30)
    .refine((value) => !CONTROL_CHARACTERS.test(value), { message: 'no control characters' })
    .transform(normaliseIdNumber),
  address: line(SIGNING_ADDRESS_MAX),
  wechatId: line(40),
  /** Any finite number or null: whether it is a whole number in range is a rule with its own message. */
  quantity: z.number().nullable(),
  creationForms: z.array(z.string().max(40)).max(20),
  themes: z.array(z.string().max(40)).max(40),
  imageIds: z.array(z.uuid()).max(100),
  profile: photographerProfileSchema.default({ residentArea: '', intro: '', mainServices: '', socialAccounts: '', resumeFileId: null }),
});
export type SigningSubmitRequest = z.output<typeof signingSubmitSchema>;

/** The declared type and size are checked by the service, so a wrong one gets the rule's own message. */
export const signingFileLinkSchema = z.object({
  kind: z.enum(SIGNING_FILE_KINDS),
  contentType: z.string().max(100),
  size: z.number().int().min(1).max(2 ** 40),
});
export type SigningFileLinkRequest = z.output<typeof signingFileLinkSchema>;
export const signingFileCompleteSchema = z.object({ fileId: z.uuid() });
export const signingDetailSchema = z.object({ id: z.uuid() });

// The console.
export const signingApproveSchema = z.object({ videoFlag: z.boolean(), photoFlag: z.boolean() });
export type SigningApproveRequest = z.output<typeof signingApproveSchema>;
export const signingRejectSchema = z.object({ reason: line(SIGNING_REJECT_REASON_MAX).pipe(z.string().min(1)) });
export const signingReviewFilterSchema = z
  .object({ q: z.string().max(100), status: z.enum(SIGNING_STATUSES), userId: z.uuid(), id: z.array(z.uuid()).max(500) })
  .partial();
