import {
  type SigningApplicationView,
  type SigningDraft,
  type SigningField,
  type SigningProblem,
  type PhotographerProfileView,
  normaliseIdNumber,
  signingDraftProblems,
} from '@mkt/contracts/web';
import type { SigningSubmission } from '../../api/signingCalls';

/**
 * The /join form as the page holds it: text as typed, and the images by the state of their
 * upload. Only finished uploads count towards the spec's 20, so a form with uploads still
 * running is refused with "wait for uploads to finish", not with a count that is about to change.
 */
export interface JoinForm {
  platforms: { platform: string; url: string }[];
  videoLinks: string[];
  realName: string;
  idNumber: string;
  address: string;
  wechatId: string;
  quantity: string;
  creationForms: string[];
  themes: string[];
  residentArea: string;
  intro: string;
  mainServices: string;
  socialAccounts: string;
}

export function emptyForm(): JoinForm {
  return {
    platforms: [{ platform: 'xinpianchang', url: '' }],
    videoLinks: [''],
    realName: '',
    idNumber: '',
    address: '',
    wechatId: '',
    quantity: '',
    creationForms: [],
    themes: [],
    residentArea: '',
    intro: '',
    mainServices: '',
    socialAccounts: '',
  };
}

/** Applying again starts from what was sent last time, but for the ID number, which only comes back masked. */
export function formFrom(previous: SigningApplicationView | null, profile: PhotographerProfileView | null): JoinForm {
  const form = emptyForm();
  if (previous) {
    Object.assign(form, {
      platforms: previous.platforms.map((entry) => ({ ...entry })),
      videoLinks: previous.videoLinks.length > 0 ? [...previous.videoLinks] : [''],
      realName: previous.realName,
      address: previous.address,
      wechatId: previous.wechatId,
      quantity: String(previous.quantity),
      creationForms: [...previous.creationForms],
      themes: [...previous.themes],
    });
  }
  if (profile) Object.assign(form, { residentArea: profile.residentArea, intro: profile.intro, mainServices: profile.mainServices, socialAccounts: profile.socialAccounts });
  return form;
}

/** A typed quantity: whole digits only (spaces and thousands separators people type are dropped). */
export function parseQuantity(text: string): number | null {
  const digits = text.replace(/[\s,，]/g, '');
  if (!digits) return null;
  return /^\d{1,15}$/.test(digits) ? Number(digits) : Number.NaN;
}

/** What the rules see: empty rows the form keeps for typing into are not entries. */
export function draftOf(form: JoinForm, imageIds: string[]): SigningDraft {
  return {
    platforms: form.platforms.filter((entry) => entry.url.trim() !== '').map((entry) => ({ platform: entry.platform as SigningDraft['platforms'][number]['platform'], url: entry.url.trim() })),
    videoLinks: form.videoLinks.map((link) => link.trim()).filter(Boolean),
    realName: form.realName,
    idNumber: form.idNumber,
    address: form.address,
    wechatId: form.wechatId,
    quantity: parseQuantity(form.quantity),
    creationForms: form.creationForms,
    themes: form.themes,
    imageIds,
  };
}

export function submissionOf(form: JoinForm, imageIds: string[], resumeFileId: string | null): SigningSubmission {
  const draft = draftOf(form, imageIds);
  return {
    ...draft,
    realName: draft.realName.trim(),
    idNumber: normaliseIdNumber(draft.idNumber),
    address: draft.address.trim(),
    wechatId: draft.wechatId.trim(),
    profile: { residentArea: form.residentArea.trim(), intro: form.intro.trim(), mainServices: form.mainServices.trim(), socialAccounts: form.socialAccounts.trim(), resumeFileId },
  };
}

/** The first problem of each field, for the message under it. */
export function problemsByField(form: JoinForm, imageIds: string[]): Partial<Record<SigningField, SigningProblem>> {
  const byField: Partial<Record<SigningField, SigningProblem>> = {};
  for (const problem of signingDraftProblems(draftOf(form, imageIds))) byField[problem.field] ??= problem;
  return byField;
}
