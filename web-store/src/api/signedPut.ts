import { ApiError, NO_RESPONSE } from './client';

/**
 * PUTs bytes to a signed storage link through XMLHttpRequest, the one browser API that reports
 * upload progress. A refusal or a lost connection rejects with an ApiError the pages word as a
 * transfer failure; an abort rejects with an AbortError.
 */
export function putWithProgress(url: string, body: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new ApiError(NO_RESPONSE, '', url));
    };
    request.onerror = () => reject(new ApiError(NO_RESPONSE, '', url));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
