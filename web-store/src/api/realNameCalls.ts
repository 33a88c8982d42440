import { ID_PHOTO_MAX_BYTES, ID_PHOTO_TYPES, type IdPhotoSide, type IdPhotoUploadLink, type IdPhotoView, RealNameCalls, type RealNameView } from '@mkt/contracts/web';
import { ApiError, type CallOptions, NO_RESPONSE, post } from './client';

/** The contributor's real-name check (identity): its state, the ID-card photos and the submission. */
export const realNameCalls = {
  status: (options?: CallOptions) => post<RealNameView>(RealNameCalls.status, {}, options),
  submit: (request: { name: string; idNumber: string; portraitPhotoId: string; emblemPhotoId: string }) => post<RealNameView>(RealNameCalls.submit, request),
};

/** Why a chosen file cannot be an ID-card photo, before anything is sent; null when it can. */
export function idPhotoProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(ID_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > ID_PHOTO_MAX_BYTES) return 'size';
  return null;
}

/**
 * One ID-card photo: a signed link from identity, the bytes PUT straight into the private bucket,
 * then identity checks the content and keeps it. Returns the photo's id for the submission.
 */
export async function uploadIdPhoto(file: File, side: IdPhotoSide): Promise<IdPhotoView> {
  const link = await post<IdPhotoUploadLink>(RealNameCalls.photoLink, { side, contentType: file.type, size: file.size });
  const response = await fetch(link.url, { method: 'PUT', body: file, headers: { 'Content-Type': 'application/octet-stream' } });
  if (!response.ok) throw new ApiError(NO_RESPONSE, '', link.url);
  return post<IdPhotoView>(RealNameCalls.photoComplete, { photoId: link.photoId });
}
