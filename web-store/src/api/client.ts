import {
  ACCESS_TOKEN_HEADER,
  type ApiEnvelope,
  ErrorCode,
  httpStatusOf,
  type Language,
  STORE_API_PREFIX,
} from '@mkt/contracts/web';
import { endsSession } from './authLoss';
import { tokenStorage } from './tokenStorage';

/**
 * The one way the store talks to its API: POST JSON to `/api` + path, with the access token and
 * the UI language, unwrapping the `{ code, success, message, data }` envelope.
 */

/** Raised for a non-zero envelope code, or for a failure that never produced an envelope. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** An {@link ErrorCode}, or {@link NO_RESPONSE} when the server did not answer with an envelope. */
    readonly code: number,
    message: string,
    readonly path: string,
    /** The server's id of the failed request (`x-request-id`), which its logs are searched by. */
    readonly requestId: string | null = null,
  ) {
    super(message);
  }

  /** True when `message` came from the server, already in the user's language. */
  get hasServerMessage(): boolean {
    return this.code !== NO_RESPONSE && this.message !== '';
  }
}

/** Network failure, timeout, or a response that is not the API envelope. */
export const NO_RESPONSE = -1;

/** What to show for a failed call: the server's own message when it gave one (already in the user's language), else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage ? error.message : fallback;
}

/**
 * Whether asking again may help: no answer, or the server's own trouble (5xx). A refusal (a
 * material that does not exist, a request the rules forbid) answers the same the second time.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code === NO_RESPONSE) return true;
  return ((httpStatusOf as Record<number, number | undefined>)[error.code] ?? 500) >= 500;
}

export interface ApiClientHooks {
  language(): Language;
  /** Called after the token was cleared because the server ended the session. */
  onSessionEnded(): void;
}

let hooks: ApiClientHooks = {
  language: () => 'zh-CN',
  onSessionEnded: () => undefined,
};

export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export async function post<T>(path: string, body: object = {}, options: CallOptions = {}): Promise<T> {
  return unwrap<T>(path, await send(path, 'POST', body, options));
}

/** multipart/form-data (the payment voucher): same headers, envelope and session handling as JSON calls. */
export async function postForm<T>(path: string, form: FormData, options: CallOptions = {}): Promise<T> {
  return unwrap<T>(path, await send(path, 'POST', form, options));
}

/** The few calls the spec marks as GET (e.g. /hotword): same envelope, no body. */
export async function get<T>(path: string, options: CallOptions = {}): Promise<T> {
  return unwrap<T>(path, await send(path, 'GET', null, options));
}

/**
 * A call that answers with a file (a CSV export) rather than the envelope: the file's bytes, or
 * the envelope's error thrown as any call's is.
 */
export async function postForFile(path: string, body: object = {}, options: CallOptions = {}): Promise<Blob> {
  const response = await request(path, 'POST', body, options, '*/*');
  if (!(response.headers.get('content-type') ?? '').startsWith('application/json') && response.ok) return response.blob();
  unwrap<never>(path, await read(path, response));
  throw new ApiError(NO_RESPONSE, '', path);
}

function unwrap<T>(path: string, { envelope, requestId }: Answer): T {
  if (envelope.code !== ErrorCode.OK) {
    if (endsSession(path, envelope.code)) {
      tokenStorage.clear();
      hooks.onSessionEnded();
    }
    throw new ApiError(envelope.code, envelope.message ?? '', path, requestId);
  }
  return envelope.data as T;
}

interface Answer {
  envelope: ApiEnvelope;
  requestId: string | null;
}

async function send(path: string, method: 'GET' | 'POST', body: object | FormData | null, options: CallOptions): Promise<Answer> {
  return read(path, await request(path, method, body, options, 'application/json'));
}

async function request(path: string, method: 'GET' | 'POST', body: object | FormData | null, options: CallOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: accept,
    'Accept-Language': hooks.language(),
  };
  const isForm = body instanceof FormData;
  // A form's Content-Type carries its multipart boundary: the browser writes it.
  if (body !== null && !isForm) headers['Content-Type'] = 'application/json';
  const token = tokenStorage.get();
  if (token) headers[ACCESS_TOKEN_HEADER] = token;

  try {
    return await fetch(`${STORE_API_PREFIX}${path}`, {
      method,
      headers,
      body: body === null ? undefined : isForm ? body : JSON.stringify(body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NO_RESPONSE, '', path);
  }
}

/** Error statuses still carry the envelope (the status only tells the class), so the body is read whatever the status is. */
async function read(path: string, response: Response): Promise<Answer> {
  const requestId = response.headers.get('x-request-id');
  const payload: unknown = await response.json().catch(() => null);
  if (!isEnvelope(payload)) throw new ApiError(NO_RESPONSE, '', path, requestId);
  return { envelope: payload, requestId };
}

function isEnvelope(value: unknown): value is ApiEnvelope {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}
