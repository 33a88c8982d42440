import type { ApiEnvelope, Language } from '@mkt/contracts';

/** Translation key shown when the server gives no readable message (network down, proxy error). */
export const HTTP_ERROR_MESSAGE = 'ra.notification.http_error';

/**
 * A failed admin API call. `message` is the server's already localised message;
 * `status` and `body` follow react-admin's HttpError so its hooks read them the same way.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiEnvelope<null> | null;

  constructor(message: string, status: number, body: ApiEnvelope<null> | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's error code (see ErrorCode), when the body carried one. */
  get code(): number | undefined {
    return typeof this.body?.code === 'number' ? this.body.code : undefined;
  }
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export type HttpClient = (url: string, init?: RequestInit) => Promise<HttpResponse>;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpClientDeps {
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: FetchLike;
  getToken: () => string | null;
  getLanguage: () => Language;
}

function isEnvelope(value: unknown): value is ApiEnvelope<null> {
  return typeof value === 'object' && value !== null && 'message' in value;
}

/**
 * fetch with the console's headers (Bearer token, Accept-Language) that parses JSON and turns
 * any non-2xx answer into an {@link ApiError}. Same result shape as react-admin's fetchJson, so
 * ra-data-simple-rest can use it as its httpClient.
 */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const doFetch: FetchLike = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return async (url, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    headers.set('Accept-Language', deps.getLanguage());
    // FormData (file uploads) sets its own multipart boundary.
    if (init.body != null && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
      headers.set('Content-Type', 'application/json');
    }
    const token = deps.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let response: Response;
    try {
      response = await doFetch(url, { ...init, headers });
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw new ApiError(HTTP_ERROR_MESSAGE, 0);
    }

    const text = await response.text();
    let json: unknown = null;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }
    if (!response.ok) {
      const body = isEnvelope(json) ? json : null;
      const message = body && typeof body.message === 'string' && body.message ? body.message : HTTP_ERROR_MESSAGE;
      throw new ApiError(message, response.status, body);
    }
    return { status: response.status, headers: response.headers, body: text, json };
  };
}
