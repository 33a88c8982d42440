import {
  RELEASE_MAX_BYTES,
  RELEASE_TYPES,
  ReleaseCalls,
  type ReleaseKind,
  type ReleaseListResponse,
  type ReleaseUploadLink,
  type ReleaseView,
} from '@mkt/contracts/web';
import { ApiError, type CallOptions, NO_RESPONSE, post } from './client';

/** The contributor's model and property releases (uploads service). */
export const releaseCalls = {
  list: (kind?: ReleaseKind, options?: CallOptions) => post<ReleaseListResponse>(ReleaseCalls.list, { ...(kind ? { kind } : {}), pageSize: 100 }, options),
  view: (id: string) => post<{ url: string; expiresInSeconds: number }>(ReleaseCalls.view, { id }),
  remove: (id: string) => post<null>(ReleaseCalls.delete, { id }),
};

/** Whether a chosen file cannot be a release (type or size), before anything is sent. */
export function releaseFileProblem(file: Pick<File, 'type' | 'size'>): boolean {
  return !(RELEASE_TYPES as readonly string[]).includes(file.type) || file.size > RELEASE_MAX_BYTES || file.size === 0;
}

/**
 * One release: a signed link from the uploads service, the bytes PUT straight into the private
 * bucket, then the server checks the content and keeps it.
 */
export async function uploadRelease(file: File, details: { kind: ReleaseKind; name: string; signedOn: string }): Promise<ReleaseView> {
  const link = await post<ReleaseUploadLink>(ReleaseCalls.link, { ...details, contentType: file.type, size: file.size });
  const response = await fetch(link.url, { method: 'PUT', body: file, headers: { 'Content-Type': 'application/octet-stream' } });
  if (!response.ok) throw new ApiError(NO_RESPONSE, '', link.url);
  return post<ReleaseView>(ReleaseCalls.complete, { id: link.id });
}
