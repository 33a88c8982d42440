import {
  SIGNING_IMAGE_MAX_BYTES,
  SIGNING_IMAGE_TYPES,
  SIGNING_RESUME_MAX_BYTES,
  type SigningApplicationView,
  SigningCalls,
  type SigningFileKind,
  type SigningFileLink,
  type SigningFileView,
  type SigningStatusView,
} from '@mkt/contracts/web';
import { type CallOptions, post } from './client';
import { putWithProgress } from './signedPut';

/** What /join sends: the draft's fields as the server takes them, with the photographer profile. */
export interface SigningSubmission {
  platforms: { platform: string; url: string }[];
  videoLinks: string[];
  realName: string;
  idNumber: string;
  address: string;
  wechatId: string;
  quantity: number | null;
  creationForms: string[];
  themes: string[];
  imageIds: string[];
  profile: { residentArea: string; intro: string; mainServices: string; socialAccounts: string; resumeFileId: string | null };
}

/** The signing application's calls (identity): each acts on the signed-in user's own applications. */
export const signingCalls = {
  status: (options?: CallOptions) => post<SigningStatusView>(SigningCalls.status, {}, options),
  submit: (submission: SigningSubmission) => post<SigningApplicationView>(SigningCalls.submit, submission),
};

/** Why a chosen file cannot be sent as `kind`, before anything is sent; null when it can. */
export function signingFileProblem(file: Pick<File, 'type' | 'size' | 'name'>, kind: SigningFileKind): 'type' | 'size' | null {
  if (kind === 'image') {
    if (!(SIGNING_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
    return file.size > SIGNING_IMAGE_MAX_BYTES ? 'size' : null;
  }
  // Some systems give PDFs no type; the server reads the bytes either way.
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return 'type';
  return file.size > SIGNING_RESUME_MAX_BYTES ? 'size' : null;
}

/**
 * One file of the application: a signed link from identity, the bytes PUT straight into storage
 * (through XMLHttpRequest, the one browser API that reports upload progress), then identity
 * checks the content and keeps it.
 */
export async function uploadSigningFile(file: File, kind: SigningFileKind, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<SigningFileView> {
  const contentType = kind === 'resume' ? 'application/pdf' : file.type;
  const link = await post<SigningFileLink>(SigningCalls.fileLink, { kind, contentType, size: file.size });
  await putWithProgress(link.url, file, onProgress, signal);
  return post<SigningFileView>(SigningCalls.fileComplete, { fileId: link.fileId });
}
