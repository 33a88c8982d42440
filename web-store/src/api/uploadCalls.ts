import {
  UploadCalls,
  type ContributedMaterial,
  type DesktopUploaderResponse,
  type MaterialCenterTab,
  type MaterialDetailsRequest,
  type MaterialListResponse,
  type MaterialUpdateRequest,
  type UploadKind,
  type UploadLimitsResponse,
  type UploadStsResponse,
  type UploadTokenResponse,
} from '@mkt/contracts/web';
import type { UploadTransport } from '../uploads/uploader';
import { ApiError, NO_RESPONSE, post } from './client';

/** Upload, material-centre and sample calls of contributors (spec section 7 "Upload and download"). */
export const uploadCalls = {
  limits: () => post<UploadLimitsResponse>(UploadCalls.limits),
  desktopUploader: () => post<DesktopUploaderResponse>(UploadCalls.desktopUploader),
  token: (kind: UploadKind, body: object, signal?: AbortSignal) =>
    post<UploadTokenResponse>(kind === 'video' ? UploadCalls.tokenVideo : UploadCalls.tokenPhoto, body, { signal }),
  sts: (filePath: string, partNumbers: number[], signal?: AbortSignal) => post<UploadStsResponse>(UploadCalls.sts, { filePath, partNumbers }, { signal }),
  success: (kind: UploadKind, body: object, signal?: AbortSignal) =>
    post<{ id: number; status: string }>(kind === 'video' ? UploadCalls.videoSuccess : UploadCalls.photoSuccess, body, { signal }),
  list: (tab: MaterialCenterTab, pageNo: number, pageSize: number) => post<MaterialListResponse>(UploadCalls.materialList, { tab, pageNo, pageSize }),
  detail: (id: number) => post<ContributedMaterial>(UploadCalls.materialDetail, { id }),
  update: (request: MaterialUpdateRequest) => post<ContributedMaterial>(UploadCalls.materialUpdate, request),
  details: (request: MaterialDetailsRequest) => post<ContributedMaterial>(UploadCalls.materialDetails, request),
  remove: (id: number) => post<null>(UploadCalls.materialDelete, { id }),
  resubmit: (request: MaterialUpdateRequest) => post<ContributedMaterial>(UploadCalls.materialResubmit, request),
  sample: (id: number) => post<{ url: string }>(UploadCalls.downloadSts, { id }),
};

/**
 * The uploader's transport: API calls for the session, plain PUTs of part bytes to the signed
 * links. The PUTs go through XMLHttpRequest, the browser API that reports upload progress (fetch
 * tells nothing until the whole body has gone).
 */
export const browserUploadTransport: UploadTransport = {
  token: (kind, file, signal) => uploadCalls.token(kind, file, signal),
  sts: (filePath, partNumbers, signal) => uploadCalls.sts(filePath, partNumbers, signal),
  success: (kind, body, signal) => uploadCalls.success(kind, body, signal),
  putPart: (url, body, signal, onSent) =>
    new Promise<void>((resolve, reject) => {
      const request = new XMLHttpRequest();
      const abort = () => request.abort();
      const settle = (outcome: () => void) => {
        signal.removeEventListener('abort', abort);
        outcome();
      };
      request.open('PUT', url);
      request.setRequestHeader('Content-Type', 'application/octet-stream');
      request.upload.onprogress = (event) => onSent?.(event.loaded);
      request.onload = () => settle(() => (request.status >= 200 && request.status < 300 ? resolve() : reject(new ApiError(NO_RESPONSE, '', url))));
      request.onerror = () => settle(() => reject(new ApiError(NO_RESPONSE, '', url)));
      request.onabort = () => settle(() => reject(new DOMException('The upload was paused', 'AbortError')));
      if (signal.aborted) return reject(new DOMException('The upload was paused', 'AbortError'));
      signal.addEventListener('abort', abort, { once: true });
      request.send(body);
    }),
};

/** Photo dimensions as the browser decodes them; null when the image cannot be read. */
export async function readImageDimensions(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
